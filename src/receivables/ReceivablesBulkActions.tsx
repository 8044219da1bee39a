/**
 * What can be done with the invoices selected in 'Scadențe' (their ids are invoice ids): a
 * reminder of payment to each one's customer ('Trimite reamintire').
 */
import { SendReminderButton } from "../reminders/SendReminderButton";

export function ReceivablesBulkActions() {
  return <SendReminderButton resource="receivables" />;
}
