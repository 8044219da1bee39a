/** The rows of GET /api/smartbill/receivables, as the list's two views answer them (contract §3). */
import type { AgingBucket } from "../../contract/home";

export type ReceivablesView = "invoice" | "customer";

/** One unpaid invoice (the default view); `id` is the invoice's. */
export interface InvoiceReceivable {
  id: number;
  seriesName: string | null;
  number: string | null;
  issueDate: string;
  dueDate: string | null;
  clientId: number | null;
  clientName: string | null;
  currency: string;
  total: number;
  paid: number;
  unpaid: number;
  daysOverdue: number;
  bucket: AgingBucket;
  lastReminderAt: string | null;
}

/** What one customer owes in one currency. */
export interface CustomerReceivable {
  id: number | string;
  clientId: number | null;
  clientName: string | null;
  currency: string;
  count: number;
  unpaid: number;
  overdue: number;
  oldestDueDate: string | null;
  maxDaysOverdue: number;
}

/** The view a list's filters ask for: by invoice unless `view` says by customer. */
export const viewOf = (filterValues: Record<string, unknown>): ReceivablesView => (filterValues.view === "customer" ? "customer" : "invoice");

/** Each view's default order: the oldest due date first; the customer who owes most first. */
export const DEFAULT_SORT = {
  invoice: { field: "dueDate", order: "ASC" },
  customer: { field: "unpaid", order: "DESC" },
} as const;

/** The columns each view sorts by (the server refuses the others). */
export const SORTABLE = {
  invoice: ["dueDate", "daysOverdue", "unpaid", "clientName", "issueDate", "number"],
  customer: ["unpaid", "overdue", "clientName", "maxDaysOverdue"],
} as const satisfies Record<ReceivablesView, readonly string[]>;
