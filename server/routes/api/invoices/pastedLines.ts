/**
 * A block pasted into an invoice's lines, read as rows of cells by field (pastedRows.ts splits the
 * clipboard's text).
 *
 * The first row is a header when it names at least two of the four required columns by any name
 * the import accepts (lineColumns.ts, compared as excel/header.ts compares them: case, diacritics
 * and punctuation aside; Romanian or English), the columns then taken by their headers, the
 * optional ones as the import finds them. Otherwise every row is data, its cells in the
 * template's order (contract/invoiceLineHeaders.ts); fewer cells leave the rest blank. Cells of
 * columns no header names, or beyond the template's eleven, are not read.
 *
 * Past `maxRows` data rows the reading stops with TooManyPastedRows: the rest is never split.
 */
import { INVOICE_LINE_COLUMNS } from "../../../../contract/invoiceLineHeaders";
import { normalizeHeader } from "../../../excel/header";
import { LINE_SHEET_COLUMNS, type LineField } from "./lineColumns";
import { optionalColumns } from "./lineSheet";
import { pastedRows } from "./pastedRows";

/** A data row: its number among the data rows (1-based, blank rows and the header not counted) and its cells by field, '' when absent. */
export interface PastedLine {
  row: number;
  cells: Record<LineField, string>;
}

export class TooManyPastedRows extends Error {
  constructor(readonly maxRows: number) {
    super(`more than ${maxRows} pasted rows`);
  }
}

const REQUIRED_FIELD_OF = new Map<string, LineField>(
  LINE_SHEET_COLUMNS.filter((spec) => spec.required).flatMap((spec) => spec.names.map((name) => [normalizeHeader(name), spec.field] as const)),
);
/** A header row names at least this many required columns (as the import's: half of the four). */
const HEADER_NEEDS = 2;
/** Longer than any header name: such a cell is data, and is not normalised to be compared. */
const HEADER_MAX_LENGTH = 100;

/** field → 0-based column of a header row, or undefined when the row is data. */
export function pastedHeader(row: readonly string[]): Partial<Record<LineField, number>> | undefined {
  const cells = row.map((cell) => (cell.length > HEADER_MAX_LENGTH ? "" : cell));
  const columns: Partial<Record<LineField, number>> = {};
  let named = 0;
  cells.forEach((cell, index) => {
    const field = REQUIRED_FIELD_OF.get(normalizeHeader(cell));
    if (field !== undefined && columns[field] === undefined) {
      columns[field] = index;
      named++;
    }
  });
  if (named < HEADER_NEEDS) return undefined;
  return { ...columns, ...optionalColumns(cells, Object.values(columns) as number[]) };
}

const TEMPLATE_ORDER = Object.fromEntries(INVOICE_LINE_COLUMNS.map((field, index) => [field, index])) as Record<LineField, number>;

/** The block's data rows by field; throws TooManyPastedRows at the first data row past `maxRows`. */
export function* pastedLines(text: string, maxRows: number): Generator<PastedLine> {
  let columns: Partial<Record<LineField, number>> | undefined;
  let row = 0;
  for (const cells of pastedRows(text)) {
    if (columns === undefined) {
      columns = pastedHeader(cells);
      if (columns !== undefined) continue;
      columns = TEMPLATE_ORDER;
    }
    if (++row > maxRows) throw new TooManyPastedRows(maxRows);
    const byField = {} as Record<LineField, string>;
    for (const field of INVOICE_LINE_COLUMNS) {
      const index = columns[field];
      byField[field] = index === undefined ? "" : (cells[index] ?? "");
    }
    yield { row, cells: byField };
  }
}
