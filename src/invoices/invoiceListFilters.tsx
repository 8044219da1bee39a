/**
 * The filters of 'Facturi importate' beyond the page itself: the state, not sent (refused or
 * unclear: the home's 'Facturi netrimise'), the payment status and overdue alone (from the stored
 * receivable amounts), the issue period, the currency, and "issued" (sent, neither cancelled nor
 * deleted: what the home counts as invoiced), e-Factura's state. A proforma list filters those not yet turned into
 * an invoice. A filter a link sets shows as a removable field.
 */
import { BooleanInput, DateInput, SelectInput } from "react-admin";
import { EFACTURA_FILTER_LABELS, EFACTURA_FILTERS } from "../../contract/efactura";
import { INVOICE_STATUSES } from "../../contract/invoiceStatuses";
import { SMARTBILL_CURRENCIES } from "../../contract/smartBillChoices";
import type { DocumentResource } from "./documentKind";

const PAYMENT_STATUSES = ["paid", "partial", "unpaid"] as const;

/**
 * A switched-off switch removes its filter rather than asking for its opposite (the server reads
 * `false` as "only the others"). An empty value is what removes a filter: react-admin merges the
 * form's values into the filters, where an undefined one would leave the old value standing.
 */
export const onlyWhenOn = (value: boolean) => (value ? true : "");

/** SmartBill's currencies: a list to choose from, never a half-typed code the server refuses. */
export const CURRENCY_CHOICES = SMARTBILL_CURRENCIES.map((id) => ({ id, name: id }));

const words = (key: string) => `resources.invoices.filters.${key}`;

export function invoiceListFilters(resource: DocumentResource) {
  if (resource === "proformas") {
    return [<BooleanInput key="notInvoiced" source="notInvoiced" label={words("notInvoiced")} parse={onlyWhenOn} />];
  }
  return [
    <SelectInput
      key="status"
      source="status"
      label={words("status")}
      choices={INVOICE_STATUSES.map((id) => ({ id, name: words(`statuses.${id}`) }))}
    />,
    <SelectInput
      key="paymentStatus"
      source="paymentStatus"
      label={words("paymentStatus")}
      choices={PAYMENT_STATUSES.map((id) => ({ id, name: words(`paymentStatuses.${id}`) }))}
    />,
    <BooleanInput key="unsent" source="unsent" label={words("unsent")} parse={onlyWhenOn} />,
    <BooleanInput key="overdue" source="overdue" label={words("overdue")} parse={onlyWhenOn} />,
    <DateInput key="issueDateFrom" source="issueDateFrom" label={words("issueDateFrom")} />,
    <DateInput key="issueDateTo" source="issueDateTo" label={words("issueDateTo")} />,
    <SelectInput key="currency" source="currency" label={words("currency")} choices={CURRENCY_CHOICES} />,
    <BooleanInput key="sent" source="sent" label={words("sent")} parse={onlyWhenOn} />,
    // SPV's status, none yet, or the deadline near (the home's 'Termen e-Factura').
    <SelectInput
      key="efactura"
      source="efactura"
      label={words("efactura")}
      choices={EFACTURA_FILTERS.map((id) => ({ id, name: EFACTURA_FILTER_LABELS[id] }))}
      translateChoice={false}
    />,
  ];
}
