/**
 * The home's figures ('Acasă', GET /api/home): per currency (never added together), what was
 * invoiced and received, what is owed and overdue by age, the last 12 months, the customers who
 * owe most; and the proformas not invoiced and the invoices SmartBill did not issue.
 */
export type AgingBucket = "current" | "1-30" | "31-60" | "61-90" | "90+";

/** The buckets in order of age; `current` is owed but not yet due. */
export const AGING_BUCKETS: readonly AgingBucket[] = ["current", "1-30", "31-60", "61-90", "90+"];

export interface CurrencyFigures {
  currency: string;                       // "RON", "EUR", …
  invoicedThisMonth: number; invoicedLastMonth: number; invoicedSameMonthLastYear: number;
  receivedThisMonth: number;
  unpaid: number; unpaidCount: number;    // every unpaid > 0 invoice
  overdue: number; overdueCount: number;  // unpaid and dueDate < today
  buckets: Record<AgingBucket, { amount: number; count: number }>;
  months: { month: string /* yyyy-mm */; invoiced: number; received: number }[]; // last 12, oldest first, this month last
  topDebtors: { clientId: number | null; clientName: string; unpaid: number; overdue: number; count: number }[]; // ≤ 10, most unpaid first
}

export interface HomeFigures {
  today: string;                            // Romania's date, yyyy-mm-dd
  currencies: CurrencyFigures[];            // RON first, then alphabetical; only currencies with something to show
  proformasNotInvoiced: { count: number };  // sent proformas, not cancelled/deleted, with no invoice of ours (proformaId)
  unsentInvoices: { count: number };        // invoices with status 'refused' or 'unclear'
  /**
   * Only when the tenant is connected to SPV (absent otherwise): 'Termen e-Factura' — issued invoices
   * with no SPV message whose deadline is near or passed (the list's ?efactura=due) — and
   * 'Respinse în e-Factura' (?efactura=rejected).
   */
  efactura?: { due: number; rejected: number };
}
