/** An invoice's state as words: a request, sent with its series and number (or a draft in SmartBill), refused, unclear. */
import { useRecordContext, useTranslate } from "react-admin";
import Chip from "@mui/material/Chip";
import type { Invoice } from "../../contract/api";

const COLORS = { draft: "default", sending: "info", sent: "success", refused: "error", unclear: "warning" } as const;

export function invoiceStatusText(invoice: Pick<Invoice, "status" | "sentSeries" | "sentNumber">, translate: (key: string, options?: Record<string, unknown>) => string): string {
  if (invoice.status === "sent") {
    return invoice.sentNumber
      ? translate("resources.invoices.status.sent", { series: invoice.sentSeries ?? "", number: invoice.sentNumber })
      : translate("resources.invoices.status.sentAsDraft"); // SmartBill numbers no draft
  }
  return translate(`resources.invoices.status.${invoice.status}`);
}

export function InvoiceStatusField(_props: { label?: string }) {
  const invoice = useRecordContext<Invoice>();
  const translate = useTranslate();
  if (!invoice) return null;
  return <Chip size="small" color={COLORS[invoice.status]} label={invoiceStatusText(invoice, translate)} />;
}
