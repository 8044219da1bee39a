/**
 * The totals under the product lines: net, VAT and gross per currency, each line rounded to the
 * invoice's precision as SmartBill rounds its lines (prices are net of VAT: isTaxIncluded false).
 */
import type { InvoiceLineInput } from "../../contract/api";

interface CurrencyTotals {
  currency: string;
  net: number;
  vat: number;
  gross: number;
}

function roundTo(value: number, precision: number): number {
  const factor = 10 ** precision;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

type TotalsLine = Pick<InvoiceLineInput, "quantity" | "price" | "taxPercentage" | "currency">;

export function lineTotals(lines: readonly TotalsLine[], precision: number): CurrencyTotals[] {
  return totalsOfUnits(
    lines.map((line) => lineUnits(line, precision)),
    precision,
  );
}

/** A line's net and VAT in the invoice's smallest unit (bani at 2 decimals), rounded as lineTotals rounds them. */
export function lineUnits(line: TotalsLine, precision: number): { currency: string; net: number; vat: number } {
  const factor = 10 ** precision;
  const net = roundTo(line.quantity * line.price, precision);
  const vat = roundTo((net * line.taxPercentage) / 100, precision);
  return { currency: line.currency, net: Math.round(net * factor), vat: Math.round(vat * factor) };
}

/**
 * The totals per currency of lines already in units (lineUnits): whole numbers summed, so no
 * rounding step per line and the same figures as lineTotals.
 */
export function totalsOfUnits(lines: Iterable<{ currency: string; net: number; vat: number }>, precision: number): CurrencyTotals[] {
  const sums = new Map<string, { net: number; vat: number }>();
  for (const line of lines) {
    const sum = sums.get(line.currency);
    if (sum) {
      sum.net += line.net;
      sum.vat += line.vat;
    } else sums.set(line.currency, { net: line.net, vat: line.vat });
  }
  const factor = 10 ** precision;
  return [...sums].map(([currency, { net, vat }]) => ({ currency, net: net / factor, vat: vat / factor, gross: (net + vat) / factor }));
}

// One formatter per number of decimals, made once: toLocaleString with options builds a new
// Intl.NumberFormat at each call, which the totals and a line's cells pay at every keystroke.
const amountFormats = new Map<number, Intl.NumberFormat>();
const quantityFormat = new Intl.NumberFormat("ro-RO", { maximumFractionDigits: 10 });

/** A sum as Romanians write it (1.234,50), with exactly `precision` decimals. */
export function formatAmount(value: number, precision: number): string {
  let format = amountFormats.get(precision);
  if (!format) {
    format = new Intl.NumberFormat("ro-RO", { minimumFractionDigits: precision, maximumFractionDigits: precision });
    amountFormats.set(precision, format);
  }
  return format.format(value);
}

/** A quantity (or a VAT percent) as Romanians write it, with the decimals it has and no more: 1,5 · 1.000 · 21. */
export function formatQuantity(value: number): string {
  return quantityFormat.format(value);
}
