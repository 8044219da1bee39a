/**
 * What the API answers for an invoice's life after the send (/api/smartbill/invoice/{id}/…), as
 * the screens read it: contract/api.ts's shapes, and those of the payments and the storno.
 */
import type { Invoice, InvoiceActionResult } from "../../contract/api";

export type { InvoiceActionResult, InvoiceEmailForm, InvoiceEmailRequest } from "../../contract/api";

/** POST /{id}/reverse: the original (now reversed) and its storno, an invoice of ours. */
export interface InvoiceReverseResult extends InvoiceActionResult {
  storno: Invoice;
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
