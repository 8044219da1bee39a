/**
 * The 'Produse' tab: the invoice's lines as a spreadsheet-like grid (lines/LinesGrid.tsx), edited
 * in place and saved line by line as each changed line becomes valid, a block pasted from Excel
 * taken whole, a delete undone from the notification, and the totals per currency live while a
 * quantity or a price is typed. The lines live in a store of their own (lines/lineStore.ts): a
 * keystroke re-renders its line and the totals, never the other lines, and only the lines on
 * screen are rendered, so 400 lines type as 5 do. On a phone each line is a card with the dialog.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useAddUndoableMutation, useDataProvider, useNotify, useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import type { InvoiceLine, InvoiceLineInput, Warehouse } from "../../contract/api";
import { formatAmount, formatQuantity, lineTotals } from "./lineTotals";
import { InvoiceLineDialog } from "./InvoiceLineDialog";
import type { AppDataProvider, TaxRate } from "../providers/customMethods";
import { TaxListNotice } from "./TaxListNotice";
import { useTaxList } from "./taxRates";
import { LineStore } from "./lines/lineStore";
import { LineActions, type LineEnv } from "./lines/lineActions";
import { draftOf } from "./lines/lineDraft";
import { LinesGrid } from "./lines/LinesGrid";
import { LineTotalsTable } from "./lines/LineTotalsTable";
import type { ValueStore } from "./valueStore";

/** Prices are kept with 2 decimals (the spec's price step 0.01), and shown so. */
const PRICE_DECIMALS = 2;

