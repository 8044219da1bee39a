/**
 * What the API answers for an invoice's life after the send (/api/smartbill/invoice/{id}/…), as
 * the screens read it: an action's answer (SmartBill's message and the invoice now), the e-mail
 * form, a payment recorded through us, and a storno's answer.
 */
import type { Invoice } from "../../contract/api";

/** POST cancel/restore/payments/payment-status, DELETE smartbill and payments/{id}. */
export interface InvoiceActionResult {
  message: string;
  invoice: Invoice;
}

/** POST /{id}/reverse: the original (now reversed) and its storno, an invoice of ours. */
export interface InvoiceReverseResult extends InvoiceActionResult {
  storno: Invoice;
}

/** GET /{id}/email (prefilled) and POST /{id}/email: SmartBill's placeholders stay in subject and body. */
export interface InvoiceEmailForm {
  to: string;
  cc?: string;
  subject: string;
  body: string;
}

/** GET /{id}/payments: a payment recorded through this app. */
export interface InvoicePayment {
  id: number;
  amount: number;
  /** yyyy-MM-dd */
  date: string;
  type: string;
  createdAt: string;
  userEmail: string;
}

/** POST /{id}/payments: `requestId` is made once per dialog, so a retry never records it twice. */
export interface InvoicePaymentInput {
  requestId: string;
  amount: number;
  date: string;
  type: string;
}
