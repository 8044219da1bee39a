/**
 * What the grid does with its store: edit a cell, commit it, move the focus, save a row that
 * changed and is valid (PUT, or POST for a new one), delete with undo, take a pasted block. Kept
 * out of React: the grid's keyboard handler and the cells call it; only the store's subscribers
 * re-render.
 */
import type { InvoiceLine, Warehouse } from "../../../contract/api";
import type { UndoableMutation } from "ra-core";
import type { AppDataProvider, TaxRate } from "../../providers/customMethods";
import { taxRateOf } from "../taxRates";
import { FIELD_ORDER, columnOf } from "./lineColumns";
import {
  checkLineDraft,
  draftOf,
  draftOfPasted,
  type LineDraft,
  type LineField,
  type LineProblems,
  newLineDraft,
  sameLine,
} from "./lineDraft";
import type { LineRow, LineStore } from "./lineStore";

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Notify = (message: string, options?: { type?: "info" | "success" | "error" | "warning"; undoable?: boolean; messageArgs?: Record<string, unknown>; autoHideDuration?: number }) => void;

export interface LineEnv {
  invoiceId: number;
  dataProvider: AppDataProvider;
  translate: Translate;
  notify: Notify;
  addUndoableMutation: (mutation: UndoableMutation) => void;
  onLinesChange?: (lines: readonly InvoiceLine[]) => void;
  taxes: readonly TaxRate[];
  warehouses: readonly Warehouse[];
  currency: string;
  taxListKnown: boolean;
  readOnly: boolean;
}

interface FailureBody {
  message?: string;
  errors?: Record<string, string>;
}

export class LineActions {
  env!: LineEnv;
  /** brings a row not rendered (virtualised away) into view; the grid sets it */
  scrollToRow: (index: number) => void = () => undefined;
  private inFlight = new Set<number>();
  private again = new Set<number>();

  constructor(readonly store: LineStore) {}

  private check(draft: LineDraft) {
    return checkLineDraft(draft, this.env.taxes, this.env.taxListKnown, this.env.translate);
  }

  private storedChanged() {
    this.env.onLinesChange?.(this.store.storedLines());
  }

  /** The row under the focus, making the empty last row a new line first when asked to. */
  private focusedRow(create: boolean): LineRow | undefined {
    const { store } = this;
    if (store.focus.row >= store.count() && create && !this.env.readOnly) {
      store.append([{ saved: undefined, draft: newLineDraft(this.env.warehouses, this.env.taxes, this.env.currency), problems: {}, state: "new" }]);
    }
    return store.rowAt(store.focus.row);
  }

  focusCell(row: number, field: LineField) {
    this.store.focusRequested = true;
    this.store.setFocus({ row, field, editing: false });
  }

  /** Enter, F2, a click or a printable key (`typed`, which then replaces the cell's content). */
  startEdit(typed?: string) {
    if (this.env.readOnly) return;
    const { store } = this;
    const { field } = store.focus;
    const kind = columnOf(field).kind;
    if (kind === "shown") return;
    if (kind === "flag") {
      if (typed === undefined || typed === " ") this.toggle(field as "service" | "saveToDb");
      return;
    }
    const row = this.focusedRow(true);
    if (!row) return;
    store.editStart = row.draft[field];
    if (typed !== undefined && kind !== "select") store.setDraft(row.key, { [field]: typed });
    store.focusRequested = true;
    store.setFocus({ ...store.focus, editing: true });
  }

  /** What the cell's editor typed or chose. */
  type(field: LineField, value: string) {
    const row = this.store.rowAt(this.store.focus.row);
    if (!row) return;
    const patch: Partial<LineDraft> = { [field]: value };
    if (field === "taxName") {
      const chosen = taxRateOf(this.env.taxes, value);
      if (chosen) patch.taxPercentage = chosen.percentage;
    }
    this.store.setDraft(row.key, patch);
    // A row already marked is checked as it is typed, so its marks go as they are fixed.
    const after = this.store.row(row.key)!;
    if (after.state === "invalid" || after.state === "failed") this.store.update(row.key, { problems: this.check(after.draft).problems });
  }

