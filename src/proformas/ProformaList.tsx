/** 'Facturi proforma': the invoices' list, speaking of proformas (ProformaScope): no payment, storno or buyer check; the invoice each became. */
import { InvoiceList } from "../invoices/InvoiceList";
import { ProformaScope } from "./ProformaScope";

export function ProformaList() {
  return (
    <ProformaScope>
      <InvoiceList />
    </ProformaScope>
  );
}
