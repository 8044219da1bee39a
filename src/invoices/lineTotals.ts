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
  const byCurrency = new Map<string, CurrencyTotals>();
  for (const line of lines) {
    const net = roundTo(line.quantity * line.price, precision);
    const vat = roundTo((net * line.taxPercentage) / 100, precision);
    const totals = byCurrency.get(line.currency) ?? { currency: line.currency, net: 0, vat: 0, gross: 0 };
    totals.net = roundTo(totals.net + net, precision);
    totals.vat = roundTo(totals.vat + vat, precision);
    totals.gross = roundTo(totals.net + totals.vat, precision);
    byCurrency.set(line.currency, totals);
  }
  return [...byCurrency.values()];
}

/** A sum as Romanians write it (1.234,50), with exactly `precision` decimals. */
export function formatAmount(value: number, precision: number): string {
  return value.toLocaleString("ro-RO", { minimumFractionDigits: precision, maximumFractionDigits: precision });
}

/** A quantity (or a VAT percent) as Romanians write it, with the decimals it has and no more: 1,5 · 1.000 · 21. */
export function formatQuantity(value: number): string {
  return value.toLocaleString("ro-RO", { maximumFractionDigits: 10 });
}
