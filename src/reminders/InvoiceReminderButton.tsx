/**
 * 'Trimite reamintire' among a sent invoice's actions on its screen, shown only while a reminder
 * can apply: an invoice issued in SmartBill (not cancelled, deleted or reversed, nor a storno),
 * past its due date in Romania, with something left to pay. The server checks it all again.
 */
import type { Invoice } from "../../contract/api";
import { SendReminderButton } from "./SendReminderButton";

/** Today as yyyy-mm-dd in Romania, whatever the browser's time zone. */
const romaniaToday = (now = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest" }).format(now);

export function isOverdueAndUnpaid(invoice: Invoice, today = romaniaToday()): boolean {
  return (
    invoice.documentType === "invoice" &&
    invoice.status === "sent" &&
    !!invoice.sentNumber &&
    !invoice.cancelled &&
    !invoice.deletedFromSmartBill &&
    invoice.reversalOfId === null &&
    invoice.reversedById === null &&
    !!invoice.dueDate &&
    invoice.dueDate < today &&
    invoice.unpaid > 0
  );
}

export function InvoiceReminderButton({ invoice }: { invoice: Invoice }) {
  return isOverdueAndUnpaid(invoice) ? <SendReminderButton invoiceIds={[invoice.id]} /> : null;
}

/** For InvoiceEdit's `lifeActions`: the invoice screen's own action. */
export const invoiceReminderAction = (invoice: Invoice) => <InvoiceReminderButton invoice={invoice} />;
