/**
 * The links between a proforma and the invoice issued from it, on either's screen: a proforma that
 * became an invoice says 'Facturată: FCT 0012' (the number SmartBill gave the invoice, read back
 * from its list of the proforma's invoices) and links to the invoice; the invoice says 'Din
 * proforma PRO 0003' and links back. The proforma's number is read with it, as the invoice only
 * knows the proforma's id.
 */
import { useGetOne, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import type { Invoice } from "../../contract/api";
import { InvoiceLink } from "./InvoiceLifeField";
import { invoicedAsName, invoiceName } from "./invoiceText";

type Linked = Pick<Invoice, "documentType" | "invoiceId" | "invoicedAs" | "proformaId">;

function FromProforma({ proformaId }: { proformaId: number }) {
  const translate = useTranslate();
  const { data: proforma } = useGetOne<Invoice>("proformas", { id: proformaId }, { retry: false });
  const name = proforma ? invoiceName(proforma) : `#${proformaId}`;
  return (
    <Alert severity="info" sx={{ mb: 1 }} data-testid="proforma-link">
      <InvoiceLink id={proformaId} resource="proformas">
        {translate("resources.proformas.links.fromProforma", { name })}
      </InvoiceLink>
    </Alert>
  );
}

export function DocumentLinks({ document }: { document: Linked }) {
  const translate = useTranslate();
  if (document.documentType !== "proforma") return document.proformaId ? <FromProforma proformaId={document.proformaId} /> : null;
  const name = invoicedAsName(document);
  if (name === null) return null;
  const text = translate("resources.proformas.links.invoicedAs", { name });
  return (
    <Alert severity="success" sx={{ mb: 1 }} data-testid="invoice-link">
      {document.invoiceId === null ? text : <InvoiceLink id={document.invoiceId}>{text}</InvoiceLink>}
    </Alert>
  );
}
