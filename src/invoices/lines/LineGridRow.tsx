/**
 * One line of the grid: its cells (each a gridcell, one focusable at a time), its total, its
 * delete button and, under it, what is wrong with it. It subscribes to its own row of the store
 * and to whether the focus is on it, so typing in another line never renders it. Each render asks
 * for its label ('Linia n') exactly once: the tests count renders by that key.
 */
import { memo, useCallback, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { useTranslate } from "react-admin";
import IconButton from "@mui/material/IconButton";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import type { Warehouse } from "../../../contract/api";
import { parseRomanianNumber } from "../../../contract/romanianNumber";
import type { TaxRate } from "../../providers/customMethods";
import { formatAmount, formatQuantity, lineTotals } from "../lineTotals";
import { GridCellEditor } from "./GridCellEditor";
import { GRID_COLUMNS, STICKY_ACTIONS, STICKY_TOTAL, GRID_TEMPLATE, type GridColumn } from "./lineColumns";
import type { LineActions } from "./lineActions";
import { type LineDraft, typedAmount } from "./lineDraft";
import type { LineRow, LineStore } from "./lineStore";

/** Prices are kept with 2 decimals (the spec's price step 0.01), and shown so. */
const PRICE_DECIMALS = 2;

export const ROW_HEIGHT = 36;

/** A cell's text when not edited: amounts as Romanians write them, a text that is not a number as typed. */
function shownText(column: GridColumn, draft: LineDraft): string {
  const { field } = column;
  if (field === "quantity" || field === "price") {
    const reading = parseRomanianNumber(draft[field]);
    if (!reading.ok) return draft[field];
    return field === "price" ? formatAmount(reading.value, PRICE_DECIMALS) : formatQuantity(reading.value);
  }
  if (field === "taxPercentage") return formatQuantity(draft.taxPercentage);
  if (field === "service" || field === "saveToDb") return draft[field] ? "da" : "-";
  if (field === "warehouseName") return draft.warehouseName || "-";
  return String(draft[field]);
}

export interface RowContext {
  store: LineStore;
  actions: LineActions;
  /** the column headers, for the editors' labels */
  headers: Readonly<Record<string, string>>;
  taxes: readonly TaxRate[];
  warehouses: readonly Warehouse[];
  precision: number;
  readOnly: boolean;
  /** 'Editează <produs>': the line in the dialog */
  onEdit: (rowKey: number) => void;
}

/** The focused cell of row `index` ('field:1' while edited), '' when the focus is elsewhere. */
function useFocusIn(store: LineStore, index: number): string {
  return useSyncExternalStore(store.subscribeFocus, () => {
    const { focus } = store;
    return focus.row === index ? `${focus.field}:${focus.editing ? 1 : 0}` : "";
  });
}

/** The row's cells take the page's focus when the keyboard or the mouse moved it there. */
function useDomFocus(store: LineStore, rowRef: React.RefObject<HTMLDivElement | null>, focused: string) {
  useLayoutEffect(() => {
    if (!focused || !store.focusRequested || focused.endsWith(":1")) return;
    const cell = rowRef.current?.querySelector<HTMLElement>(`[data-field="${store.focus.field}"]`);
    if (cell && document.activeElement !== cell) cell.focus();
    store.focusRequested = false;
  }, [focused, store, rowRef]);
}

/** The row's element kept and handed to the virtualiser to measure (one stable ref, not one per render). */
function useMeasuredRef(rowRef: React.RefObject<HTMLDivElement | null>, measure: (element: HTMLElement | null) => void) {
  return useCallback(
    (element: HTMLDivElement | null) => {
      rowRef.current = element;
      measure(element);
    },
    [rowRef, measure],
  );
}

const cellSx = {
  display: "flex",
  alignItems: "center",
  minHeight: ROW_HEIGHT,
  px: 0.75,
  borderBottom: 1,
  borderRight: 1,
  borderColor: "divider",
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
  cursor: "cell",
  "&:focus": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: "-2px" },
  "&[aria-invalid='true']": { bgcolor: "#fdecea", boxShadow: "inset 0 -2px 0 #d32f2f" },
} as const;

/**
 * The rows' and cells' looks, given once to the rows' container (LinesGrid) as classes: a row or a
 * cell rendering again costs no style work, so a keystroke pays only for what it changes.
 */
