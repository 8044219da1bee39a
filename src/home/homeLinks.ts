/**
 * Where each figure of the home leads: the list filtered to exactly what the figure counts
 * (contract/home.ts, GET /api/home). react-admin reads a list's filters from `?filter=` (JSON), so a
 * link opens the list with those filters set and shown, each removable.
 */
import type { AgingBucket } from "../../contract/home";

/** `/invoices?filter={"currency":"RON"}`: a list opened with these filters. */
export function listLink(resource: string, filter: Record<string, unknown>): string {
  return `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

/** A month `yyyy-mm`, `back` months before the one `today` (yyyy-mm-dd) falls in. */
export function monthBefore(today: string, back: number): string {
  const [year, month] = today.split("-").map(Number);
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The first and last day of a month `yyyy-mm`. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, number] = month.split("-").map(Number);
  // Day 0 of the next month is this month's last day (UTC: no zone moves the date).
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** What was invoiced in a month, in one currency: the invoices counted as invoiced (`sent`), issued that month. */
export function invoicedLink(currency: string, month: string): string {
  const { from, to } = monthDays(month);
  return listLink("invoices", { sent: true, issueDateFrom: from, issueDateTo: to, currency });
}

export const unpaidLink = (currency: string) => listLink("receivables", { currency });

export const overdueLink = (currency: string) => listLink("receivables", { currency, overdue: true });

export const bucketLink = (currency: string, bucket: AgingBucket) => listLink("receivables", { currency, bucket });

export const debtorLink = (currency: string, clientId: number) => listLink("receivables", { clientId, currency });

export const proformasNotInvoicedLink = () => listLink("proformas", { notInvoiced: true });

/** Refused by SmartBill, or its answer lost (states `refused` and `unclear`). */
export const unsentInvoicesLink = () => listLink("invoices", { unsent: true });

/** Issued, no SPV message, and e-Factura's deadline near or passed ('Termen e-Factura'). */
export const efacturaDueLink = () => listLink("invoices", { efactura: "due" });

/** Rejected by ANAF in e-Factura. */
export const efacturaRejectedLink = () => listLink("invoices", { efactura: "rejected" });
