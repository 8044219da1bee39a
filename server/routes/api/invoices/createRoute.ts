/**
 * 'Factură nouă' / 'Proformă nouă': POST / with the form → 201 the new document, of the route's
 * kind, a draft without lines (they are added on its screen, as on an imported one's). The form
 * is checked as PUT checks it (invoiceForm.ts: trimmed, every problem named at once, the client
 * and the warehouse the tenant's); nothing is written when it is refused.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { InvoiceSchema, invoiceCreateSchema } from "../../../../contract/schemas/invoices";
import { audited } from "../../../plugins/audit";
import { auditOf, type KindOptions, notFoundIn, scopeOf } from "./documentKinds";
import { issueDateWindow } from "./invoiceDates";
import { checkForm, checkReferences } from "./invoiceForm";
import { getInvoice, insertInvoice } from "./invoices.repository";

export const invoiceCreateRoute: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  app.post(
    "/",
    { config: { audit: auditOf(kind, "create") }, schema: { body: invoiceCreateSchema, response: { 201: InvoiceSchema } } },
    async (request, reply) => {
      const scope = scopeOf(request, kind);
      const form = checkForm(request.body, "update", issueDateWindow(app.config, Date.now()));
      await checkReferences(app.db, scope.tenantId, form);
      const id = await audited(
        request,
        app.db,
        (trx) => insertInvoice(trx, scope, form, []),
        (created) => ({ target: created }),
      );
      const invoice = await getInvoice(app.db, scope, id);
      if (!invoice) throw notFoundIn(scope);
      return reply.code(201).send(invoice);
    },
  );
};
