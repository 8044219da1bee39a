/**
 * An imported invoice's life: `draft` (a request being reviewed; editable), `sending` (a send is
 * in flight; nothing may change), `sent` (SmartBill issued it; read-only for ever), `refused`
 * (SmartBill answered with an errorText; editable and can be sent again), `unclear` (the answer
 * was lost and the series could not prove whether SmartBill issued it; sending again first
 * checks the series).
 */
export const INVOICE_STATUSES = ["draft", "sending", "sent", "refused", "unclear"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
