/**
 * 'Proformă nouă' (/proformas/create): the invoices' create screen, making a proforma in SmartBill's
 * proforma series. A proforma moves no stock: only the invoice issued from it may, so that box
 * starts unticked and no warehouse is asked for unless the clerk ticks it.
 */
import { InvoiceCreate } from "../invoices/InvoiceCreate";
import { ProformaScope } from "./ProformaScope";

const PROFORMA_DEFAULTS = { useStock: false };

export function ProformaCreate() {
  return (
    <ProformaScope>
      <InvoiceCreate defaultValues={PROFORMA_DEFAULTS} />
    </ProformaScope>
  );
}