export const LINE_STYLES = {
  "& .line-row": { position: "absolute", top: 0, left: 0, width: "100%", display: "grid", gridTemplateColumns: GRID_TEMPLATE },
  "& .line-row[data-state='saving']": { bgcolor: "action.hover" },
  "& .line-row.new-line": { color: "text.secondary" },
  "& .line-cell": cellSx,
  "& .line-cell.right": { justifyContent: "flex-end" },
  "& .line-cell.editing": { p: 0 },
  "& .line-cell.line-total": { ...STICKY_TOTAL, justifyContent: "flex-end", fontWeight: 500, cursor: "default" },
  "& .line-cell.line-actions": { ...STICKY_ACTIONS, justifyContent: "center", px: 0, cursor: "default" },
  "& .line-cell.blank": { cursor: "default" },
  "& .line-problems": { gridColumn: "1 / -1", display: "grid", gridTemplateColumns: "subgrid", py: 0.25, color: "error.main", fontSize: "0.8rem", whiteSpace: "normal" },
  "& .line-problems > div": { px: 0.75 },
  "& .new-row-hint": { color: "text.disabled", fontStyle: "italic" },
} as const;

/**
 * One cell. It gets its text already worked out (or, while edited, the row's draft), so a
 * keystroke renders the cell typed in and no other cell of its row.
 */
const GridCell = memo(function GridCell({
  index,
  column,
  focused,
  editing,
  text,
  draft,
  problem,
  rowKey,
  context,
}: {
  index: number;
  column: GridColumn;
  focused: boolean;
  editing: boolean;
  /** what the cell shows; undefined in the empty last row */
  text: string | undefined;
  /** the row's cells as typed, given only to the cell being edited */
  draft: LineDraft | undefined;
  problem: string | undefined;
  rowKey: string;
  context: RowContext;
}) {
  const { actions, headers, readOnly, taxes, warehouses } = context;
  const translate = useTranslate();
  const { field } = column;
  return (
    <div
      role="gridcell"
      className={editing ? "line-cell editing" : column.align === "right" ? "line-cell right" : "line-cell"}
      data-field={field}
      tabIndex={focused ? 0 : -1}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? `${rowKey}-${field}-problem` : undefined}
      aria-readonly={readOnly || column.kind === "shown" ? true : undefined}
      title={problem}
      onFocus={(event) => {
        // A cell focused from outside (a screen reader, a click on its edge) becomes the active one.
        if (event.target === event.currentTarget && !focused) actions.focusCell(index, field);
      }}
      onClick={() => {
        if (editing) return;
        actions.focusCell(index, field);
        if (!readOnly) actions.startEdit();
      }}
    >
      {editing && draft ? (
        <GridCellEditor
          column={column}
          draft={draft}
          label={translate("resources.invoices.lines.cellLabel", { column: headers[field], n: index + 1 })}
          actions={actions}
          taxes={taxes}
          warehouses={warehouses}
        />
      ) : text !== undefined ? (
        text
      ) : field === "name" && !readOnly ? (
        <span className="new-row-hint">{translate("resources.invoices.lines.newRowHint")}</span>
      ) : (
        ""
      )}
    </div>
  );
});

function Cells({
  index,
  draft,
  focused,
  problems,
  rowKey,
  context,
}: {
  index: number;
  draft: LineDraft | undefined;
  focused: string;
  problems: LineRow["problems"];
  rowKey: string;
  context: RowContext;
}) {
  const [focusedField, editing] = focused.split(":");
  return GRID_COLUMNS.map((column) => {
    const { field } = column;
    const isFocused = focusedField === field;
    const isEditing = isFocused && editing === "1" && !context.readOnly;
    return (
      <GridCell
        key={field}
        index={index}
        column={column}
        focused={isFocused}
        editing={isEditing}
        text={draft && !isEditing ? shownText(column, draft) : undefined}
        draft={isEditing ? draft : undefined}
        problem={problems[field]}
        rowKey={rowKey}
        context={context}
      />
    );
  });
}

/** The line's total: rendered again only when it changes. */
const TotalCell = memo(function TotalCell({ text }: { text: string }) {
  return (
    <div role="gridcell" className="line-cell line-total" data-testid="line-total">
      {text}
    </div>
  );
});

