/**
 * /api/products: the tenant's catalogue ('Nomenclator produse'), a plain tenant resource
 * (tenantResourceRoutes): list (search by code or name, filters by currency and service, sort),
 * read, add, edit, delete. The stock imports keep code, name and unit up to date.
 *
 * A product's VAT percent is its tax's in the tenant's SmartBill tax list, whatever was sent (a
 * stale 19 for 'Normala' is saved as the list's 21); a tax the list lacks is refused. Checked in
 * a preHandler, after the body's schema and before the generic route writes it.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import { HttpError } from "../../../errors";
import { messages, validationMessages } from "../../../messages";
import { roundPrice } from "../invoices/lineRules";
import { knownTaxList, resolveTax } from "../invoices/vatRates";
import { tenantResourceRoutes } from "../tenantResourceRoutes";
import { currencyFilter, isServiceFilter, productBody } from "./schemas";

const TEXT_FIELDS = ["code", "name", "unit", "taxName"] as const;

const catalogueRoutes = tenantResourceRoutes({
  table: "products",
  resource: "products",
  columns: ["id", "code", "name", "unit", "price", "currency", "taxName", "taxPercentage", "isService"],
  body: productBody,
  list: {
    searchable: ["products.code", "products.name"],
    filters: {
      currency: { column: "products.currency", schema: currencyFilter },
      isService: { column: "products.isService", schema: isServiceFilter },
    },
  },
  toRow: (body) => {
    const row: Record<string, unknown> = { ...body };
    // Blank is missing: the same sentence as a field left out.
    const errors: Record<string, string> = {};
    for (const field of TEXT_FIELDS) {
      row[field] = String(body[field]).trim();
      if (row[field] === "") errors[field] = validationMessages.required(`„${field}”`);
    }
    if (Object.keys(errors).length > 0) {
      throw new HttpError(400, `${messages.invalidData}: ${Object.values(errors).join("; ")}.`, errors);
    }
    // SmartBill's currencies are upper case (RON, EUR); a line's default when none is given.
    row.currency = typeof body.currency === "string" && body.currency.trim() ? body.currency.trim().toUpperCase() : INVOICE_LINE_DEFAULTS.currency;
    row.price = body.price === null || body.price === undefined ? null : roundPrice(Number(body.price));
    row.isService = body.isService ? 1 : 0;
    return row;
  },
  toRecord: (row) => ({
    ...row,
    price: row.price === null ? null : Number(row.price),
    taxPercentage: Number(row.taxPercentage),
    isService: row.isService === 1,
  }),
  messages: { notFound: messages.productNotFound, duplicate: messages.productCodeTaken },
  label: "name",
});

export const productRoutes: FastifyPluginAsyncTypebox = async (app, options) => {
  app.addHook("preHandler", async (request) => {
    if (request.method !== "POST" && request.method !== "PUT") return;
    const body = request.body as { taxName: string; taxPercentage: number };
    if (!body.taxName.trim()) return; // toRow says it is required
    const taxes = await knownTaxList(app.db, request.tenantId, app.smartBillUrls, request.log);
    const tax = resolveTax(body.taxName, body.taxPercentage, taxes);
    if (!tax.ok) throw new HttpError(400, tax.reason, { taxName: tax.reason });
    body.taxName = tax.taxName;
    body.taxPercentage = tax.taxPercentage;
  });
  await catalogueRoutes(app, options);
};
