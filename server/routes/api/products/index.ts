/**
 * /api/products: the tenant's catalogue ('Nomenclator produse'), a plain tenant resource
 * (tenantResourceRoutes): list (search by code or name, filters by currency and service, sort),
 * read, add, edit, delete. The stock imports keep code, name and unit up to date.
 */
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import { HttpError } from "../../../errors";
import { messages, validationMessages } from "../../../messages";
import { roundPrice } from "../invoices/lineRules";
import { tenantResourceRoutes } from "../tenantResourceRoutes";
import { currencyFilter, isServiceFilter, productBody } from "./schemas";

const TEXT_FIELDS = ["code", "name", "unit", "taxName"] as const;

export const productRoutes = tenantResourceRoutes({
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
    row.price = roundPrice(Number(body.price));
    row.isService = body.isService ? 1 : 0;
    return row;
  },
  toRecord: (row) => ({ ...row, price: Number(row.price), taxPercentage: Number(row.taxPercentage), isService: row.isService === 1 }),
  messages: { notFound: messages.productNotFound, duplicate: messages.productCodeTaken },
  label: "name",
});