  /** A catalogue product chosen in the code or name cell: the line filled from it, then committed. */
  fill(patch: Partial<LineDraft>) {
    const row = this.store.rowAt(this.store.focus.row);
    if (!row) return;
    this.store.setDraft(row.key, patch);
    this.commit();
  }

  /** Esc: the cell as it was; a new line not typed into is dropped. */
  cancel() {
    const { store } = this;
    if (!store.focus.editing) return;
    const row = store.rowAt(store.focus.row);
    store.setFocus({ ...store.focus, editing: false });
    store.focusRequested = true;
    if (!row) return;
    store.setDraft(row.key, { [store.focus.field]: store.editStart } as Partial<LineDraft>);
    const blank = newLineDraft(this.env.warehouses, this.env.taxes, this.env.currency);
    const after = store.row(row.key)!;
    if (after.state === "new" && JSON.stringify(after.draft) === JSON.stringify(blank)) {
      store.remove(row.key);
      store.forget(row.key);
    }
  }

  /** Ends the cell's edit and saves its row when it changed and is valid. */
  commit() {
    const { store } = this;
    if (!store.focus.editing) return;
    store.setFocus({ ...store.focus, editing: false });
    const row = store.rowAt(store.focus.row);
    if (row) this.checkAndSave(row.key, false);
  }

  /** Arrows, Enter, Tab: the edit committed, then the focus moved (Tab past the last column goes on to the next row). */
  move(rows: number, columns: number) {
    const { store } = this;
    this.commit();
    const from = store.focus;
    let row = from.row + rows;
    let column = FIELD_ORDER.indexOf(from.field) + columns;
    if (column >= FIELD_ORDER.length) [row, column] = [row + 1, 0];
    if (column < 0) [row, column] = [row - 1, FIELD_ORDER.length - 1];
    const last = this.env.readOnly ? store.count() - 1 : store.count();
    if (row < 0 || row > last) return;
    if (row !== from.row) this.leaveRow(from.row);
    this.focusCell(row, FIELD_ORDER[column]);
    this.scrollToRow(row);
  }

  /** A new line left incomplete is marked with everything it lacks. */
  private leaveRow(index: number) {
    const row = this.store.rowAt(index);
    if (row?.state === "new") this.store.update(row.key, { state: "invalid", problems: this.check(row.draft).problems });
  }

  toggle(field: "service" | "saveToDb") {
    if (this.env.readOnly) return;
    const row = this.focusedRow(true);
    if (!row) return;
    this.store.setDraft(row.key, { [field]: !row.draft[field] });
    this.checkAndSave(row.key, false);
  }

  /** Checks the row; saves it when valid and not as stored. `leaving`: every problem shown, even on a new line. */
  checkAndSave(key: number, leaving: boolean) {
    const { store } = this;
    const row = store.row(key);
    if (!row) return;
    if (this.inFlight.has(key)) {
      this.again.add(key);
      return;
    }
    const { problems, line } = this.check(row.draft);
    if (!line) {
      if (row.state === "new" && !leaving) {
        // A line being typed: only what was typed wrong is marked, not what is still to type.
        const typed = Object.fromEntries(
          Object.entries(problems).filter(([field]) => String(row.draft[field as LineField] ?? "").trim() !== ""),
        ) as LineProblems;
        store.update(key, { problems: typed });
      } else store.update(key, { state: "invalid", problems });
      return;
    }
    if (sameLine(row.saved, line)) {
      store.update(key, { state: "saved", problems: {} });
      return;
    }
    void this.save(key, line);
  }

