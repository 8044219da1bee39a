/**
 * The invoice-lines sheet's columns (excel-formats.md, "Invoice lines"): the Romanian header
 * first (the name shown to users, as the template and the import screen write it:
 * contract/invoiceLineHeaders.ts), then the English one and common variants. Matching ignores
 * case, diacritics and punctuation (excel/header.ts).
 */
import type { InvoiceLineInput } from "../../../../contract/api";
import { INVOICE_LINE_HEADERS as RO } from "../../../../contract/invoiceLineHeaders";
import type { ColumnSpec } from "../../../excel/header";

export type LineField = keyof InvoiceLineInput;

export const LINE_SHEET_COLUMNS: readonly ColumnSpec<LineField>[] = [
  { field: "name", names: [RO.name, "Product name", "Denumire", "Produs", "name"], required: true },
  { field: "code", names: [RO.code, "Product code", "Cod", "code"], required: true },
  { field: "quantity", names: [RO.quantity, "Quantity", "Cant.", "quantity"], required: true },
  { field: "price", names: [RO.price, "Pret", "Price", "Pret unitar", "Unit price", "price"], required: true },
  { field: "measuringUnitName", names: [RO.measuringUnitName, "Unit", "U.M.", "Unitate de masura", "measuringUnitName"], required: false },
  { field: "currency", names: [RO.currency, "Moneda", "Currency", "Valuta"], required: false },
  { field: "taxName", names: [RO.taxName, "Taxa", "Cota TVA", "Tax name", "taxName"], required: false },
  { field: "taxPercentage", names: [RO.taxPercentage, "VAT percent", "TVA", "VAT", "taxPercentage"], required: false },
  { field: "service", names: [RO.service, "Service", "isService"], required: false },
  { field: "saveToDb", names: [RO.saveToDb, "Salveaza in DB", "Save to DB", "saveToDb"], required: false },
  { field: "warehouseName", names: [RO.warehouseName, "Warehouse", "Gestiune", "warehouseName"], required: false },
];

/** The Romanian header of a field, for reasons ("coloana „Cantitate”"). */
export function lineHeader(field: LineField): string {
  return LINE_SHEET_COLUMNS.find((spec) => spec.field === field)!.names[0];
}
