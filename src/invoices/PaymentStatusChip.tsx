/** SmartBill's payment status of an issued invoice as last read: 'Neîncasată', 'Încasată parțial', 'Încasată' (or not read yet). */
import { useTranslate } from "react-admin";
import Chip from "@mui/material/Chip";
import type { Invoice } from "../../contract/api";

const COLORS = { unpaid: "warning", partial: "info", paid: "success" } as const;

export function PaymentStatusChip({ payment }: { payment: Invoice["payment"] }) {
  const translate = useTranslate();
  if (!payment) return <Chip size="small" variant="outlined" label={translate("resources.invoices.life.payment.unknown")} data-testid="payment-status" />;
  return (
    <Chip size="small" color={COLORS[payment.status]} label={translate(`resources.invoices.life.payment.${payment.status}`)} data-testid="payment-status" />
  );
}
