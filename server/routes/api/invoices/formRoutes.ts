/**
 * The invoices' list and the edit screen's form:
 *
 *   GET /        Invoice[] (no lines), or {content, totalElements} with page/size; ?status=, ?clientId=,
 *                and the filters over what is owed (invoiceListFilters.ts)
 *   GET /{id}    Invoice with `products` (its lines; the spec's name for them)
 *   PUT /{id}    InvoiceUpdate → the Invoice; 409 when stale, being sent or sent
 *
 * The form's PUT carries the version it was edited from and bumps it.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { BODY_LIMITS } from "../../../bodyLimits";
import { HttpError } from "../../../errors";
import { invoiceMessages } from "../../../messages";
import { audited } from "../../../plugins/audit";
import { listAnswer } from "../../../../contract/schemas/answers";
import { listQuerystringFor } from "../listQuery";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { refuseFrozen, stale } from "./editGuards";
import { issueDateWindow } from "./invoiceDates";
import { checkForm, checkReferences } from "./invoiceForm";
import { findInvoiceState, getInvoice, invoiceList, listInvoices, updateInvoiceForm } from "./invoices.repository";
import { InvoiceSchema, invoiceUpdateSchema } from "../../../../contract/schemas/invoices";
import { invoiceIdParams } from "./schemas";
import { auditOf, type KindOptions, scopeOf } from "./documentKinds";

const listSchema = listQuerystringFor(invoiceList);

export const invoiceFormRoutes: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  const notFound = () => new HttpError(404, kind.words.notFound);
  app.get(
    "/",
    { schema: { querystring: listSchema, response: { 200: listAnswer(InvoiceSchema) } } },
    (request) => listInvoices(app.db, scopeOf(request, kind), request.query, romanianDate(app.now())),
  );

  app.get("/:id", { schema: { params: invoiceIdParams, response: { 200: InvoiceSchema } } }, async (request) => {
    const invoice = await getInvoice(app.db, scopeOf(request, kind), request.params.id, romanianDate(app.now()));
    if (!invoice) throw notFound();
    return invoice;
  });

  app.put(
    "/:id",
    // The form may come back with its lines (react-admin sends the record it loaded), up to 400.
    { bodyLimit: BODY_LIMITS.invoice, config: { audit: auditOf(kind, "update") }, schema: { params: invoiceIdParams, body: invoiceUpdateSchema, response: { 200: InvoiceSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const { tenantId, body } = request;
      const scope = scopeOf(request, kind);
      if (body.id !== undefined && body.id !== id) throw new HttpError(400, invoiceMessages.invoiceIdMismatch);
      const state = await findInvoiceState(app.db, scope, id);
      if (!state) throw notFound();
      refuseFrozen(state.status);
      if (state.version !== body.version) return stale(reply, state.version);
      const form = checkForm(body, "update", issueDateWindow(app.config, Date.now()));
      await checkReferences(app.db, tenantId, form);
      const saved = await audited(
        request,
        app.db,
        (trx) => updateInvoiceForm(trx, scope, id, body.version, form),
        (updated) => (updated ? { target: id } : undefined),
      );
      if (!saved) {
        // Changed between the read and the write: say why, as it is now.
        const now = await findInvoiceState(app.db, scope, id);
        if (!now) throw notFound();
        refuseFrozen(now.status);
        return stale(reply, now.version);
      }
      return (await getInvoice(app.db, scope, id, romanianDate(app.now())))!;
    },
  );
};
