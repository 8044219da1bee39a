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
 * A plugin of its own at the invoices' prefix. The send's body is optional: nothing, `{}` or a
 * body that is not JSON sends as it always did; `{acceptBuyerProblems: true}` is the clerk's
 * second click despite the buyer's problems for e-Factura (buyerCheck.ts), which the history then
 * names beside the send, in the transaction that marks it sent. Without the flag the server sends
 * as before: the screen is where the check stands in the clerk's way. The issue's body is ignored.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { InvoiceEventAction } from "../../../../contract/invoiceEvents";
import { restrictTo } from "../../../plugins/requireRole";
import { BODY_LIMITS } from "../../../bodyLimits";
import { jsonBodyParser } from "../../../jsonBody";
import { discardBody } from "../discardBody";
import { idParams } from "../params";
import { issueDateWindow } from "./invoiceDates";
import { InvoiceSendAnswer, invoiceSendBody } from "../../../../contract/schemas/invoices";
import { sentDespiteBuyerProblems } from "../../../../contract/buyerProblemMessages";
import type { BuyerProblem } from "../../../../contract/buyerProblems";
import { invoiceBuyerCheck, type LastKnownAnafState } from "./buyerCheck";
import { outcomeOf, recordInvoiceEvent } from "./invoiceHistory";
import { refusePlainSendOfProformaInvoice } from "./proformaInvoice";
import { sendInvoice, type SendOptions } from "./sendInvoice";
import { auditOf, type KindOptions, scopeOf } from "./documentKinds";

export const invoiceSendRoutes = (lastKnownAnafState: LastKnownAnafState): FastifyPluginAsyncTypebox<KindOptions> => async (app, { kind }) => {
  restrictTo(app, kind.resource);
  // A JSON body is read (the send's flag); an empty one, or any other type, is read to its end and kept as none.
  app.removeAllContentTypeParsers();
  const json = jsonBodyParser(app);
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: BODY_LIMITS.unread }, (request, text, done) => {
    const body = String(text);
    if (body.trim() === "") done(null, undefined);
    else json.call(app, request, body, done);
  });
  app.addContentTypeParser("*", discardBody);

  /**
   * One send, in the history as `action` (and, when SmartBill issued it, in the audit log);
   * `accepted`: the buyer's problems the clerk chose to send despite, named in the history too.
   */
  const send = async (
    request: FastifyRequest,
    invoiceId: number,
    action: InvoiceEventAction,
    options: Omit<SendOptions, "issueDates">,
    accepted: readonly BuyerProblem[] = [],
  ) => {
    const user = { id: request.user.id, email: request.user.email };
    try {
      const result = await sendInvoice(
        app.db,
        kind,
        request.tenantId,
        invoiceId,
        app.smartBillUrls,
        async (trx, sent) => {
          const number = [sent.series, sent.number].filter(Boolean).join(" ") || null;
          // Only an invoice SmartBill issued is in the audit log: a refusal or a failure changed nothing there.
          await request.audit(trx, { target: invoiceId, targetLabel: number, result: sent.message || null });
          if (accepted.length > 0) {
            await recordInvoiceEvent(trx, {
              invoiceId,
              action: "buyerProblemsAccepted",
              outcome: "ok",
              user,
              answer: sentDespiteBuyerProblems(accepted.map((problem) => problem.message)),
              detail: { problems: accepted },
            });
          }
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
    {
      config: { audit: auditOf(kind, "send") },
      schema: { params: idParams("id"), body: invoiceSendBody, response: { 200: InvoiceSendAnswer } },
    },
    async (request) => {
      const id = request.params.id;
      await refusePlainSendOfProformaInvoice(app.db, scopeOf(request, kind), id);
      // The problems as they are now, not as the screen last saw them: the history names what was really accepted.
      const accepted = request.body?.acceptBuyerProblems ? ((await invoiceBuyerCheck(app.db, scopeOf(request, kind), id, lastKnownAnafState))?.problems ?? []) : [];
      return send(request, id, "send", {}, accepted);
    },
  );

  app.post(
    "/:id/issue",
    { config: { audit: auditOf(kind, "issue") }, schema: { params: idParams("id"), response: { 200: InvoiceSendAnswer } } },
    (request) => send(request, request.params.id, "issue", { issueDraft: true }),
  );
};
