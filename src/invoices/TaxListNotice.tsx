/**
 * Says where the VAT rates on offer come from when it is not SmartBill just now: the list saved
 * from an earlier read (SmartBill could not be asked; its date shown), or no list read yet (a line
 * without a VAT percent will then be refused). Nothing while SmartBill answered.
 */
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import { useTaxList } from "./taxRates";

export function TaxListNotice() {
  const translate = useTranslate();
  const list = useTaxList();
  if (!list || list.source === "smartbill") return null;
  const text =
    list.source === "saved" && list.readAt
      ? translate("resources.invoices.taxList.saved", { date: new Date(list.readAt).toLocaleString("ro-RO", { dateStyle: "short", timeStyle: "short" }) })
      : translate("resources.invoices.taxList.none");
  return (
    <Alert severity="warning" data-testid="tax-list-notice" sx={{ mb: 1 }}>
      {text}
    </Alert>
  );
}
