/** How a receipt is named and its amount written, as Romanians write them. */
import type { Receipt } from "../../contract/api";
import { formatMoney } from "../invoices/invoiceText";

/** 'CH 0007', or '' while it has no number. */
export function receiptName(receipt: Pick<Receipt, "seriesName" | "number">): string {
  return receipt.number ? [receipt.seriesName, receipt.number].filter(Boolean).join(" ") : "";
}

/** '1.234,50 RON' */
export const receiptAmount = (receipt: Pick<Receipt, "amount" | "currency">) => formatMoney(receipt.amount, receipt.currency);

/**
 * The form's amount, typed with a comma or a point ('150,5'), as a number with at most two
 * decimals; undefined when it is not one.
 */
export function typedAmount(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const text = value.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  return Number(text);
}
