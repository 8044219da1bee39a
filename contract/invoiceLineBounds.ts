/**
 * The bounds of an invoice line's fields, the same in the API's schema, the sheet's reader and the
 * product catalogue (a product fills a line, so it keeps a line's bounds).
 */

/** Longest text per field. */
export const LINE_TEXT_MAX: Readonly<Record<"name" | "code" | "measuringUnitName" | "currency" | "taxName" | "warehouseName", number>> = {
  name: 500,
  code: 100,
  measuringUnitName: 50,
  currency: 10,
  taxName: 50,
  warehouseName: 100,
};
/** |quantity| and |price| at most this: doubles keep every cent well beyond it. */
export const MAX_AMOUNT = 1e12;
