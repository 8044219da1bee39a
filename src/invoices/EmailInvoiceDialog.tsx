/**
 * 'Trimite pe e-mail': the form the server prefills (the customer's address; the tenant's cc,
 * subject and body, with SmartBill's #…# placeholders left for SmartBill to fill), checked here
 * before it goes (every address must be one), then sent through SmartBill. The server's message
 * says how it went; the dialog stays open after a failure, with what was typed.
 */
import { useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { Invoice, InvoiceEmailForm } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";
import type { AppDataProvider } from "../providers/customMethods";
import { invoiceName } from "./invoiceText";
import type { RunAction } from "./useInvoiceActionRunner";

const ADDRESS = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The first of a list of addresses ('a@b.ro, c@d.ro') that is not one, or undefined. */
export function badAddress(list: string): string | undefined {
  return list
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean)
    .find((address) => !ADDRESS.test(address));
}

type Errors = Partial<Record<keyof InvoiceEmailForm, string>>;

function checkForm(form: InvoiceEmailForm, translate: (key: string, options?: object) => string): Errors {
  const errors: Errors = {};
  const required = translate("resources.invoices.life.email.required");
  if (!form.to.trim()) errors.to = required;
  else if (badAddress(form.to)) errors.to = translate("resources.invoices.life.email.badAddress", { address: badAddress(form.to) });
  if (form.cc && badAddress(form.cc)) errors.cc = translate("resources.invoices.life.email.badAddress", { address: badAddress(form.cc) });
  if (!form.subject.trim()) errors.subject = required;
  if (!form.body.trim()) errors.body = required;
  return errors;
}

function EmailForm({ invoice, prefill, run, sending, onClose }: {
  invoice: Invoice;
  prefill: InvoiceEmailForm;
  run: RunAction;
  sending: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [form, setForm] = useState<InvoiceEmailForm>({ ...prefill, cc: prefill.cc ?? "" });
  const [errors, setErrors] = useState<Errors>({});
  const field = (name: keyof InvoiceEmailForm) => ({
    value: form[name] ?? "",
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: event.target.value }),
    error: !!errors[name],
    label: translate(`resources.invoices.life.email.${name}`),
    fullWidth: true,
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = checkForm(form, translate);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const cc = form.cc?.trim();
    const sent = await run("email", () =>
      dataProvider.emailInvoice(invoice.id, { to: form.to.trim(), ...(cc ? { cc } : {}), subject: form.subject, body: form.body }),
    );
    if (sent.done) onClose();
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField {...field("to")} required type="email" helperText={errors.to ?? translate("resources.invoices.life.email.addressesHint")} />
          <TextField {...field("cc")} helperText={errors.cc} />
          <TextField {...field("subject")} required helperText={errors.subject} />
          <TextField
            {...field("body")}
            required
            multiline
            minRows={5}
            helperText={errors.body ?? translate("resources.invoices.life.email.placeholders")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("resources.invoices.life.email.cancel")}</Button>
        <Button type="submit" variant="contained" disabled={sending}>
          {translate(sending ? "resources.invoices.life.email.sending" : "resources.invoices.life.email.send")}
        </Button>
      </DialogActions>
    </form>
  );
}

export function EmailInvoiceDialog(props: { invoice: Invoice; run: RunAction; sending: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { invoice, onClose } = props;
  const prefill = useQuery({
    queryKey: ["invoices", "emailForm", invoice.id],
    queryFn: ({ signal }) => dataProvider.invoiceEmailForm(invoice.id, signal),
    retry: false,
    gcTime: 0,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="email-invoice-title">
      <DialogTitle id="email-invoice-title">{translate("resources.invoices.life.email.title", { name: invoiceName(invoice) })}</DialogTitle>
      {prefill.data ? (
        <EmailForm {...props} prefill={prefill.data} />
      ) : (
        <DialogContent>
          {prefill.error ? (
            <Alert severity="error">
              {translate("resources.invoices.life.email.loadError", { message: errorMessage(prefill.error, translate("resources.invoices.life.genericError")) })}
            </Alert>
          ) : (
            <Alert severity="info">{translate("resources.invoices.life.email.loading")}</Alert>
          )}
          <DialogActions>
            <Button onClick={onClose}>{translate("resources.invoices.life.email.cancel")}</Button>
          </DialogActions>
        </DialogContent>
      )}
    </Dialog>
  );
}
