/**
 * The invoice-lines sheet's Romanian headers, as the template writes them and the import screen
 * lists them (excel-formats.md "Invoice lines"; the reader also takes them without diacritics,
 * in English and in other spellings: server/routes/api/invoices/lineColumns.ts).
 */
import type { InvoiceLineInput } from "./api";

export const INVOICE_LINE_HEADERS: Readonly<Record<keyof InvoiceLineInput, string>> = {
  name: "Denumire produs",
  code: "Cod produs",
  quantity: "Cantitate",
  price: "Preț",
  measuringUnitName: "UM",
  currency: "Monedă",
  taxName: "Taxă",
  taxPercentage: "Procent TVA",
  service: "Serviciu",
  saveToDb: "Salvează în DB",
  warehouseName: "Depozit",
};

/** The columns in the template's order; the first four must be there (a cell of the others may be blank). */
export const INVOICE_LINE_COLUMNS = Object.keys(INVOICE_LINE_HEADERS) as (keyof InvoiceLineInput)[];
export const REQUIRED_INVOICE_LINE_COLUMNS: readonly (keyof InvoiceLineInput)[] = ["name", "code", "quantity", "price"];
