/**
 * The rules an invoice line obeys wherever it comes from (a sheet's row, lineSheet.ts, or the
 * lines dialog, lineInput.ts): bounds, rounding, a quantity above zero, and the VAT percent of
 * its tax in SmartBill's list (vatRates.ts resolveTax). Its fields' bounds are the API's:
 * contract/invoiceLineBounds.ts.
 */
import type { InvoiceLineInput } from "../../../../contract/api";
import { lineQuantityNotPositive } from "../../../messages";
import { resolveTax, type TaxList } from "./vatRates";

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

/**
 * Why a quantity is refused, or undefined: a line sells something, so above zero. A negative line
 * would be a hidden storno; SmartBill's storno ('Stornează') reverses an issued invoice properly.
 */
export function quantityProblem(quantity: number): string | undefined {
  return quantity > 0 ? undefined : lineQuantityNotPositive;
}

/** A line before the tax list is applied: its tax and percent as given (undefined: not given). */
export type PendingLine = Omit<InvoiceLineInput, "taxName" | "taxPercentage"> & {
  taxName: string | undefined;
  taxPercentage: number | undefined;
};

/** The tax-list part of a line's checks: its tax from the list, with the list's percent. */
export function completeTax(line: PendingLine, taxes: TaxList): { ok: true; line: InvoiceLineInput } | { ok: false; reason: string } {
  const tax = resolveTax(line.taxName, line.taxPercentage, taxes);
  if (!tax.ok) return tax;
  return { ok: true, line: { ...line, taxName: tax.taxName, taxPercentage: tax.taxPercentage } };
}
