/** 'Încasări': the payments recorded through the app on an issued invoice, each deletable (after a confirmation). */
import { useState } from "react";
import { Confirm, useDataProvider, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import Alert from "@mui/material/Alert";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import DeleteIcon from "@mui/icons-material/Delete";
import type { Invoice, InvoicePayment } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";
import type { AppDataProvider } from "../providers/customMethods";
import { paymentDeleteRule } from "./invoiceActionRules";
import { formatDay, formatMoney } from "./invoiceText";
import type { RunAction, RunnerAction } from "./useInvoiceActionRunner";

export function InvoicePayments({ invoice, run, pending }: { invoice: Invoice; run: RunAction; pending: RunnerAction | null }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [deleting, setDeleting] = useState<InvoicePayment | null>(null);
  const payments = useQuery({
    queryKey: ["invoices", "payments", invoice.id],
    queryFn: ({ signal }) => dataProvider.invoicePayments(invoice.id, signal),
    retry: false,
  });
  const rule = paymentDeleteRule(invoice);
  const why = !rule.enabled ? translate(`resources.invoices.life.why.${rule.why}`) : pending ? translate("resources.invoices.life.why.busy") : undefined;
  const money = (amount: number) => formatMoney(amount, invoice.currency);

  const remove = async (payment: InvoicePayment) => {
    const outcome = await run("paymentDelete", () => dataProvider.deleteInvoicePayment(invoice.id, payment.id));
    if (outcome.done || !outcome.retryable) setDeleting(null);
  };

  return (
    <section aria-labelledby="invoice-payments-title">
      <Typography id="invoice-payments-title" variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {translate("resources.invoices.life.payments.title")}
      </Typography>
      {payments.error ? (
        <Alert severity="error">
          {translate("resources.invoices.life.payments.loadError", { message: errorMessage(payments.error, translate("resources.invoices.life.genericError")) })}
        </Alert>
      ) : payments.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate("resources.invoices.life.payments.empty")}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby="invoice-payments-title">
          <TableHead>
            <TableRow>
              <TableCell>{translate("resources.invoices.life.payments.date")}</TableCell>
              <TableCell align="right">{translate("resources.invoices.life.payments.amount")}</TableCell>
              <TableCell>{translate("resources.invoices.life.payments.type")}</TableCell>
              <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{translate("resources.invoices.life.payments.by")}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(payments.data ?? []).map((payment) => {
              const label = translate("resources.invoices.life.payments.delete", { date: formatDay(payment.date) });
              return (
                <TableRow key={payment.id} data-testid="invoice-payment">
                  <TableCell>{formatDay(payment.date)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {money(payment.amount)}
                  </TableCell>
                  <TableCell>
                    {payment.type}
                    {/* A cash payment's receipt, listed with the others ('Chitanțe'). */}
                    {payment.receiptId !== null && payment.receiptName ? (
                      <>
                        {" · "}
                        <Link to={`/receipts/${payment.receiptId}/show`}>
                          {translate("resources.receipts.receiptOfPayment", { number: payment.receiptName })}
                        </Link>
                      </>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>{payment.userEmail}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={why ?? label}>
                      <span>
                        <IconButton aria-label={label} size="small" disabled={!!why} onClick={() => setDeleting(payment)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {deleting && (
        <Confirm
          isOpen
          loading={pending === "paymentDelete"}
          title={translate("resources.invoices.life.payments.deleteTitle", { amount: money(deleting.amount), date: formatDay(deleting.date) })}
          content={translate("resources.invoices.life.payments.deleteContent")}
          confirmColor="warning"
          cancel={translate("resources.invoices.life.confirm.no")}
          confirm={translate("resources.invoices.life.confirm.yes")}
          onConfirm={() => void remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
