/** How the invoice screens write an invoice's name and heading, an amount and a moment. */
import type { Invoice, InvoiceLine } from "../../contract/api";
import { formatRomanianDateTime } from "../common/romanianTime";
import { formatAmount, lineTotals } from "./lineTotals";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 'SBL 12' once SmartBill numbered it, else '#7' (our id). */
export function invoiceName(invoice: Pick<Invoice, "id" | "sentSeries" | "sentNumber">): string {
  return invoice.sentNumber ? `${invoice.sentSeries ?? ""} ${invoice.sentNumber}`.trim() : `#${invoice.id}`;
}

/** A proforma's invoice: 'FCT 0012' as SmartBill numbered it, '#12' (our id) until that is read back; null when none. */
export function invoicedAsName(proforma: Pick<Invoice, "invoiceId" | "invoicedAs">): string | null {
  if (proforma.invoicedAs) return `${proforma.invoicedAs.series} ${proforma.invoicedAs.number}`.trim();
  return proforma.invoiceId === null ? null : `#${proforma.invoiceId}`;
}

/**
 * The edit screen's heading. Before the send: 'Factură #2 — de trimis în SmartBill'. Once sent,
 * what names the invoice for a clerk: 'Factura SBL 12 · Alfa Construct SA · 1.234,56 RON' (its
 * total from its lines, per currency, at the invoice's precision, as the totals table shows).
 */
export function invoiceHeading(
  invoice: Pick<Invoice, "id" | "status" | "sentSeries" | "sentNumber" | "clientName" | "precision">,
  lines: readonly InvoiceLine[],
  translate: Translate,
): string {
  if (invoice.status !== "sent") return translate("resources.invoices.heading.toSend", { id: invoice.id });
  const name = invoice.sentNumber
    ? translate("resources.invoices.heading.sent", { name: invoiceName(invoice) })
    : translate("resources.invoices.heading.sentAsDraft", { id: invoice.id });
  const total = lineTotals(lines, invoice.precision)
    .map((totals) => `${formatAmount(totals.gross, invoice.precision)} ${totals.currency}`)
    .join(" + ");
  return [name, invoice.clientName, total].filter(Boolean).join(" · ");
}

/** '1.234,50 RON' */
export function formatMoney(value: number, currency: string): string {
  return `${formatAmount(value, 2)} ${currency}`;
}

/** '24.11.2026, 13:05', Romania's clock (as the audit log's). */
export function formatWhen(iso: string): string {
  return formatRomanianDateTime(iso, "minutes");
}

/** 'yyyy-MM-dd' as '24.11.2026' */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}

/** Today in the user's own calendar, as yyyy-MM-dd (not UTC's: a payment at 1 am is today's). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A fresh id for a fiscal request (a payment, a storno) so that its retries are one request.
 * crypto.randomUUID exists only in secure contexts; elsewhere the same v4 layout from random bytes.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
