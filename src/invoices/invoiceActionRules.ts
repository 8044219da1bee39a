/**
 * Which of a sent invoice's actions apply now, and why not when one does not (the reason is the
 * disabled button's tooltip). SmartBill has the last word: these rules only keep a clerk from
 * asking what it is sure to refuse.
 *
 * - Only an issued invoice (sent, with a number) has a life in SmartBill; a SmartBill draft has no
 *   number yet, and a request not sent is not there at all.
 * - Deleted from SmartBill: nothing is left to do there (its history stays).
 * - Cancelled: it can be restored, read (PDF, e-mail, payment status) and deleted; nothing else.
 * - A storno is not reversed again, nor is an invoice already reversed; a storno takes no payment.
 * - A payment is recorded while something is left to pay (as SmartBill last said).
 */
import type { Invoice } from "../../contract/api";

export const INVOICE_ACTIONS = ["pdf", "email", "payment", "paymentStatus", "cancel", "restore", "reverse", "delete"] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/** What only an invoice has: a proforma is not paid, nor reversed (it becomes an invoice instead). */
export const INVOICE_ONLY_ACTIONS: readonly InvoiceAction[] = ["payment", "paymentStatus", "reverse"];

/** Enabled, or the key (under invoiceLife.why) of the reason it is not. */
export type ActionRule = { enabled: true } | { enabled: false; why: string };

type Facts = Pick<
  Invoice,
  "status" | "sentNumber" | "cancelled" | "deletedFromSmartBill" | "reversalOfId" | "reversedById" | "payment"
>;

const ok: ActionRule = { enabled: true };
const no = (why: string): ActionRule => ({ enabled: false, why });

/** Why nothing at all can be done in SmartBill with this invoice, or undefined when it is issued there. */
function notIssued(invoice: Facts): string | undefined {
  if (invoice.status !== "sent") return "notSent";
  if (!invoice.sentNumber) return "draft";
  if (invoice.deletedFromSmartBill) return "deleted";
  return undefined;
}

export function invoiceActionRules(invoice: Facts): Record<InvoiceAction, ActionRule> {
  const blocked = notIssued(invoice);
  if (blocked) return Object.fromEntries(INVOICE_ACTIONS.map((action) => [action, no(blocked)])) as Record<InvoiceAction, ActionRule>;
  const { cancelled } = invoice;
  const isStorno = invoice.reversalOfId !== null;
  return {
    pdf: ok,
    email: ok,
    payment: cancelled
      ? no("cancelled")
      : isStorno
        ? no("stornoNoPayment")
        : invoice.payment?.status === "paid"
          ? no("paid")
          : ok,
    paymentStatus: ok,
    cancel: cancelled ? no("alreadyCancelled") : ok,
    restore: cancelled ? ok : no("notCancelled"),
    reverse: cancelled ? no("cancelled") : isStorno ? no("isStorno") : invoice.reversedById !== null ? no("alreadyReversed") : ok,
    delete: ok,
  };
}

/**
 * 'Emite factura' applies to a SmartBill draft only (sent, no number, not deleted): SmartBill's API
 * cannot number it, so it is sent again as a final invoice. Undefined where it does not apply.
 */
export function issueDraftRule(invoice: Facts): ActionRule | undefined {
  const isDraft = invoice.status === "sent" && !invoice.sentNumber && !invoice.deletedFromSmartBill;
  return isDraft ? ok : undefined;
}

/** A payment recorded through us can be deleted while the invoice is issued in SmartBill. */
export function paymentDeleteRule(invoice: Facts): ActionRule {
  const blocked = notIssued(invoice);
  return blocked ? no(blocked) : ok;
}
