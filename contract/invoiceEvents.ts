/**
 * What happens to an invoice after it is imported, as its history ('Istoric') names it: the send,
 * and SmartBill's after-send actions. Each is kept with who, when, and SmartBill's answer.
 */
export const INVOICE_EVENT_ACTIONS = [
  "send",
  // The send above went ahead although the buyer had problems for e-Factura (the clerk's second click): which ones.
  "buyerProblemsAccepted",
  // A SmartBill draft sent again as a final invoice ('Emite factura').
  "issue",
  "pdf",
  "email",
  "payment",
  "paymentDelete",
  "paymentStatus",
  "cancel",
  "restore",
  "reverse",
  "delete",
  // Made by 'Duplică' from another document of ours (detail: {fromId}).
  "duplicated",
  // 'Transformă în factură': on the proforma, the invoice it became; on that invoice, the proforma it came from.
  "invoiced",
  "issuedFromProforma",
  // A reminder of the overdue invoice e-mailed through SmartBill (detail: {to, subject}).
  "reminder",
  // SPV's status of the invoice changed (detail: {status, error?, messageId}); written by the e-Factura sync.
  "efactura",
] as const;
export type InvoiceEventAction = (typeof INVOICE_EVENT_ACTIONS)[number];

/** ok: SmartBill did it; refused: SmartBill said no; failed: it could not be asked, or its answer was lost. */
export const INVOICE_EVENT_OUTCOMES = ["ok", "refused", "failed"] as const;
export type InvoiceEventOutcome = (typeof INVOICE_EVENT_OUTCOMES)[number];

/** An issued invoice's payment, as SmartBill last said: 'Neîncasată', 'Încasată parțial', 'Încasată'. */
export const PAYMENT_STATUSES = ["unpaid", "partial", "paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The status of `paid` out of `total` (SmartBill's amounts, rounded to the cent before comparing). */
export function paymentStatusOf(total: number, paid: number): PaymentStatus {
  const cents = (value: number) => Math.round(value * 100);
  if (cents(paid) <= 0) return "unpaid";
  return cents(paid) >= cents(total) ? "paid" : "partial";
}
