/**
 * The invoice's screen (/smartbill/invoice/edit/{id}), headed 'Factură #id — de trimis în
 * SmartBill' until it is sent and then by what names it ('Factura SBL 12 · client · total'): the
 * invoice's data (tab 'Date factură', auto-saved 1 s after the last change, with the save state
 * shown) and its lines (tab 'Produse', each change saved at once), then 'Trimite Factura'.
 *
 * Saving sends the version the screen was loaded from; the server refuses a stale one (409) when
 * another tab or user saved meanwhile, and the screen shows what differs and lets the user keep
 * their changes or reload the other version (SaveConflictAlert). A sent invoice is read-only: right
 * after the send, as when reopened, the screen shows it whole (client, lines, totals) under its
 * life in SmartBill (PDF, e-mail, payments, cancel, storno, delete) and its history
 * (InvoiceLifePanel). A refusal from SmartBill shows as current until the invoice is changed,
 * then as the last send's outcome, greyed; the history is read again after every send.
 */
import { useCallback, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { useDataProvider, useGetOne, useTranslate, useUpdate } from "react-admin";
import { useMutation } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import SendIcon from "@mui/icons-material/Send";
import type { Invoice, InvoiceForm, InvoiceUpdate, InvoiceLine } from "../../contract/api";
import { MAX_INVOICE_LINES } from "../../contract/constants";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import type { AppDataProvider } from "../providers/customMethods";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import { SaveConflict, SaveRejected } from "./autoSaver";
import { InvoiceFormFields, type InvoiceFormValues, useWarehouses } from "./InvoiceFormFields";
import { formPayload } from "./invoiceDefaults";
import { InvoiceLifePanel } from "./InvoiceLifePanel";
import { InvoiceLines } from "./InvoiceLines";
import { formatWhen, invoiceHeading } from "./invoiceText";
import { SaveConflictAlert } from "./SaveConflictAlert";
import { SaveStateIcon } from "./SaveStateIcon";
import { type SendOutcome, sendFailure, sendOutcome, sentNote } from "./sendResultText";
import { useTaxRates } from "./taxRates";
import { useAutoSave } from "./useAutoSave";

/**
 * The invoice as the server holds it. Read afresh each time the screen opens (nothing cached
 * outlives it) and not behind the user's back while they edit (no refetch on focus); a failure
 * shows at once, without retries.
 */
function useInvoice(id: number) {
  return useGetOne<Invoice>(
    "invoices",
    { id },
    { retry: false, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
}

function valuesOf(invoice: Invoice): InvoiceFormValues {
  const { clientId, clientName } = invoice;
  return {
    client: clientId === null ? null : { id: clientId, clientName: clientName ?? `#${clientId}` },
    clientId,
    warehouseId: invoice.warehouseId,
    issueDate: invoice.issueDate,
    dueDays: invoice.dueDays,
    useStock: invoice.useStock,
    mentions: invoice.mentions,
    observations: invoice.observations,
    draft: invoice.draft,
    saveToDb: invoice.saveToDb,
    seriesName: invoice.seriesName,
    currency: invoice.currency,
    language: invoice.language,
    precision: invoice.precision,
  };
}

function status(failure: unknown): number | undefined {
  return (failure as { status?: number }).status;
}

/** SmartBill's refusal of the last send, when it came, and whether the invoice changed since. */
interface Refusal {
  text: string;
  at: string;
  changedSince: boolean;
}

function RefusalNote({ refusal }: { refusal: Refusal }) {
  const translate = useTranslate();
  const options = { errorText: refusal.text, when: formatWhen(refusal.at) };
  return refusal.changedSince ? (
    <Alert severity="info" variant="outlined" sx={{ mb: 2, color: "text.secondary" }} data-testid="refusal" data-current="false">
      {translate("resources.invoices.refusal.past", options)}
    </Alert>
  ) : (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="refusal" data-current="true">
      {translate("resources.invoices.refusal.current", options)}
    </Alert>
  );
}

function InvoiceEditor({ loaded, reload }: { loaded: Invoice; reload: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const warehouses = useWarehouses();
  const taxes = useTaxRates();
  const { data: fetched = loaded, refetch } = useInvoice(loaded.id);
  // The send's own answer, until the invoice is read again after it: the sent invoice at once.
  const [afterSend, setAfterSend] = useState<Invoice | null>(null);
  const invoice = afterSend && afterSend.updatedAt > fetched.updatedAt ? afterSend : fetched;
  const [update] = useUpdate<Invoice>();
  const [tab, setTab] = useState<"data" | "lines">("data");
  const [values, setValues] = useState(() => valuesOf(loaded));
  const latest = useRef(values);
  // The form as last loaded or saved: what a version saved elsewhere meanwhile was edited from.
  const base = useRef<InvoiceForm>(formPayload(values));
  const [lines, setLines] = useState<readonly InvoiceLine[]>(loaded.products ?? []);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(() =>
    loaded.status === "refused" && loaded.errorText ? { text: loaded.errorText, at: loaded.updatedAt, changedSince: false } : null,
  );
  // The version the next save was edited from: a save may start before React renders the last answer.
  const version = useRef(loaded.version);
  const readOnly = invoice.status === "sent" || invoice.status === "sending";

  const { state, edit, flush, resolveConflict } = useAutoSave<InvoiceFormValues>(async (form) => {
    const payload = formPayload(form);
    const data: InvoiceUpdate = { ...payload, version: version.current };
    try {
      const saved = (await update(
        "invoices",
        { id: loaded.id, data, previousData: invoice },
        { mutationMode: "pessimistic", returnPromise: true },
      )) as Invoice;
      version.current = saved.version;
      base.current = payload;
    } catch (failure) {
      if (status(failure) === 409) throw new SaveConflict();
      if (status(failure) === 400) throw new SaveRejected();
      throw failure;
    }
  });

  /** The invoice changed here: a refusal no longer describes it. */
  const changed = useCallback(() => {
    setRefusal((old) => (old && !old.changedSince ? { ...old, changedSince: true } : old));
    setOutcome((old) => (old?.kind === "refused" ? null : old));
  }, []);

  const change = useCallback(
    (patch: Partial<InvoiceFormValues>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setValues(next);
      edit(next);
      changed();
    },
    [edit, changed],
  );

  const changeLines = useCallback(
    (now: readonly InvoiceLine[]) => {
      setLines(now);
      changed();
    },
    [changed],
  );

  /** After a conflict: what was typed here, merged with the other version, saved over it. */
  const keepMine = (merged: InvoiceFormValues, otherVersion: number) => {
    latest.current = merged;
    setValues(merged);
    version.current = otherVersion;
    void resolveConflict(merged);
  };

  const { mutate: send, isPending: sending } = useMutation({
    mutationFn: async () => {
      await flush(); // SmartBill gets what the screen shows
      return dataProvider.sendInvoice(loaded.id);
    },
    onMutate: () => setOutcome(null),
    onSuccess: (result) => {
      const said = sendOutcome(result, translate);
      setOutcome(said);
      if (result.invoice) setAfterSend(result.invoice);
      const errorText = result.invoice?.status === "refused" ? result.invoice.errorText : null;
      if (errorText) setRefusal({ text: errorText, at: result.invoice.updatedAt, changedSince: false });
      void refetch(); // the invoice's state after the send
    },
    onError: (failure) => setOutcome(sendFailure((failure as { body?: { message?: string } }).body?.message, translate)),
    // Whatever the outcome, the history has a new entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["invoices", "history", loaded.id] }),
  });

  const sendIfNotTooLong = () => {
    if (lines.length > MAX_INVOICE_LINES) {
      setOutcome({ kind: "failed", text: translate("resources.invoices.tooManyLines", { smart_count: lines.length, max: MAX_INVOICE_LINES }) });
      return;
    }
    send();
  };

  // A sent invoice's life in SmartBill comes first; a request's history (a refused send) after its form.
  const life = <InvoiceLifePanel invoice={invoice} />;
  return (
    <>
      <ScreenHeading inAppBar>{invoiceHeading(invoice, lines, translate)}</ScreenHeading>
      <SmartBillConnectionNotice />
      {outcome?.kind === "success" && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {outcome.text}
        </Alert>
      )}
      {invoice.status === "sent" && life}
      <Paper sx={{ p: 2, mt: 2 }}>
        <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1 }}>
          <Tabs value={tab} onChange={(_, next) => setTab(next)} sx={{ flex: 1 }}>
            <Tab value="data" label={translate("resources.invoices.tabs.data")} />
            <Tab value="lines" label={translate("resources.invoices.tabs.lines")} />
          </Tabs>
          {!readOnly && <SaveStateIcon state={state} />}
        </Stack>
        {invoice.status === "sent" && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {sentNote(invoice, translate)}
          </Alert>
        )}
        {invoice.status === "unclear" && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate("resources.invoices.unclearNote")}
          </Alert>
        )}
        {/* A refusal just answered shows beside 'Trimite Factura'; here, one read with the invoice or changed since. */}
        {refusal && !readOnly && outcome?.kind !== "refused" && <RefusalNote refusal={refusal} />}
        {state.error === "failed" && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate("resources.invoices.saveError")}
          </Alert>
        )}
        {state.error === "conflict" && (
          <SaveConflictAlert
            invoiceId={loaded.id}
            base={base.current}
            mine={values}
            warehouses={warehouses}
            onReload={reload}
            onKeep={keepMine}
          />
        )}
        <Box hidden={tab !== "data"}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void flush();
            }}
          >
            <InvoiceFormFields values={values} onChange={change} disabled={readOnly} />
            {!readOnly && (
              <Button type="submit" variant="outlined" sx={{ mt: 2 }}>
                {translate("resources.invoices.save")}
              </Button>
            )}
          </form>
        </Box>
        <Box hidden={tab !== "lines"}>
          <InvoiceLines
            invoiceId={loaded.id}
            lines={loaded.products ?? []}
            onLinesChange={changeLines}
            warehouses={warehouses}
            taxes={taxes}
            currency={values.currency}
            precision={values.precision}
            readOnly={readOnly}
          />
        </Box>
        {outcome && outcome.kind !== "success" && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {outcome.text}
          </Alert>
        )}
        {!readOnly && (
          <Button
            variant="contained"
            color="success"
            size="large"
            startIcon={<SendIcon />}
            onClick={sendIfNotTooLong}
            disabled={sending}
            sx={{ mt: 3 }}
          >
            {translate(sending ? "resources.invoices.sending" : "resources.invoices.send")}
          </Button>
        )}
      </Paper>
      {invoice.status !== "sent" && life}
    </>
  );
}

export function InvoiceEdit() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const { data: invoice, error, refetch } = useInvoice(id);
  // Bumped once a reload has read the invoice again: the editor starts afresh from it.
  const [generation, setGeneration] = useState(0);
  const reload = () => void refetch().then(() => setGeneration((n) => n + 1));

  return (
    <RequireAccess resource="invoices">
      {error || !invoice ? (
        <>
          <ScreenHeading inAppBar>{translate("resources.invoices.heading.loading", { id })}</ScreenHeading>
          <SmartBillConnectionNotice />
          <Alert severity={error ? "error" : "info"} sx={{ mt: 2 }}>
            {translate(error ? "resources.invoices.loadError" : "resources.invoices.loading")}
          </Alert>
        </>
      ) : (
        <InvoiceEditor key={`${invoice.id}-${generation}`} loaded={invoice} reload={reload} />
      )}
    </RequireAccess>
  );
}
