/**
 * The bodies of POST /{id}/payments and POST /{id}/reverse, checked after their shape: every
 * problem named at its field, all of them in one 400, before anything is claimed or asked.
 * Their dates against the invoice (invoiceDates.ts) once it is read, still before any claim.
 */
import type { Static } from "typebox";
import { MAX_AMOUNT } from "../../../../contract/invoiceLineBounds";
import { HttpError } from "../../../errors";
import { paymentInvalid, paymentMessages, reverseInvalid, reverseMessages } from "../../../messages";
import { romanianDate } from "../../../smartbill/bucharestTime";
import type { PaymentType } from "../../../smartbill/types";
import type { IssuedInvoice } from "./afterSend";
import { afterIssueWindow, inWindow } from "./invoiceDates";
import { type paymentBody, type reverseBody } from "../../../../contract/schemas/invoicePayments";
import { INVOICE_PAYMENT_TYPES } from "./paymentSchemas";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PaymentInput {
  requestId: string;
  amount: number;
  date: string;
  type: PaymentType;
}

export interface ReverseInput {
  requestId: string;
  issueDate: string | undefined;
}

/** A calendar date that exists, written yyyy-mm-dd. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function checkPaymentInput(body: Static<typeof paymentBody>): PaymentInput {
  const errors: Record<string, string> = {};
  const requestId = body.requestId.trim().toLowerCase();
  if (!UUID.test(requestId)) errors.requestId = paymentMessages.requestIdInvalid;
  const cents = Math.round(body.amount * 100);
  if (!Number.isFinite(body.amount) || body.amount <= 0 || Math.abs(body.amount * 100 - cents) > 1e-6) {
    errors.amount = paymentMessages.amountInvalid;
  } else if (body.amount > MAX_AMOUNT) {
    errors.amount = paymentMessages.amountTooLarge;
  }
  const date = body.date.trim();
  if (!isCalendarDate(date)) errors.date = paymentMessages.dateInvalid;
  const type = INVOICE_PAYMENT_TYPES.find((known) => known === body.type.trim());
  if (!type) errors.type = paymentMessages.typeInvalid(INVOICE_PAYMENT_TYPES);
  const problems = Object.values(errors);
  if (problems.length > 0 || !type) throw new HttpError(400, paymentInvalid(problems), errors);
  return { requestId, amount: cents / 100, date, type };
}

export function checkReverseInput(body: Static<typeof reverseBody>): ReverseInput {
  const errors: Record<string, string> = {};
  const requestId = body.requestId.trim().toLowerCase();
  if (!UUID.test(requestId)) errors.requestId = reverseMessages.requestIdInvalid;
  const issueDate = body.issueDate?.trim() || undefined;
  if (issueDate !== undefined && !isCalendarDate(issueDate)) errors.issueDate = reverseMessages.issueDateInvalid;
  const problems = Object.values(errors);
  if (problems.length > 0) throw new HttpError(400, reverseInvalid(problems), errors);
  return { requestId, issueDate };
}

/** A payment dated between the invoice's issue date and tomorrow (Romania's calendar). */
export function checkPaymentDate(input: PaymentInput, invoice: Pick<IssuedInvoice, "issueDate">, nowMs: number): void {
  const window = afterIssueWindow(invoice.issueDate, nowMs);
  if (inWindow(input.date, window)) return;
  const problem = paymentMessages.dateOutside(window.from, window.to);
  throw new HttpError(400, paymentInvalid([problem]), { date: problem });
}

/** A storno dated (or, without a date, made today) between the original's issue date and tomorrow. */
export function checkReverseDate(input: ReverseInput, original: Pick<IssuedInvoice, "issueDate">, nowMs: number): void {
  const window = afterIssueWindow(original.issueDate, nowMs);
  if (inWindow(input.issueDate ?? romanianDate(nowMs), window)) return;
  const problem = reverseMessages.issueDateOutside(window.from, window.to);
  throw new HttpError(400, reverseInvalid([problem]), { issueDate: problem });
}
