/**
 * The invoices' list and the edit screen's form:
 *
 *   GET /        Invoice[] (no lines), or {content, totalElements} with page/size; ?status=, ?clientId=
 *   GET /{id}    Invoice with `products` (its lines; the spec's name for them)
 *   PUT /{id}    InvoiceUpdate → the Invoice; 409 when stale, being sent or sent
 *
 * The form's PUT carries the version it was edited from and bumps it.
 */
import type { FastifyPluginAsync } from "fastify";
import type { Invoice, InvoiceStatus, InvoiceUpdate, ListParams, Page } from "../../../../contract/api";
import { HttpError } from "../../../errors";
import { invoiceMessages } from "../../../messages";
import { listQuerystringFor } from "../listQuery";
import { refuseFrozen, stale } from "./editGuards";
import { checkForm, checkReferences, type FormBody } from "./invoiceForm";
import { findInvoiceState, getInvoice, invoiceList, listInvoices, updateInvoiceForm } from "./invoices.repository";
import { invoiceIdParams, invoiceUpdateSchema } from "./schemas";

type UpdateBody = FormBody & Pick<InvoiceUpdate, "version"> & { id?: number };

const listSchema = listQuerystringFor(invoiceList);

export const invoiceFormRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListParams & { status?: InvoiceStatus; clientId?: number }; Reply: Invoice[] | Page<Invoice> }>(
    "/",
    { schema: { querystring: listSchema } },
    (request) => listInvoices(app.db, request.tenantId, request.query),
  );

  app.get<{ Params: { id: number }; Reply: Invoice }>("/:id", { schema: { params: invoiceIdParams } }, async (request) => {
    const invoice = await getInvoice(app.db, request.tenantId, request.params.id);
    if (!invoice) throw new HttpError(404, invoiceMessages.notFound);
    return invoice;
  });

  app.put<{ Params: { id: number }; Body: UpdateBody }>(
    "/:id",
    { schema: { params: invoiceIdParams, body: invoiceUpdateSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const { tenantId, body } = request;
      if (body.id !== undefined && body.id !== id) throw new HttpError(400, invoiceMessages.invoiceIdMismatch);
      const state = await findInvoiceState(app.db, tenantId, id);
      if (!state) throw new HttpError(404, invoiceMessages.notFound);
      refuseFrozen(state.status);
      if (state.version !== body.version) return stale(reply, state.version);
      const form = checkForm(body, "update");
      await checkReferences(app.db, tenantId, form);
      if (!(await updateInvoiceForm(app.db, tenantId, id, body.version, form))) {
        // Changed between the read and the write: say why, as it is now.
        const now = await findInvoiceState(app.db, tenantId, id);
        if (!now) throw new HttpError(404, invoiceMessages.notFound);
        refuseFrozen(now.status);
        return stale(reply, now.version);
      }
      return (await getInvoice(app.db, tenantId, id))!;
    },
  );
};
