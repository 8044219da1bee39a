/**
 * 'Șterge din SmartBill': DELETE /{id}/smartbill → DELETE /invoice → {message, invoice}
 * (deletedFromSmartBill: true). SmartBill deletes only the last invoice of its series; its 403
 * for any other is its refusal (409 in its words, afterSend.ts), not a lockout. The invoice stays
 * here, marked deleted, and no further action is taken on it.
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

export const invoiceDeleteRoute: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  // A DELETE carries no body; one sent anyway is not read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", discardBody);

  app.delete(
    "/:id/smartbill",
    { config: { audit: auditOf(kind, "delete") }, schema: { params: invoiceIdParams, response: { 200: InvoiceActionAnswer } } },
    async (request) => {
      const invoice = await afterSend(app, request, kind, request.params.id, "delete", async ({ invoice, client }) => {
        const answer = await client.deleteInvoice(invoice.ref, kind.smartBill);
        return {
          result: invoice,
          answer,
          write: async (trx) => {
            const now = timestamp();
            await trx.updateTable("invoices").set({ deletedAt: now, updatedAt: now }).where("id", "=", invoice.id).execute();
            await recountReceivable(trx, invoice.id);
          },
        };
      });
      return invoiceActionAnswer(app.db, invoice, kind.words.deletedFromSmartBill(invoiceName(invoice)));
    },
  );
};
