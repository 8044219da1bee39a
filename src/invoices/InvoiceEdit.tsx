/**
 * The invoice's screen (/smartbill/invoice/edit/{id}), headed 'Factură #id — de trimis în
 * SmartBill' until it is sent and then by what names it ('Factura SBL 12 · client · total'): the
 * invoice's data (tab 'Date factură', auto-saved 1 s after the last change, with the save state
 * shown) and its lines (tab 'Produse', each change saved at once), then 'Trimite Factura', with
 * the customer's problems for e-Factura before it (BuyerCheckedSendButton: a second click sends anyway).
 * The data is react-admin's form (InvoiceFormFields): the auto-save watches it without rendering,
 * and the save state reaches only what shows it, so a keystroke re-renders its own input alone.
 *
 * Saving sends the version the screen was loaded from; the server refuses a stale one (409) when
 * another tab or user saved meanwhile, and the screen shows what differs and lets the user keep
 * their changes or reload the other version (SaveConflictAlert). A sent invoice is read-only: right
 * after the send, as when reopened, the screen shows it whole (client, lines, totals) under its
 * life in SmartBill (PDF, e-mail, payments, cancel, storno, delete) and its history
 * (InvoiceLifePanel). A refusal from SmartBill shows as current until the invoice is changed,
 * then as the last send's outcome, greyed; the history is read again after every send.
 */
