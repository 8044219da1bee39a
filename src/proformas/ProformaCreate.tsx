/** 'Proformă nouă' (/proformas/create): the invoices' create screen, making a proforma in SmartBill's proforma series. */
import { InvoiceCreate } from "../invoices/InvoiceCreate";
import { ProformaScope } from "./ProformaScope";

export function ProformaCreate() {
  return (
    <ProformaScope>
      <InvoiceCreate />
    </ProformaScope>
  );
}
