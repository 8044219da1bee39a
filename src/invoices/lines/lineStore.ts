/**
 * The lines grid's own store, outside React: each row (its stored line, its cells as typed, its
 * problems and state), the order of the rows, and the focused cell. Rows subscribe to their own
 * row (useSyncExternalStore), so a keystroke in a cell re-renders that row and the totals, never
 * the other rows; the grid subscribes only to the order of the rows.
 */
import type { InvoiceLine } from "../../../contract/api";
import { lineUnits, totalsOfUnits } from "../lineTotals";
import { type LineDraft, type LineField, type LineProblems, typedAmount } from "./lineDraft";

/** saved: as the server has it; saving: sent; invalid: a problem to fix; failed: the server refused it; new: being typed, not yet valid. */
export type RowState = "saved" | "saving" | "invalid" | "failed" | "new";

export interface LineRow {
  /** stable for React and the store, whatever the row's place */
  key: number;
  /** the line as the server stored it, undefined until it is */
  saved: InvoiceLine | undefined;
  draft: LineDraft;
  problems: LineProblems;
  state: RowState;
}

export interface Focus {
  /** the row's index; the number of rows: the empty last row, where a new line is typed */
  row: number;
  field: LineField;
  editing: boolean;
}

type Listener = () => void;

type Units = ReturnType<typeof lineUnits>;

/**
 * A draft's net and VAT in units, worked out once per draft (a draft is replaced, never changed)
 * and per precision: a keystroke reads its own cell again, then sums whole numbers, not the other
 * 399 lines' typed text.
 */
const unitsRead = new WeakMap<LineDraft, { precision: number; units: Units }>();
function unitsOf(draft: LineDraft, precision: number): Units {
  const read = unitsRead.get(draft);
  if (read?.precision === precision) return read.units;
  const units = lineUnits({ quantity: typedAmount(draft.quantity), price: typedAmount(draft.price), taxPercentage: draft.taxPercentage, currency: draft.currency }, precision);
  unitsRead.set(draft, { precision, units });
  return units;
}

export class LineStore {
  private rows = new Map<number, LineRow>();
  private order: readonly number[] = [];
  private nextKey = 1;
  private rowListeners = new Map<number, Set<Listener>>();
  private orderListeners = new Set<Listener>();
  private focusListeners = new Set<Listener>();
  private changeListeners = new Set<Listener>();
  private totalsCache: ReturnType<typeof totalsOfUnits> | undefined;
  private precision: number;
  private changeVersion = 0;
  focus: Focus = { row: 0, field: "name", editing: false };
  /** the cell's text when its edit began, for Esc */
  editStart: unknown;
  /** the focus moved by the keyboard or the mouse: the cell takes the page's focus */
  focusRequested = false;

  constructor(lines: readonly InvoiceLine[], draftOf: (line: InvoiceLine) => LineDraft, precision: number) {
    this.precision = precision;
    this.order = lines.map((line) => {
      const key = this.nextKey++;
      this.rows.set(key, { key, saved: line, draft: draftOf(line), problems: {}, state: "saved" });
      return key;
    });
  }

  /* Reading */

  keys = (): readonly number[] => this.order;
  row = (key: number): LineRow | undefined => this.rows.get(key);
  rowAt = (index: number): LineRow | undefined => this.rows.get(this.order[index]);
  indexOf = (key: number): number => this.order.indexOf(key);
  count = (): number => this.order.length;
  /** the lines the server holds, in the grid's order */
  storedLines = (): InvoiceLine[] => this.order.flatMap((key) => this.rows.get(key)?.saved ?? []);
  /** rows not as the server has them (typed and not saved, refused, being saved) */
  unsavedCount = (): number => this.order.filter((key) => this.rows.get(key)?.state !== "saved").length;

  /** The invoice's totals per currency from the cells as typed (a cell that cannot be read counts 0). */
  totals = () => {
    this.totalsCache ??= totalsOfUnits(
      this.order.map((key) => unitsOf(this.rows.get(key)!.draft, this.precision)),
      this.precision,
    );
    return this.totalsCache;
  };

  /** bumped by every change of a row or of the order */
  version = (): number => this.changeVersion;

  /* Subscribing */

  subscribeRow = (key: number, listener: Listener) => {
    let listeners = this.rowListeners.get(key);
    if (!listeners) this.rowListeners.set(key, (listeners = new Set()));
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  subscribeOrder = (listener: Listener) => this.subscribeTo(this.orderListeners, listener);
  subscribeFocus = (listener: Listener) => this.subscribeTo(this.focusListeners, listener);
  /** any change of any row or of the order (the totals, the unload guard) */
  subscribeChanges = (listener: Listener) => this.subscribeTo(this.changeListeners, listener);

  private subscribeTo(set: Set<Listener>, listener: Listener) {
    set.add(listener);
    return () => void set.delete(listener);
  }

  private emitRow(key: number) {
    this.totalsCache = undefined;
    this.changeVersion++;
    this.rowListeners.get(key)?.forEach((listener) => listener());
    this.changeListeners.forEach((listener) => listener());
  }

  private emitOrder() {
    this.totalsCache = undefined;
    this.changeVersion++;
    this.orderListeners.forEach((listener) => listener());
    this.changeListeners.forEach((listener) => listener());
  }

  /* Writing */

  update(key: number, patch: Partial<Omit<LineRow, "key">>) {
    const row = this.rows.get(key);
    if (!row) return;
    this.rows.set(key, { ...row, ...patch });
    this.emitRow(key);
  }

  setDraft(key: number, patch: Partial<LineDraft>) {
    const row = this.rows.get(key);
    if (row) this.update(key, { draft: { ...row.draft, ...patch } });
  }

  /** A row appended (a new line being typed, a stored line, a refused pasted row); its key. */
  append(rows: readonly Omit<LineRow, "key">[]): number[] {
    const keys = rows.map((row) => {
      const key = this.nextKey++;
      this.rows.set(key, { ...row, key });
      return key;
    });
    this.order = [...this.order, ...keys];
    this.emitOrder();
    return keys;
  }

  /** A row taken out (deleted, to be undone): where it was and what it held. */
  remove(key: number): { index: number; row: LineRow } | undefined {
    const index = this.order.indexOf(key);
    const row = this.rows.get(key);
    if (index < 0 || !row) return undefined;
    this.order = this.order.filter((candidate) => candidate !== key);
    if (this.focus.row > index || this.focus.row >= this.order.length + 1) this.setFocus({ ...this.focus, row: Math.max(0, this.focus.row - 1), editing: false });
    this.emitOrder();
    return { index, row };
  }

  /** A removed row back where it was. */
  restore(index: number, row: LineRow) {
    this.rows.set(row.key, row);
    const order = [...this.order];
    order.splice(Math.min(index, order.length), 0, row.key);
    this.order = order;
    this.emitOrder();
  }

  /** Forgets a removed row for good. */
  forget(key: number) {
    if (!this.order.includes(key)) this.rows.delete(key);
  }

  setFocus(focus: Focus) {
    const old = this.focus;
    if (old.row === focus.row && old.field === focus.field && old.editing === focus.editing) return;
    this.focus = focus;
    this.focusListeners.forEach((listener) => listener());
  }
}
