/**
 * 'Anulează' and 'Restaurează' a sent invoice in SmartBill:
 *
 *   POST /{id}/cancel    PUT /invoice/cancel  → {message, invoice} (cancelled: true)
 *   POST /{id}/restore   PUT /invoice/restore → {message, invoice} (cancelled: false)
 *
 * Both are idempotent as SmartBill's are: a repeat is no error there ("… este deja anulata."),
 * so none here either; the invoice keeps the time it was first cancelled. The body is ignored.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { timestamp } from "../../../db/timestamps";
import { discardBody } from "../discardBody";
import { invoiceActionAnswer, invoiceName } from "./actionAnswer";
import { InvoiceActionAnswer } from "../../../../contract/schemas/invoiceActions";
import { afterSend } from "./afterSend";
import { invoiceIdParams } from "./schemas";
import { auditOf, type KindOptions } from "./documentKinds";
import { recountReceivable } from "./receivable";

export const invoiceCancelRoutes: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  // The client may post `{}`, nothing, or an empty JSON body: none of it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", discardBody);
  const schema = { params: invoiceIdParams, response: { 200: InvoiceActionAnswer } };

  app.post("/:id/cancel", { config: { audit: auditOf(kind, "cancel") }, schema }, async (request) => {
    const invoice = await afterSend(app, request, kind, request.params.id, "cancel", async ({ invoice, client }) => {
      const answer = await client.cancelInvoice(invoice.ref, kind.smartBill);
      return {
        result: invoice,
        answer,
        write: async (trx) => {
          const now = timestamp();
          await trx.updateTable("invoices").set({ cancelledAt: now, updatedAt: now }).where("id", "=", invoice.id).where("cancelledAt", "is", null).execute();
          await recountReceivable(trx, invoice.id);
        },
      };
    });
    return invoiceActionAnswer(app.db, invoice, kind.words.cancelled(invoiceName(invoice)));
  });

  app.post("/:id/restore", { config: { audit: auditOf(kind, "restore") }, schema }, async (request) => {
    const invoice = await afterSend(app, request, kind, request.params.id, "restore", async ({ invoice, client }) => {
      const answer = await client.restoreInvoice(invoice.ref, kind.smartBill);
      return {
        result: invoice,
        answer,
        write: async (trx) => {
          await trx.updateTable("invoices").set({ cancelledAt: null, updatedAt: timestamp() }).where("id", "=", invoice.id).where("cancelledAt", "is not", null).execute();
          await recountReceivable(trx, invoice.id);
        },
      };
    });
    return invoiceActionAnswer(app.db, invoice, kind.words.restored(invoiceName(invoice)));
  });
};
