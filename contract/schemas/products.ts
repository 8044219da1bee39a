/**
 * Request shapes of /api/products, written with TypeBox (plain JSON Schema). A product fills an
 * invoice line, so its text and price keep a line's bounds.
 */
import { Type } from "typebox";
import { LINE_TEXT_MAX, MAX_AMOUNT } from "../invoiceLineBounds";
import { Nullable } from "./answers";

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/**
 * POST / and PUT /{id}: the whole product. Strict (tenantResourceRoutes refuses unknown fields).
 * The price may be null, "not set" (a product the stock import added); the VAT percent is taken
 * from the tax named, in the tenant's SmartBill list (server/routes/api/products/index.ts).
 */
export const productBody = Type.Object({
  code: text(LINE_TEXT_MAX.code),
  name: text(LINE_TEXT_MAX.name),
  unit: text(LINE_TEXT_MAX.measuringUnitName),
  price: Nullable(Type.Number({ minimum: 0, maximum: MAX_AMOUNT })),
  currency: Type.Optional(text(LINE_TEXT_MAX.currency)),
  taxName: text(LINE_TEXT_MAX.taxName),
  taxPercentage: Type.Number({ minimum: 0, maximum: 100 }),
  isService: Type.Optional(Type.Boolean()),
}, {
  // Two products: the API document's examples and the generic resource tests' records.
  examples: [
    { code: "LAP-1", name: "Laptop Lenovo", unit: "buc", price: 3499.9, currency: "RON", taxName: "Normala", taxPercentage: 21, isService: false },
    { code: "SRV-1", name: "Montaj", unit: "ore", price: 150, currency: "EUR", taxName: "Normala", taxPercentage: 21, isService: true },
  ],
});
