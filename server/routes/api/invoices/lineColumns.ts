/**
 * The invoice-lines sheet's columns (excel-formats.md, "Invoice lines"): the Romanian header
 * first (the name shown to users), then the English one and common variants. Matching ignores
 * case, diacritics and punctuation (excel/header.ts).
 */
import type { InvoiceLineInput } from "../../../../contract/api";
import type { ColumnSpec } from "../../../excel/header";

export type LineField = keyof InvoiceLineInput;

export const LINE_SHEET_COLUMNS: readonly ColumnSpec<LineField>[] = [
  { field: "name", names: ["Denumire produs", "Product name", "Denumire", "Produs", "name"], required: true },
  { field: "code", names: ["Cod produs", "Product code", "Cod", "code"], required: true },
  { field: "quantity", names: ["Cantitate", "Quantity", "Cant.", "quantity"], required: true },
  { field: "price", names: ["Pret", "Price", "Pret unitar", "Unit price", "price"], required: true },
  { field: "measuringUnitName", names: ["UM", "Unit", "U.M.", "Unitate de masura", "measuringUnitName"], required: false },
  { field: "currency", names: ["Moneda", "Currency", "Valuta"], required: false },
  { field: "taxName", names: ["Taxa", "Cota TVA", "Tax name", "taxName"], required: false },
  { field: "taxPercentage", names: ["Procent TVA", "VAT percent", "TVA", "VAT", "taxPercentage"], required: false },
  { field: "service", names: ["Serviciu", "Service", "isService"], required: false },
  { field: "saveToDb", names: ["Salveaza in DB", "Save to DB", "saveToDb"], required: false },
  { field: "warehouseName", names: ["Depozit", "Warehouse", "Gestiune", "warehouseName"], required: false },
];

/** The Romanian header of a field, for reasons ("coloana „Cantitate”"). */
export function lineHeader(field: LineField): string {
  return LINE_SHEET_COLUMNS.find((spec) => spec.field === field)!.names[0];
}
