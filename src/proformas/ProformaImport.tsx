/** 'Import proformă' (/proformas/import): the invoices' import form and workbook, making a proforma. */
import { InvoiceImport } from "../invoices/InvoiceImport";
import { ProformaScope } from "./ProformaScope";

export function ProformaImport() {
  return (
    <ProformaScope>
      <InvoiceImport />
    </ProformaScope>
  );
}
