/**
 * 'Trimite pe e-mail' for a customer's statement: the address prefilled with the customer's
 * e-mail, checked at the field by the product's one address rule before anything is sent; the
 * server then e-mails the period's PDF and says so. A refusal of the server stays in the dialog,
 * at the field when it names one, with what was typed.
 */
import { useState, type FormEvent } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import type { Customer } from "../../contract/api";
import { isEmailAddress } from "../../contract/emailAddress";
import { errorMessage } from "../common/errorMessage";
import { formatDay } from "../invoices/invoiceText";
import type { AppDataProvider, StatementPeriod } from "../providers/customMethods";

export function StatementEmailDialog({ customer, period, onClose }: { customer: Customer; period: StatementPeriod; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [to, setTo] = useState(customer.email ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const check = (address: string) => {
    if (!address) return translate("customerStatement.email.required");
    return isEmailAddress(address) ? null : translate("customerStatement.email.badAddress", { address });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = to.trim();
    const problem = check(address);
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    setSending(true);
    try {
      const { message } = await dataProvider.emailCustomerStatement(customer.id, { to: address, ...period });
      notify(message, { type: "success" });
      onClose();
    } catch (error) {
      const atField = (error as { body?: { errors?: Record<string, string> } })?.body?.errors?.to;
      if (atField) setFieldError(atField);
      else setFailure(errorMessage(error, translate("app.genericError")));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="statement-email-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="statement-email-title">{translate("customerStatement.email.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate("customerStatement.email.hint", { period: `${formatDay(period.dateFrom)} – ${formatDay(period.dateTo)}` })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="email"
            label={translate("customerStatement.email.to")}
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              setFieldError(null);
            }}
            error={fieldError !== null}
            helperText={fieldError ?? " "}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate("customerStatement.email.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {translate("customerStatement.email.send")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
