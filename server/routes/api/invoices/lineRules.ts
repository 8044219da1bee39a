/**
 * The rules an invoice line obeys wherever it comes from (a sheet's row, lineSheet.ts, or the
 * lines dialog, lineInput.ts): bounds, rounding, and the VAT percent of its tax when it gives none.
 */
import type { InvoiceLineInput } from "../../../../contract/api";
import { noTaxList, unknownTax } from "../../../messages";
import { defaultTaxPercentage, describeTaxes, type TaxList } from "./vatRates";

/** Longest text per field (the same bounds as the API's schema). */
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

/** What a line gets from its invoice when the sheet (or the dialog) leaves a field blank. */
export interface LineDefaults {
  currency: string;
  saveToDb: boolean;
  warehouseName: string;
}

/** Prices keep 2 decimals, rounded half away from zero (1.005 → 1.01, despite binary floats). */
export function roundPrice(value: number): number {
  const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  return (Math.sign(value) * cents) / 100 || 0;
}

/** A quantity without binary float noise (0.1 + 0.2 → 0.3). */
export function cleanQuantity(value: number): number {
  return Number(value.toPrecision(15)) || 0;
}

/** A line without its VAT percent yet (undefined: the tax list decides). */
export type PendingLine = Omit<InvoiceLineInput, "taxPercentage"> & { taxPercentage: number | undefined };

/** The tax-list part of a line's checks: the rate of its tax when it gave none. */
export function completeTax(line: PendingLine, taxes: TaxList): { ok: true; line: InvoiceLineInput } | { ok: false; reason: string } {
  if (line.taxPercentage !== undefined) return { ok: true, line: { ...line, taxPercentage: line.taxPercentage } };
  // No list was ever read: no rate is assumed (a past default may no longer exist).
  if (taxes === null) return { ok: false, reason: noTaxList };
  const percentage = defaultTaxPercentage(taxes, line.taxName);
  if (percentage === undefined) return { ok: false, reason: unknownTax(line.taxName, describeTaxes(taxes)) };
  return { ok: true, line: { ...line, taxPercentage: percentage } };
}
