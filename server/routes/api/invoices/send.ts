/**
 * Sending an imported invoice to SmartBill exactly once (the state machine is sendInvoice.ts),
 * for the invoicing role and the super-admin:
 *
 *   POST /send/{id}   the invoice, as its form says (a final invoice, or a SmartBill draft)
 *   POST /{id}/issue  'Emite factura': a SmartBill draft sent earlier, sent again as a final
 *                     invoice (SmartBill's API cannot number a draft it holds; the draft stays
 *                     there, not fiscal, for the clerk to delete)
 *
 *   200 InvoiceSendResult  SmartBill answered: issued (status sent) or refused (importResult.errorText)
 *   400 / 404 / 409        refused here, nothing sent (no client, no lines, a stale VAT, already sent, in progress)
 *   429 / 502 / 504        SmartBill could not be asked, or its answer was lost ({message} says which)
 *
 * A plugin of its own at the invoices' prefix: the body is empty and ignored, whatever its type.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { InvoiceEventAction } from "../../../../contract/invoiceEvents";
import { restrictTo } from "../../../plugins/requireRole";
import { discardBody } from "../discardBody";
import { idParams } from "../params";
import { issueDateWindow } from "./invoiceDates";
import { InvoiceSendAnswer } from "../../../../contract/schemas/invoices";
import { outcomeOf, recordInvoiceEvent } from "./invoiceHistory";
import { sendInvoice, type SendOptions } from "./sendInvoice";

export const invoiceSendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "invoices");
  // The client may post `{}`, nothing, or an empty JSON body: none of it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", discardBody);

  /** One send, in the history as `action` (and, when SmartBill issued it, in the audit log). */
  const send = async (request: FastifyRequest, invoiceId: number, action: InvoiceEventAction, options: Omit<SendOptions, "issueDates">) => {
    const user = { id: request.user.id, email: request.user.email };
    try {
      const result = await sendInvoice(
        app.db,
        request.tenantId,
        invoiceId,
        app.smartBillUrls,
        async (trx, sent) => {
          const number = [sent.series, sent.number].filter(Boolean).join(" ") || null;
          // Only an invoice SmartBill issued is in the audit log: a refusal or a failure changed nothing there.
          await request.audit(trx, { target: invoiceId, targetLabel: number, result: sent.message || null });
          await recordInvoiceEvent(trx, { invoiceId, action, outcome: "ok", user, answer: sent.message || null, detail: { series: sent.series, number: sent.number } });
        },
        { ...options, issueDates: issueDateWindow(app.config, Date.now()) },
      );
      const refusal = result.importResult?.errorText;
      if (refusal) await recordInvoiceEvent(app.db, { invoiceId, action, outcome: "refused", user, answer: refusal });
      return result;
    } catch (error) {
      const ended = outcomeOf(error);
      if (ended) await recordInvoiceEvent(app.db, { invoiceId, action, user, ...ended });
      throw error;
    }
  };

  app.post(
    "/send/:id",
    { config: { audit: "invoices.send" }, schema: { params: idParams("id"), response: { 200: InvoiceSendAnswer } } },
    (request) => send(request, request.params.id, "send", {}),
  );

  app.post(
    "/:id/issue",
    { config: { audit: "invoices.issue" }, schema: { params: idParams("id"), response: { 200: InvoiceSendAnswer } } },
    (request) => send(request, request.params.id, "issue", { issueDraft: true }),
  );
};
