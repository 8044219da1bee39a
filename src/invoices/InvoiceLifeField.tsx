/**
 * The list's 'Încasare' column: where a sent invoice stands in SmartBill. '—' for a request not
 * issued yet; 'Ștearsă din SmartBill', 'Anulată' or 'Storno pentru #n' where they apply, else its
 * payment status; and, for an invoice reversed, a link to its storno (each storno links back).
 */
import { useRecordContext, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import type { Invoice } from "../../contract/api";
import type { DocumentResource } from "./documentKind";
import { invoicedAsName } from "./invoiceText";
import { PaymentStatusChip } from "./PaymentStatusChip";

/** A link to another invoice (or proforma) inside a clickable row: it opens that one, not this row's. */
export function InvoiceLink({ id, resource = "invoices", children }: { id: number; resource?: DocumentResource; children: string }) {
  return (
    <Link component={RouterLink} to={`/${resource}/${id}`} onClick={(event) => event.stopPropagation()} variant="body2">
      {children}
    </Link>
  );
}

export function InvoiceLifeField(_props: { label?: string }) {
  const invoice = useRecordContext<Invoice>();
  const translate = useTranslate();
  if (!invoice) return null;
  if (invoice.status !== "sent" || !invoice.sentNumber) return <span>{translate("resources.invoices.life.payment.none")}</span>;
  const word = (key: string, color: "default" | "error" = "default") => (
    <Chip size="small" color={color} variant="outlined" label={translate(`resources.invoices.life.payment.${key}`)} data-testid="payment-status" />
  );
  // A proforma is not paid: its column says the invoice it became, if any.
  const invoicedAs = invoice.documentType === "proforma" ? invoicedAsName(invoice) : null;
  const invoicedText = invoicedAs && translate("resources.proformas.links.invoicedAs", { name: invoicedAs });
  return (
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
      {invoice.deletedFromSmartBill
        ? word("deleted", "error")
        : invoice.cancelled
          ? word("cancelled", "error")
          : invoice.reversalOfId !== null
            ? word("storno")
            : invoice.documentType === "proforma"
              ? invoice.invoiceId === null
                ? invoicedText ?? translate("resources.invoices.life.payment.none")
                : <InvoiceLink id={invoice.invoiceId}>{invoicedText!}</InvoiceLink>
              : <PaymentStatusChip payment={invoice.payment} />}
      {invoice.reversalOfId !== null && (
        <InvoiceLink id={invoice.reversalOfId}>{translate("resources.invoices.life.payment.stornoOf", { id: invoice.reversalOfId })}</InvoiceLink>
      )}
      {invoice.reversedById !== null && (
        <InvoiceLink id={invoice.reversedById}>{translate("resources.invoices.life.payment.reversedBy", { id: invoice.reversedById })}</InvoiceLink>
      )}
    </Stack>
  );
}
