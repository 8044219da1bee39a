/**
 * 'Înregistrează încasare': the amount (what SmartBill last said is unpaid, read now when it was
 * never read), the date (today) and SmartBill's payment type. The amount is read as Romanians
 * write it, as the dialog shows it (5.000,00; contract/romanianNumber.ts), and more than is left
 * to pay is refused here, before SmartBill is asked (the server refuses it too). The dialog makes
 * its request id once, when it opens, and sends it with every try: a double click, a retry after
 * a lost answer or a time-out is the same payment, recorded once. The button stays disabled while
 * a try is in flight.
 */
import { useEffect, useRef, useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { Invoice } from "../../contract/api";
import { romanianInputText } from "../../contract/romanianNumber";
import { errorMessage } from "../common/errorMessage";
import type { AppDataProvider } from "../providers/customMethods";
import { formatMoney, invoiceName, newRequestId, today } from "./invoiceText";
import { readTypedNumber } from "./typedNumber";
import type { RunAction } from "./useInvoiceActionRunner";

type Errors = Partial<Record<"amount" | "date" | "type", string>>;

/** An amount prefilled as the screens show amounts (5.000,00), which the reader reads back. */
const asTyped = (amount: number) => romanianInputText(amount, 2);

/** One status read per invoice at a time, however often a dialog mounts (React runs effects twice in development). */
const statusReads = new Map<number, ReturnType<AppDataProvider["refreshPaymentStatus"]>>();
function readStatusOnce(dataProvider: AppDataProvider, invoiceId: number) {
  let read = statusReads.get(invoiceId);
  if (!read) {
    read = dataProvider.refreshPaymentStatus(invoiceId).finally(() => statusReads.delete(invoiceId));
    statusReads.set(invoiceId, read);
  }
  return read;
}

export function PaymentDialog({ invoice, run, saving, onClose }: {
  invoice: Invoice;
  run: RunAction;
  saving: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [requestId] = useState(newRequestId);
  const unpaid = invoice.payment && invoice.payment.unpaid > 0 ? invoice.payment.unpaid : undefined;
  // What SmartBill last said is left to pay (the invoice is read again after the status read below).
  const leftToPay = invoice.payment ? Math.max(invoice.payment.unpaid, 0) : undefined;
  const [amount, setAmount] = useState(unpaid === undefined ? "" : asTyped(unpaid));
  const typed = useRef(false);
  const queryClient = useQueryClient();
  const neverRead = invoice.payment === null;
  useEffect(() => {
    if (!neverRead) return;
    // What is unpaid is SmartBill's to say: asked once, the amount proposed unless one was typed meanwhile.
    let open = true;
    readStatusOnce(dataProvider, invoice.id)
      .then(({ invoice: now }) => {
        if (open && !typed.current && now.payment && now.payment.unpaid > 0) setAmount(asTyped(now.payment.unpaid));
        void queryClient.invalidateQueries({ queryKey: ["invoices"] });
      })
      .catch(() => undefined); // the clerk types the amount; the failed read is in the history
    return () => {
      open = false;
    };
  }, [neverRead, dataProvider, invoice.id, queryClient]);
  // Today, but never before the invoice's day (the server refuses that): an invoice issued in the
  // evening in Romania is already dated tomorrow for a clerk west of it.
  const [date, setDate] = useState(() => (today() < invoice.issueDate ? invoice.issueDate : today()));
  const [type, setType] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const types = useQuery({
    queryKey: ["invoices", "paymentTypes"],
    queryFn: ({ signal }) => dataProvider.paymentTypes(signal),
    retry: false,
    staleTime: 60 * 60_000,
  });
  const chosenType = type || types.data?.[0] || "";

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const typedAmount = readTypedNumber(amount, translate, {
      required: translate("resources.invoices.life.paymentDialog.required"),
      min: "aboveZero",
      positiveMessage: translate("resources.invoices.life.paymentDialog.amountInvalid"),
      maxDecimals: 2,
      decimalsMessage: translate("resources.invoices.life.paymentDialog.amountInvalid"),
    });
    const value = typedAmount.ok ? typedAmount.value : null;
    if (!typedAmount.ok) found.amount = typedAmount.error;
    else if (value !== null && leftToPay !== undefined && Math.round(value * 100) > Math.round(leftToPay * 100)) {
      found.amount =
        leftToPay > 0
          ? translate("resources.invoices.life.paymentDialog.overUnpaid", { unpaid: formatMoney(leftToPay, invoice.currency) })
          : translate("resources.invoices.life.paymentDialog.nothingUnpaid");
    }
    if (!date) found.date = translate("resources.invoices.life.paymentDialog.required");
    if (!chosenType) found.type = translate("resources.invoices.life.paymentDialog.required");
    setErrors(found);
    if (Object.keys(found).length > 0 || value === null) return;
    const saved = await run("payment", () => dataProvider.addInvoicePayment(invoice.id, { requestId, amount: value, date, type: chosenType }));
    if (saved.done) onClose(); // else the dialog stays, with its request id, for another try
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="payment-dialog-title">
      <DialogTitle id="payment-dialog-title">{translate("resources.invoices.life.paymentDialog.title", { name: invoiceName(invoice) })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {types.error && (
              <Alert severity="error">
                {translate("resources.invoices.life.paymentDialog.typesError", {
                  message: errorMessage(types.error, translate("resources.invoices.life.genericError")),
                })}
              </Alert>
            )}
            <TextField
              label={translate("resources.invoices.life.paymentDialog.amount")}
              value={amount}
              onChange={(event) => {
                typed.current = true;
                setAmount(event.target.value);
              }}
              required
              inputMode="decimal"
              error={!!errors.amount}
              helperText={
                errors.amount ??
                (unpaid === undefined ? undefined : translate("resources.invoices.life.paymentDialog.unpaidHint", { unpaid: formatMoney(unpaid, invoice.currency) }))
              }
            />
            <TextField
              label={translate("resources.invoices.life.paymentDialog.date")}
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              required
              error={!!errors.date}
              helperText={errors.date}
              // The picker offers what the server accepts: from the invoice's day to tomorrow (the form does not validate natively).
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: invoice.issueDate, max: today(new Date(Date.now() + 86_400_000)) } }}
            />
            <TextField
              select
              label={translate("resources.invoices.life.paymentDialog.type")}
              value={chosenType}
              onChange={(event) => setType(event.target.value)}
              required
              error={!!errors.type}
              helperText={errors.type}
            >
              {(types.data ?? []).map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {translate("resources.invoices.life.paymentDialog.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate(saving ? "resources.invoices.life.paymentDialog.saving" : "resources.invoices.life.paymentDialog.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