/** A line on a phone: what it is, quantity × price, its VAT and total, and its actions on the right. */
function LineCard({ line, precision, readOnly, onEdit, onDelete }: { line: InvoiceLine; precision: number; readOnly: boolean; onEdit: () => void; onDelete: () => void }) {
  const translate = useTranslate();
  const gross = lineTotals([line], precision)[0].gross;
  return (
    <Box component="li" data-testid="product-line" sx={{ display: "flex", gap: 1, alignItems: "flex-start", py: 1, borderBottom: 1, borderColor: "divider" }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" component="p" sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>
          {line.name}
        </Typography>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {[line.code, line.warehouseName].filter(Boolean).join(" · ")}
        </Typography>
        <Typography variant="body2" component="p">
          {translate("resources.invoices.lineCard.quantityTimesPrice", {
            quantity: formatQuantity(line.quantity),
            unit: line.measuringUnitName,
            price: formatAmount(line.price, PRICE_DECIMALS),
            currency: line.currency,
          })}
        </Typography>
        <Typography variant="body2" component="p" color="text.secondary">
          {translate("resources.invoices.lineCard.vat", { percentage: formatQuantity(line.taxPercentage) })}
        </Typography>
        <Typography variant="body2" component="p" sx={{ fontWeight: 500 }}>
          {translate("resources.invoices.lineCard.total", { total: formatAmount(gross, precision), currency: line.currency })}
        </Typography>
      </Box>
      {!readOnly && (
        <Stack direction="row">
          <IconButton size="small" aria-label={`${translate("resources.invoices.lines.editAction")} ${line.name}`} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={`${translate("resources.invoices.lines.delete")} ${line.name}`} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      )}
    </Box>
  );
}

/** The phone's lines: cards, each edited in the dialog. */
function LineCards({ store, actions, precision, readOnly, onEdit }: { store: LineStore; actions: LineActions; precision: number; readOnly: boolean; onEdit: (key: number) => void }) {
  const translate = useTranslate();
  useSyncExternalStore(store.subscribeChanges, store.version);
  const rows = store.keys().flatMap((key) => {
    const row = store.row(key);
    return row?.saved ? [{ key, line: row.saved }] : [];
  });
  return (
    <Box component="ul" aria-label={translate("resources.invoices.tabs.lines")} sx={{ listStyle: "none", p: 0, m: 0 }}>
      {rows.map(({ key, line }) => (
        <LineCard key={key} line={line} precision={precision} readOnly={readOnly} onEdit={() => onEdit(key)} onDelete={() => actions.remove(key)} />
      ))}
    </Box>
  );
}

/**
 * 'Adaugă Produs' and 'Editează <produs>': the line in the dialog (the phone's way, kept beside
 * the grid on a wide screen); what it saves goes into the same store.
 */
function useLineDialog(store: LineStore, env: () => LineEnv) {
  // undefined: closed; null: adding; a row's key: editing it
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const save = async (input: InvoiceLineInput, id: number | undefined) => {
    const key = editing;
    const { dataProvider, invoiceId, onLinesChange, notify, translate } = env();
    setEditing(undefined); // the spec: the dialog closes once save is submitted
    try {
      if (id === undefined) {
        const added = await dataProvider.addInvoiceLine(invoiceId, input);
        store.append([{ saved: added, draft: draftOf(added), problems: {}, state: "saved" }]);
      } else if (typeof key === "number") {
        const updated = await dataProvider.updateInvoiceLine(id, input);
        store.update(key, { saved: updated, draft: draftOf(updated), problems: {}, state: "saved" });
      }
      onLinesChange?.(store.storedLines());
    } catch (failure) {
      const message = (failure as { body?: { message?: string } }).body?.message;
      const text = id === undefined ? "resources.invoices.lines.addError" : "resources.invoices.lines.updateError";
      notify(message ? `${translate(text)} ${message}` : text, { type: "error" });
    }
  };
  const dialog =
    editing === undefined ? null : (
      <InvoiceLineDialog
        line={editing === null ? null : (store.row(editing)?.saved ?? null)}
        warehouses={env().warehouses}
        taxes={env().taxes}
        currency={env().currency}
        onCancel={() => setEditing(undefined)}
        onSave={save}
      />
    );
  return { dialog, add: () => setEditing(null), edit: setEditing as (key: number) => void };
}

/**
 * While a line is not as the server has it, leaving the page asks first, and the screen's save
 * mark hears how many are so.
 */
function useUnsavedLinesGuard(store: LineStore, unsavedLines: ValueStore<number> | undefined) {
  useEffect(() => {
    if (!unsavedLines) return;
    const count = () => unsavedLines.set(store.unsavedCount());
    count();
    return store.subscribeChanges(count);
  }, [store, unsavedLines]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (store.unsavedCount() === 0) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [store]);
}

export function InvoiceLines({
  invoiceId,
  lines: loadedLines,
  onLinesChange,
  warehouses,
  taxes,
  currency,
  precision,
  readOnly,
  unsavedLines,
}: {
  invoiceId: number;
  /** the lines as loaded: read once, the component keeps them from then on */
  lines: readonly InvoiceLine[];
  /** after each change the server stored: the invoice's lines now */
  onLinesChange?: (lines: readonly InvoiceLine[]) => void;
  warehouses: readonly Warehouse[];
  taxes: readonly TaxRate[];
  currency: string;
  precision: number;
  readOnly: boolean;
  /** told the number of lines not as the server has them, at each change */
  unsavedLines?: ValueStore<number>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const addUndoableMutation = useAddUndoableMutation();
  // A tax the list lacks is refused only when the list is SmartBill's (not the fallback while it was never read).
  const taxListKnown = useTaxList()?.fromProvider === true;
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  const [store] = useState(() => new LineStore(loadedLines, draftOf, precision));
  const [actions] = useState(() => new LineActions(store));
  useUnsavedLinesGuard(store, unsavedLines);

  // What the actions need from React, current at each render (read when they run, never a cause of one).
  const onLinesChangeRef = useRef(onLinesChange);
  onLinesChangeRef.current = onLinesChange;
  const notifyNow = useCallback<LineEnv["notify"]>((message, options) => notify(message, options), [notify]);
  actions.env = {
    invoiceId,
    dataProvider,
    translate,
    notify: notifyNow,
    addUndoableMutation,
    onLinesChange: (lines) => onLinesChangeRef.current?.(lines),
    taxes,
    warehouses,
    currency,
    taxListKnown,
    readOnly,
  };
  const lineDialog = useLineDialog(store, () => actions.env);
  const onEdit = lineDialog.edit;
  const gridContext = useMemo(() => ({ store, actions, taxes, warehouses, precision, readOnly, onEdit }), [store, actions, taxes, warehouses, precision, readOnly, onEdit]);
  const empty = useSyncExternalStore(store.subscribeOrder, () => store.count() === 0);

  return (
    <Box>
      <TaxListNotice />
      {!readOnly && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={lineDialog.add} sx={{ mb: 2 }}>
          {translate("resources.invoices.lines.add")}
        </Button>
      )}
      {phone ? (
        <LineCards store={store} actions={actions} precision={precision} readOnly={readOnly} onEdit={onEdit} />
      ) : (
        <>
          <LinesGrid context={gridContext} />
          {!readOnly && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {translate("resources.invoices.lines.gridHelp")}
            </Typography>
          )}
        </>
      )}
      {empty && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {translate("resources.invoices.lines.empty")}
        </Typography>
      )}
      <LineTotalsTable store={store} precision={precision} />
      {lineDialog.dialog}
    </Box>
  );
}
