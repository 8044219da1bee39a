/**
 * A proforma's screen: the invoices' editor (data, lines, auto-save, checks, 'Trimite proforma'
 * exactly once, then its life in SmartBill and its history), with 'Transformă în factură' among
 * the sent proforma's actions.
 */
import type { Invoice } from "../../contract/api";
import { InvoiceEdit } from "../invoices/InvoiceEdit";
import { ProformaScope } from "./ProformaScope";
import { ProformaToInvoice } from "./ProformaToInvoice";

const toInvoice = (proforma: Invoice) => <ProformaToInvoice proforma={proforma} />;

export function ProformaEdit() {
  return (
    <ProformaScope>
      <InvoiceEdit lifeActions={toInvoice} />
    </ProformaScope>
  );
}
