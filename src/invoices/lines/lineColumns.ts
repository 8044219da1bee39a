/**
 * The grid's columns in the template's order (the import's): which field each shows, how it is
 * edited (typed text, a number, a choice from a list, a da/- flag, or not at all: the VAT percent
 * follows the tax), and its width.
 */
import type { LineField } from "./lineDraft";

export type ColumnKind = "text" | "number" | "select" | "flag" | "shown";

export interface GridColumn {
  field: LineField;
  kind: ColumnKind;
  width: string;
  /** the label's key under resources.invoices.lines */
  label: string;
  align?: "right";
}

export const GRID_COLUMNS: readonly GridColumn[] = [
  { field: "name", kind: "text", width: "minmax(180px, 2fr)", label: "name" },
  { field: "code", kind: "text", width: "minmax(100px, 1fr)", label: "code" },
  { field: "quantity", kind: "number", width: "90px", label: "quantity", align: "right" },
  { field: "measuringUnitName", kind: "text", width: "64px", label: "measuringUnitName" },
  { field: "price", kind: "number", width: "110px", label: "price", align: "right" },
  { field: "currency", kind: "text", width: "72px", label: "currency" },
  { field: "taxName", kind: "select", width: "120px", label: "taxName" },
  { field: "taxPercentage", kind: "shown", width: "72px", label: "taxPercentage", align: "right" },
  { field: "service", kind: "flag", width: "76px", label: "service" },
  { field: "saveToDb", kind: "flag", width: "96px", label: "saveToDb" },
  { field: "warehouseName", kind: "select", width: "minmax(110px, 1fr)", label: "warehouse" },
];

const TOTAL_WIDTH = 110;
const ACTIONS_WIDTH = 76;

/** The columns after the fields: the line's total and its edit (dialog) and delete buttons. */
export const GRID_TEMPLATE = [...GRID_COLUMNS.map((column) => column.width), `${TOTAL_WIDTH}px`, `${ACTIONS_WIDTH}px`].join(" ");

/**
 * The line's total and its buttons stay at the grid's right edge while the fields scroll
 * sideways (eleven fields are wider than a laptop's screen beside the menu).
 */
export const STICKY_ACTIONS = { position: "sticky", right: 0, zIndex: 1, bgcolor: "background.paper" } as const;
export const STICKY_TOTAL = { ...STICKY_ACTIONS, right: ACTIONS_WIDTH, borderLeft: 1, borderColor: "divider" } as const;

export const FIELD_ORDER: readonly LineField[] = GRID_COLUMNS.map((column) => column.field);

export const columnOf = (field: LineField): GridColumn => GRID_COLUMNS.find((column) => column.field === field)!;