import { memo, type ReactNode, type RefObject, startTransition, useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { Form, useDataProvider, useGetOne, useTranslate, useUpdate } from "react-admin";
import { useFormContext } from "react-hook-form";
import { useMutation } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import type { Invoice, InvoiceForm, InvoiceUpdate, InvoiceLine } from "../../contract/api";
import { MAX_INVOICE_LINES } from "../../contract/constants";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import type { AppDataProvider } from "../providers/customMethods";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import { SaveConflict, SaveInvalid, SaveRejected, type SaveState } from "./autoSaver";
import { BuyerCheckedSendButton } from "./BuyerCheckedSendButton";
import { useDocumentKind } from "./documentKind";
import { FormValuesWatcher } from "./FormValuesWatcher";
import { InvoiceFormFields, type InvoiceFormValues, useWarehouses } from "./InvoiceFormFields";
import { formPayload } from "./invoiceDefaults";
import { InvoiceLifePanel } from "./InvoiceLifePanel";
import { InvoiceLines } from "./InvoiceLines";
import { formatWhen, invoiceHeading } from "./invoiceText";
import { SaveConflictAlert } from "./SaveConflictAlert";
import { SaveStateIcon } from "./SaveStateIcon";
import { type SendOutcome, sendFailure, sendOutcome, sentNote } from "./sendResultText";
import { useTaxRates } from "./taxRates";
import { UnsavableEditsGuard } from "./UnsavableEditsGuard";
import { useAutoSave } from "./useAutoSave";
import { useStoreValue, ValueStore } from "./valueStore";

/**
 * The invoice as the server holds it. Read afresh each time the screen opens (nothing cached
 * outlives it) and not behind the user's back while they edit (no refetch on focus); a failure
 * shows at once, without retries.
 */
function useInvoice(id: number) {
  return useGetOne<Invoice>(
    useDocumentKind().resource,
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

/** What the form holds, as the API takes it: what is compared to know whether anything changed. */
const payloadKey = (values: InvoiceFormValues) => JSON.stringify(formPayload(values));

/** What the screen needs of the form from outside it: whether its values pass its checks, and replacing them. */
interface FormHandle {
  isValid: () => Promise<boolean>;
  replace: (values: InvoiceFormValues) => void;
}

/**
 * Inside the form: hands the screen its handle, and each change of the values (a keystroke
 * re-renders only its own input; this component renders nothing).
 */
function InvoiceFormLink({ handle, onValues }: { handle: RefObject<FormHandle | null>; onValues: (values: InvoiceFormValues) => void }) {
  const { trigger, reset } = useFormContext<InvoiceFormValues>();
  useEffect(() => {
    handle.current = { isValid: () => trigger(), replace: (values) => reset(values) };
    return () => {
      handle.current = null;
    };
  }, [handle, trigger, reset]);
  return <FormValuesWatcher onValues={onValues} />;
}

/** The save's troubles, read from the save state's store: only this re-renders when it changes. */
function SaveProblems({
  saveState,
  values,
  conflictAlert,
}: {
  saveState: ValueStore<SaveState>;
  values: ValueStore<InvoiceFormValues>;
  conflictAlert: (mine: InvoiceFormValues) => ReactNode;
}) {
  const translate = useTranslate();
  const error = useStoreValue(saveState, errorOf);
  return (
    <>
      {error === "failed" && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate("resources.invoices.saveError")}
        </Alert>
      )}
      {error === "conflict" && <ConflictWithMine values={values} conflictAlert={conflictAlert} />}
    </>
  );
}

const errorOf = (state: SaveState) => state.error;

/** The conflict's answer follows what is typed while it is shown. */
function ConflictWithMine({ values, conflictAlert }: { values: ValueStore<InvoiceFormValues>; conflictAlert: (mine: InvoiceFormValues) => ReactNode }) {
  return <>{conflictAlert(useStoreValue(values))}</>;
}

const currencyOf = (values: InvoiceFormValues) => values.currency;
const precisionOf = (values: InvoiceFormValues) => values.precision;

/**
 * The 'Date factură' tab: react-admin's form over the invoice's values, checked as typed; saving
 * is the auto-save's (the button saves at once). Memoised: the screen re-rendering (a line
 * stored, a send) leaves the fields alone.
 */
const InvoiceDataForm = memo(function InvoiceDataForm({
  initial,
  readOnly,
  handle,
  onValues,
  onSubmit,
  saveState,
}: {
  initial: InvoiceFormValues;
  readOnly: boolean;
  handle: RefObject<FormHandle | null>;
  onValues: (values: InvoiceFormValues) => void;
  onSubmit: () => Promise<void>;
  saveState: ValueStore<SaveState>;
}) {
  const translate = useTranslate();
  return (
    <Form defaultValues={initial} mode="onChange" onSubmit={() => void onSubmit()} disableInvalidFormNotification noValidate>
      <InvoiceFormLink handle={handle} onValues={onValues} />
      <UnsavableEditsGuard saveState={saveState} />
      <InvoiceFormFields disabled={readOnly} />
      {!readOnly && (
        <Button type="submit" variant="outlined" sx={{ mt: 2 }}>
          {translate("resources.invoices.save")}
        </Button>
      )}
    </Form>
  );
});

function InvoiceEditor({ loaded, reload, lifeActions }: { loaded: Invoice; reload: () => void; lifeActions?: (invoice: Invoice) => ReactNode }) {
  const translate = useTranslate();
  const { resource } = useDocumentKind();
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
  // The form's values live in the form; this store has the last of them for the few readers
  // outside it (the lines' currency and precision, a conflict's answer), each re-rendered only
  // when what it reads changes.
  const [initial] = useState(() => valuesOf(loaded));
  const [values] = useState(() => new ValueStore(initial));
  const form = useRef<FormHandle | null>(null);
  // The values last handed to the auto-save (or loaded): a change the form reports again is not an edit.
  const lastEdit = useRef(payloadKey(initial));
  // The form as last loaded or saved: what a version saved elsewhere meanwhile was edited from.
  const base = useRef<InvoiceForm>(formPayload(initial));
  const [lines, setLines] = useState<readonly InvoiceLine[]>(loaded.products ?? []);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(() =>
    loaded.status === "refused" && loaded.errorText ? { text: loaded.errorText, at: loaded.updatedAt, changedSince: false } : null,
  );
  // The version the next save was edited from: a save may start before React renders the last answer.
  const version = useRef(loaded.version);
  const readOnly = invoice.status === "sent" || invoice.status === "sending";
  // The lines (a hidden tab at first) are built after the data's first paint, as a transition
  // that a key typed meanwhile interrupts: the form is usable first.
  const [linesMounted, setLinesMounted] = useState(false);
  useEffect(() => startTransition(() => setLinesMounted(true)), []);
  const currency = useStoreValue(values, currencyOf);
  // How many lines are typed but not stored (not yet valid, refused, being saved): the save mark reads it.
  const [unsavedLines] = useState(() => new ValueStore(0));
  const precision = useStoreValue(values, precisionOf);

  const { saveState, edit, flush, resolveConflict } = useAutoSave<InvoiceFormValues>(async (changed) => {
    // Values the form's checks refuse stay unsaved, their message at the field.
    if (form.current && !(await form.current.isValid())) throw new SaveInvalid();
    const payload = formPayload(changed);
    const data: InvoiceUpdate = { ...payload, version: version.current };
    try {
      const saved = (await update(
        resource,
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

  // Read by the change handler without making it change: it must not re-render the form.
  const refusalCurrent = useRef(refusal);
  refusalCurrent.current = refusal;
  const outcomeNow = useRef(outcome);
  outcomeNow.current = outcome;

  /** The invoice changed here: a refusal no longer describes it. */
  const changed = useCallback(() => {
    if (refusalCurrent.current && !refusalCurrent.current.changedSince) setRefusal((old) => old && { ...old, changedSince: true });
    if (outcomeNow.current?.kind === "refused") setOutcome(null);
  }, []);

  const formChanged = useCallback(
    (next: InvoiceFormValues) => {
      const key = payloadKey(next);
      values.set(next);
      if (key === lastEdit.current) return;
      lastEdit.current = key;
      edit(next);
      changed();
    },
    [values, edit, changed],
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
    lastEdit.current = payloadKey(merged);
    form.current?.replace(merged);
    values.set(merged);
    version.current = otherVersion;
    void resolveConflict(merged);
  };

  const conflictAlert = (mine: InvoiceFormValues) => (
    <SaveConflictAlert invoiceId={loaded.id} base={base.current} mine={mine} warehouses={warehouses} onReload={reload} onKeep={keepMine} />
  );

  const { mutate: send, isPending: sending } = useMutation({
    mutationFn: async (acceptBuyerProblems: boolean) => {
      await flush(); // SmartBill gets what the screen shows
      return dataProvider.sendInvoice(loaded.id, acceptBuyerProblems ? { acceptBuyerProblems } : undefined);
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

  const sendIfNotTooLong = (acceptBuyerProblems: boolean) => {
    if (lines.length > MAX_INVOICE_LINES) {
      setOutcome({ kind: "failed", text: translate("resources.invoices.tooManyLines", { smart_count: lines.length, max: MAX_INVOICE_LINES }) });
      return;
    }
    send(acceptBuyerProblems);
  };

  // A sent invoice's life in SmartBill comes first; a request's history (a refused send) after its form.
  const life = <InvoiceLifePanel invoice={invoice}>{lifeActions?.(invoice)}</InvoiceLifePanel>;
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
          {!readOnly && <SaveStateIcon store={saveState} unsavedLines={unsavedLines} />}
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
        <SaveProblems saveState={saveState} values={values} conflictAlert={conflictAlert} />
        <Box hidden={tab !== "data"}>
          <InvoiceDataForm initial={initial} readOnly={readOnly} handle={form} onValues={formChanged} onSubmit={flush} saveState={saveState} />
        </Box>
        <Box hidden={tab !== "lines"}>
          {linesMounted && (
            <InvoiceLines
              invoiceId={loaded.id}
              lines={loaded.products ?? []}
              onLinesChange={changeLines}
              warehouses={warehouses}
              taxes={taxes}
              currency={currency}
              precision={precision}
              readOnly={readOnly}
              unsavedLines={unsavedLines}
            />
          )}
        </Box>
        {outcome && outcome.kind !== "success" && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {outcome.text}
          </Alert>
        )}
        {!readOnly && (
          <BuyerCheckedSendButton invoiceId={loaded.id} values={values} saveState={saveState} sending={sending} onSend={sendIfNotTooLong} />
        )}
      </Paper>
      {invoice.status !== "sent" && life}
    </>
  );
}

/** `lifeActions`: a document kind's own actions on its sent document, beside the shared ones. */
export function InvoiceEdit({ lifeActions }: { lifeActions?: (invoice: Invoice) => ReactNode } = {}) {
  const translate = useTranslate();
  const { resource } = useDocumentKind();
  const id = Number(useParams().id);
  const { data: invoice, error, refetch } = useInvoice(id);
  // Bumped once a reload has read the invoice again: the editor starts afresh from it.
  const [generation, setGeneration] = useState(0);
  const reload = () => void refetch().then(() => setGeneration((n) => n + 1));

  return (
    <RequireAccess resource={resource}>
      {error || !invoice ? (
        <>
          <ScreenHeading inAppBar>{translate("resources.invoices.heading.loading", { id })}</ScreenHeading>
          <SmartBillConnectionNotice />
          <Alert severity={error ? "error" : "info"} sx={{ mt: 2 }}>
            {translate(error ? "resources.invoices.loadError" : "resources.invoices.loading")}
          </Alert>
        </>
      ) : (
        <InvoiceEditor key={`${invoice.id}-${generation}`} loaded={invoice} reload={reload} lifeActions={lifeActions} />
      )}
    </RequireAccess>
  );
}
