/**
 * The /api/products list's filters; the product's body is contract/schemas/products.ts, named here
 * too for the routes.
 */
import { LINE_TEXT_MAX } from "../../../../contract/invoiceLineBounds";

export { productBody } from "../../../../contract/schemas/products";

/** The list's filters: `?currency=RON`, `?isService=1` (0 or 1, as the flag is stored). */
export const currencyFilter = { type: "string", maxLength: LINE_TEXT_MAX.currency } as const;
export const isServiceFilter = { type: "integer", minimum: 0, maximum: 1 } as const;
