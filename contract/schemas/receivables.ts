/**
 * Shapes of GET /api/smartbill/receivables ('Scadențe', TypeBox): what customers still owe, by
 * invoice (the default view) or by customer and currency (`?view=customer`).
 */
import { Type } from "typebox";
import { Nullable } from "./answers";

const Bucket = Type.Union([Type.Literal("current"), Type.Literal("1-30"), Type.Literal("31-60"), Type.Literal("61-90"), Type.Literal("90+")]);

/** One invoice with something unpaid. */
export const ReceivableInvoiceSchema = Type.Object({
  id: Type.Integer({ description: "the invoice's id" }),
  seriesName: Type.String(),
  number: Type.String(),
  issueDate: Type.String(),
  dueDate: Nullable(Type.String()),
  clientId: Nullable(Type.Integer()),
  clientName: Type.String(),
  currency: Type.String(),
  total: Type.Number(),
  paid: Type.Number(),
  unpaid: Type.Number(),
  daysOverdue: Type.Integer({ description: "0 when not yet due" }),
  bucket: Bucket,
  lastReminderAt: Nullable(Type.String()),
});

/** What one customer owes in one currency. */
export const ReceivableCustomerSchema = Type.Object({
  id: Type.String({ description: "`${clientId}-${currency}`; clientId 0 when the invoices name no known customer" }),
  clientId: Nullable(Type.Integer()),
  clientName: Type.String(),
  currency: Type.String(),
  count: Type.Integer(),
  unpaid: Type.Number(),
  overdue: Type.Number(),
  oldestDueDate: Nullable(Type.String()),
  maxDaysOverdue: Type.Integer(),
});

export const RECEIVABLE_VIEWS = ["invoice", "customer"] as const;
