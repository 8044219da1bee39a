/**
 * 'Duplică': POST /{id}/duplicate → 201 a new document of the same kind, started from that one:
 * its form and lines copied, the issue date today, a draft. Nothing of the send is copied (no
 * series and number, no SmartBill links, no proforma it came from): the copy is a document of its
 * own, sent on its own. Its history starts with `duplicated` ({fromId}); audited. The body is
 * ignored.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { InvoiceSchema } from "../../../../contract/schemas/invoices";
import { duplicatedFrom } from "../../../messages";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { discardBody } from "../discardBody";
import { auditOf, type KindOptions, notFoundIn, scopeOf } from "./documentKinds";
import { recordInvoiceEvent } from "./invoiceHistory";
import { getInvoice, insertInvoice } from "./invoices.repository";
import { invoiceIdParams } from "./schemas";
import { copiedForm, copiedLines } from "./copiedDocument";

export const invoiceDuplicateRoute: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  // The client may post `{}`, nothing, or an empty JSON body: none of it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", discardBody);

  app.post(
    "/:id/duplicate",
    { config: { audit: auditOf(kind, "duplicate") }, schema: { params: invoiceIdParams, response: { 201: InvoiceSchema } } },
    async (request, reply) => {
      const scope = scopeOf(request, kind);
      const fromId = request.params.id;
      const source = await getInvoice(app.db, scope, fromId);
      if (!source) throw notFoundIn(scope);
      // A new document is issued today, whenever the one it copies was.
      const form = copiedForm(source, { issueDate: romanianDate(Date.now()) });
      const lines = copiedLines(source);
      const user = { id: request.user.id, email: request.user.email };
      const id = await app.db.transaction().execute(async (trx) => {
        const created = await insertInvoice(trx, scope, form, lines);
        await recordInvoiceEvent(trx, { invoiceId: created, action: "duplicated", outcome: "ok", user, detail: { fromId } });
        const from = source.sentNumber ? `${source.sentSeries ?? ""} ${source.sentNumber}`.trim() : `#${fromId}`;
        await request.audit(trx, { target: created, result: duplicatedFrom(from) });
        return created;
      });
      const invoice = await getInvoice(app.db, scope, id);
      if (!invoice) throw notFoundIn(scope);
      return reply.code(201).send(invoice);
    },
  );
};
