/**
 * 'Transformă în factură' on a proforma's screen: SmartBill issues the invoice from the proforma
 * (its products, its customer), in the invoice series chosen in the confirmation: at first the
 * tenant's own, which the server knows (the series of its last invoice issued, else 'SBL'), or
 * one of SmartBill's invoice series. Offered only where
 * SmartBill would do it: a proforma sent with a number, not cancelled nor deleted there, that has
 * not become an invoice yet. The server issues it once however often it is asked (a double click,
 * a retry after a lost answer); an unknown outcome keeps the confirmation open to ask again, a
 * refusal shows the server's words. Done, a notification names the invoice and links to it.
 */
import { useState } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import type { Invoice } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";
import { invoiceName } from "../invoices/invoiceText";
import type { AppDataProvider, ProformaInvoiceResult } from "../providers/customMethods";

type Proforma = Pick<Invoice, "status" | "sentNumber" | "cancelled" | "deletedFromSmartBill" | "invoiceId" | "invoicedAs">;

/** Whether SmartBill would issue an invoice from the proforma now. */
export function canBecomeInvoice(proforma: Proforma): boolean {
  return (
    proforma.status === "sent" &&
    !!proforma.sentNumber &&
    !proforma.cancelled &&
    !proforma.deletedFromSmartBill &&
    proforma.invoiceId === null &&
    proforma.invoicedAs === null
  );
}

/** SmartBill's invoice series to choose from; empty when it cannot be read (a series is typed then, or none for the tenant's). */
function useInvoiceSeriesNames(): string[] | undefined {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ["invoices", "series"],
    queryFn: ({ signal }) => dataProvider.invoiceSeries(signal),
    retry: false,
  });
  return data && (data.fromProvider ? data.series.map(({ name }) => name) : []);
}

/** The choice that sends no series: the server's default, the tenant's own. */
const TENANT_SERIES = "";

function failureStatus(failure: unknown): number | undefined {
  return (failure as { status?: number })?.status;
}

function ToInvoiceDialog({ proforma, onClose }: { proforma: Invoice; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const names = useInvoiceSeriesNames();
  const [seriesName, setSeriesName] = useState(TENANT_SERIES);
  const name = invoiceName(proforma);

  const done = (result: ProformaInvoiceResult) => {
    const invoice = invoiceName(result.invoice);
    const text = translate("resources.proformas.toInvoice.done", { invoice, proforma: name });
    // An element, so that the notification carries the link; its words are translated here.
    notify(
      <Alert severity="success" variant="filled" role="status">
        {text}{" "}
        <Link component={RouterLink} to={`/invoices/${result.invoice.id}`} color="inherit" underline="always">
          {translate("resources.proformas.toInvoice.open", { invoice })}
        </Link>
      </Alert>,
      { autoHideDuration: 15_000 },
    );
    onClose();
  };

  const transform = useMutation({
    mutationFn: () => dataProvider.invoiceFromProforma(proforma.id, seriesName.trim() === TENANT_SERIES ? {} : { seriesName: seriesName.trim() }),
    onSuccess: done,
    onError: (failure) => {
      const message = errorMessage(failure, translate("resources.invoices.life.genericError"));
      const status = failureStatus(failure);
      notify(message, { messageArgs: { _: message }, type: status === 409 ? "warning" : "error", multiLine: true, autoHideDuration: 10_000 });
      // A refusal closes the confirmation; an unknown outcome (no answer, 5xx) leaves it to ask again, which issues one invoice still.
      if (status !== undefined && status !== 0 && status < 500) onClose();
    },
    // The proforma now links to its invoice, and the invoices' list has a new one.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ["proformas"] }), queryClient.invalidateQueries({ queryKey: ["invoices"] })]),
  });

  const label = translate("resources.proformas.toInvoice.series");
  return (
    <Dialog open onClose={transform.isPending ? undefined : onClose} aria-labelledby="proforma-to-invoice-title" maxWidth="sm" fullWidth>
      <DialogTitle id="proforma-to-invoice-title">{translate("resources.proformas.toInvoice.title", { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate("resources.proformas.toInvoice.content", { name })}</DialogContentText>
        {names && names.length > 0 ? (
          <TextField
            select
            label={label}
            value={seriesName}
            onChange={(event) => setSeriesName(event.target.value)}
            size="small"
            fullWidth
            // The tenant's series is the empty value: shown by its words, not as an empty box.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={TENANT_SERIES}>{translate("resources.proformas.toInvoice.tenantSeries")}</MenuItem>
            {names.map((series) => (
              <MenuItem key={series} value={series}>
                {series}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            label={label}
            value={seriesName}
            onChange={(event) => setSeriesName(event.target.value)}
            size="small"
            fullWidth
            helperText={translate("resources.proformas.toInvoice.typedSeries")}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={transform.isPending}>
          {translate("resources.proformas.toInvoice.cancel")}
        </Button>
        <Button variant="contained" onClick={() => transform.mutate()} disabled={transform.isPending}>
          {translate(transform.isPending ? "resources.proformas.toInvoice.working" : "resources.proformas.toInvoice.action")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ProformaToInvoice({ proforma }: { proforma: Invoice }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!canBecomeInvoice(proforma)) return null;
  return (
    <>
      <Button variant="contained" size="small" startIcon={<ReceiptLongIcon />} onClick={() => setOpen(true)}>
        {translate("resources.proformas.toInvoice.action")}
      </Button>
      {open && <ToInvoiceDialog proforma={proforma} onClose={() => setOpen(false)} />}
    </>
  );
}