/** 'Editează' and 'Șterge': a keystroke in a quantity or a price does not render them. */
const RowActions = memo(function RowActions({ rowKey, name, saved, context }: { rowKey: number; name: string; saved: boolean; context: RowContext }) {
  const translate = useTranslate();
  const { actions, readOnly } = context;
  return (
    <div role="gridcell" className="line-cell line-actions">
      {!readOnly && (
        <>
          {saved && (
            <IconButton size="small" tabIndex={-1} aria-label={`${translate("resources.invoices.lines.editAction")} ${name}`} onClick={() => context.onEdit(rowKey)}>
              <EditIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton size="small" tabIndex={-1} aria-label={`${translate("resources.invoices.lines.delete")} ${name}`} onClick={() => actions.remove(rowKey)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </div>
  );
});

/**
 * What is wrong with the line, under it: a cell's message starts under that cell and runs on to
 * the line's end, without the column's name before it (the cell shows where it belongs, and the
 * message names its field itself: 'Cantitatea „doi” nu este un număr.'). A message of the whole
 * line, or of a field without a column, runs across it. In the columns' order, the line's first.
 */
function LineProblems({ problems, domKey }: { problems: LineRow["problems"]; domKey: string }) {
  const shown = Object.entries(problems)
    .filter(([, text]) => !!text)
    .map(([field, text]) => ({ field, text, column: GRID_COLUMNS.findIndex((column) => column.field === field) }))
    .sort((a, b) => a.column - b.column);
  return (
    <div className="line-problems" data-testid="line-problems">
      {shown.map(({ field, text, column }) => (
        <div key={field} id={`${domKey}-${field}-problem`} style={{ gridColumn: column < 0 ? "1 / -1" : `${column + 1} / -1` }}>
          {text}
        </div>
      ))}
    </div>
  );
}

export const LineGridRow = memo(function LineGridRow({
  rowKey,
  index,
  start,
  context,
  measure,
}: {
  rowKey: number;
  index: number;
  start: number;
  context: RowContext;
  measure: (element: HTMLElement | null) => void;
}) {
  const { store, precision } = context;
  const translate = useTranslate();
  const subscribe = useCallback((listener: () => void) => store.subscribeRow(rowKey, listener), [store, rowKey]);
  const row = useSyncExternalStore(subscribe, () => store.row(rowKey));
  const focused = useFocusIn(store, index);
  const rowRef = useRef<HTMLDivElement | null>(null);
  const setRef = useMeasuredRef(rowRef, measure);
  useDomFocus(store, rowRef, focused);
  const label = translate("resources.invoices.lines.row", { n: index + 1 });
  if (!row) return null;
  const { draft, problems, state } = row;
  const total = lineTotals([{ quantity: typedAmount(draft.quantity), price: typedAmount(draft.price), taxPercentage: draft.taxPercentage, currency: draft.currency }], precision)[0];
  const domKey = `line-${rowKey}`;
  const hasProblems = Object.values(problems).some((text) => !!text);
  return (
    <div
      ref={setRef}
      role="row"
      className="line-row"
      aria-label={label}
      aria-rowindex={index + 2}
      data-index={index}
      data-testid="product-line"
      data-state={state}
      data-problems={hasProblems ? 1 : 0}
      style={{ transform: `translateY(${start}px)` }}
    >
      <Cells index={index} draft={draft} focused={focused} problems={problems} rowKey={domKey} context={context} />
      <TotalCell text={formatAmount(total.gross, precision)} />
      <RowActions rowKey={rowKey} name={draft.name} saved={row.saved !== undefined} context={context} />
      {hasProblems && <LineProblems problems={problems} domKey={domKey} />}
    </div>
  );
});

/** The empty last row: typing in any of its cells starts a new line. */
export const NewLineRow = memo(function NewLineRow({
  index,
  start,
  context,
  measure,
}: {
  index: number;
  start: number;
  context: RowContext;
  measure: (element: HTMLElement | null) => void;
}) {
  const { store } = context;
  const translate = useTranslate();
  const focused = useFocusIn(store, index);
  const rowRef = useRef<HTMLDivElement | null>(null);
  const setRef = useMeasuredRef(rowRef, measure);
  useDomFocus(store, rowRef, focused);
  return (
    <div
      ref={setRef}
      role="row"
      className="line-row new-line"
      aria-label={translate("resources.invoices.lines.newRow")}
      aria-rowindex={index + 2}
      data-index={index}
      data-testid="new-line"
      style={{ transform: `translateY(${start}px)` }}
    >
      <Cells index={index} draft={undefined} focused={focused} problems={{}} rowKey="new-line" context={context} />
      <div role="gridcell" className="line-cell blank" />
      <div role="gridcell" className="line-cell blank" />
    </div>
  );
});
