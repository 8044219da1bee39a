/**
 * /api/products: the tenant's catalogue ('Nomenclator produse'), a plain tenant resource
 * (tenantResourceRoutes): list (search by code or name, filters by currency and service, sort),
 * read, add, edit, delete. The stock imports keep code, name and unit up to date.
 *
 * A product's VAT percent is its tax's in the tenant's SmartBill tax list, whatever was sent (a
 * stale 19 for 'Normala' is saved as the list's 21); a tax the list lacks is refused. Checked in
 * a preHandler, after the body's schema and before the generic route's transaction, since it may
 * ask SmartBill (a network call is no work for a write transaction).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import { HttpError } from "../../../errors";
import { messages } from "../../../messages";
import { roundPrice } from "../invoices/lineRules";
import { knownTaxList, resolveTax } from "../invoices/vatRates";
import { tenantResource } from "../tenantResourceRoutes";
import { currencyFilter, isServiceFilter, productBody } from "./schemas";

const catalogue = tenantResource({
  name: "products",
  columns: ["id", "code", "name", "unit", "price", "currency", "taxName", "taxPercentage", "isService"],
  body: productBody,
  list: {
    searchable: ["products.code", "products.name"],
    filters: {
      currency: { column: "products.currency", schema: currencyFilter },
      isService: { column: "products.isService", schema: isServiceFilter },
    },
  },
  trimmed: ["code", "name", "unit", "taxName", "currency"],
  required: ["code", "name", "unit", "taxName"],
  flags: ["isService"],
  unique: { code: messages.productCodeTaken },
  toRow: (row) => ({
    ...row,
    // SmartBill's currencies are upper case (RON, EUR); a line's default when none is given.
    currency: typeof row.currency === "string" && row.currency ? row.currency.toUpperCase() : INVOICE_LINE_DEFAULTS.currency,
    price: row.price === null || row.price === undefined ? null : roundPrice(Number(row.price)),
  }),
  toRecord: (row) => ({
    ...row,
    price: row.price === null ? null : Number(row.price),
    taxPercentage: Number(row.taxPercentage),
  }),
  messages: { notFound: messages.productNotFound },
  label: "name",
});

const productRoutes: FastifyPluginAsyncTypebox = async (app, options) => {
  app.addHook("preHandler", async (request) => {
    if (request.method !== "POST" && request.method !== "PUT") return;
    const body = request.body as { taxName: string; taxPercentage: number };
    if (!body.taxName.trim()) return; // the definition says it is required
    const taxes = await knownTaxList(app.db, request.tenantId, app.smartBillUrls, request.log);
    const tax = resolveTax(body.taxName, body.taxPercentage, taxes);
    if (!tax.ok) throw new HttpError(400, tax.reason, { taxName: tax.reason });
    body.taxName = tax.taxName;
    body.taxPercentage = tax.taxPercentage;
  });
  await (catalogue.routes as FastifyPluginAsyncTypebox)(app, options);
};

export default { ...catalogue, routes: productRoutes };