  private async save(key: number, line: NonNullable<ReturnType<LineActions["check"]>["line"]>) {
    const { store, env } = this;
    const sent = store.row(key)!;
    const id = sent.saved?.id;
    this.inFlight.add(key);
    store.update(key, { state: "saving", problems: {} });
    try {
      const stored = id === undefined ? await env.dataProvider.addInvoiceLine(env.invoiceId, line) : await env.dataProvider.updateInvoiceLine(id, line);
      const now = store.row(key);
      if (now) {
        // Typed on while it was saved: what was typed stays, and is saved next.
        const untouched = now.draft === sent.draft;
        store.update(key, { saved: stored, state: "saved", ...(untouched ? { draft: draftOf(stored) } : {}) });
      }
      this.storedChanged();
    } catch (failure) {
      const body = (failure as { body?: FailureBody }).body;
      const problems: LineProblems = { ...(body?.errors ?? {}) };
      if (Object.keys(problems).length === 0) problems.row = body?.message ?? env.translate(id === undefined ? "resources.invoices.lines.addError" : "resources.invoices.lines.updateError");
      store.update(key, { state: "failed", problems });
      const message = id === undefined ? "resources.invoices.lines.addError" : "resources.invoices.lines.updateError";
      env.notify(body?.message ? `${env.translate(message)} ${body.message}` : message, { type: "error" });
    } finally {
      this.inFlight.delete(key);
      if (this.again.delete(key)) this.checkAndSave(key, false);
    }
  }

  /**
   * Gone at once, with 'Anulează' in react-admin's notification; the DELETE is sent when the
   * notification closes (ra-core's undoable mutations), and a refused DELETE puts the row back.
   */
  remove(key: number) {
    const { store, env } = this;
    const removed = store.remove(key);
    if (!removed) return;
    const { index, row } = removed;
    env.addUndoableMutation(({ isUndo }) => {
      if (isUndo) {
        store.restore(index, row);
        return;
      }
      if (!row.saved) {
        store.forget(key);
        return;
      }
      env.dataProvider.deleteInvoiceLine(row.saved.id).then(
        () => {
          store.forget(key);
          this.storedChanged();
        },
        () => {
          store.restore(index, row);
          env.notify("resources.invoices.lines.deleteError", { type: "error" });
        },
      );
    });
    env.notify("resources.invoices.lines.deleted", { type: "info", undoable: true, messageArgs: { name: row.draft.name || env.translate("resources.invoices.lines.row", { n: index + 1 }) } });
  }

  /** A block from a spreadsheet: the good rows become lines after the others, the refused ones stay as rows holding their text. */
  async paste(text: string) {
    const { store, env } = this;
    if (env.readOnly) return;
    try {
      const answer = await env.dataProvider.pasteInvoiceLines(env.invoiceId, text);
      const defaults = newLineDraft(env.warehouses, env.taxes, env.currency);
      store.append([
        ...answer.added.map((line) => ({ saved: line, draft: draftOf(line), problems: {}, state: "saved" as const })),
        ...answer.rejected.map((rejected) => {
          const problems: LineProblems = {};
          for (const problem of rejected.problems) {
            const at = problem.field ?? "row";
            problems[at] = problems[at] ? `${problems[at]} ${problem.reason}` : problem.reason;
          }
          return { saved: undefined, draft: draftOfPasted(rejected.cells, defaults, env.taxes), problems, state: "invalid" as const };
        }),
      ]);
      if (answer.added.length > 0) this.storedChanged();
      env.notify("resources.invoices.lines.pasted", {
        type: answer.rejected.length > 0 ? "warning" : "info",
        messageArgs: { added: answer.added.length, rejected: answer.rejected.length },
      });
    } catch (failure) {
      const message = (failure as { body?: FailureBody }).body?.message;
      env.notify(message ? `${env.translate("resources.invoices.lines.pasteError")} ${message}` : "resources.invoices.lines.pasteError", { type: "error" });
    }
  }
}
