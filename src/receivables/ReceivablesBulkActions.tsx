/**
 * What can be done with the invoices selected in 'Scadențe' (their ids are invoice ids): the
 * reminders' button goes here. Empty until then, it already gives the rows their checkboxes.
 */
export function ReceivablesBulkActions() {
  return null;
}
