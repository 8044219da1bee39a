/**
 * Reading an invoice's lines from a workbook (excel-formats.md, "Invoice lines"); a row's checks
 * are lineRow.ts, the rules a line obeys wherever it comes from lineRules.ts.
 *
 * The whole file is read and every row checked before anything is written; one bad row refuses
 * the whole file (an invoice with a line silently missing is worse than no invoice), with every
 * bad row's Excel number and reason. A file-level problem throws ExcelError.
 *
 * The header row: excel/sheet.ts looks, in the first 10 rows, for the first row holding at least
 * half of the columns it is given. It is given the four required columns only, not all eleven:
 * the most natural sheet (Denumire produs, Cod produs, Cantitate, Pret) has only those, and
 * "half of eleven" would refuse it. The optional columns are then found in that same row.
 *
 * A row's checks (lineRow.ts) are shared with a block pasted into the lines (pastedLines.ts); a
 * sheet's row joins its problems into one reason.
 */
import type { InvoiceLineInput, RejectedLine } from "../../../../contract/api";
import { MAX_INVOICE_LINES } from "../../../../contract/constants";
import type { CellValue } from "../../../excel/cells";
import { ExcelError } from "../../../excel/errors";
import { normalizeHeader } from "../../../excel/header";
import { readSheet } from "../../../excel/sheet";
import { tooManyInvoiceLines } from "../../../messages";
import { LINE_SHEET_COLUMNS, type LineField } from "./lineColumns";
import { checkLineRow } from "./lineRow";
import { completeTax, type LineDefaults, type PendingLine } from "./lineRules";
import type { TaxList } from "./vatRates";

interface ReadLinesOptions {
  /** The tenant's tax list, asked for once the rows are read: every line's VAT follows its tax there. */
  taxes: () => Promise<TaxList>;
  /** Fewer for tests; MAX_INVOICE_LINES by default. */
  maxLines?: number;
}

/** ignoredColumns: the columns right of the ones read that held a value, as letters ("BM"). */
type LinesReading = ({ ok: true; lines: InvoiceLineInput[] } | { ok: false; rejected: RejectedLine[] }) & { ignoredColumns: string[] };

const REQUIRED_COLUMNS = LINE_SHEET_COLUMNS.filter((spec) => spec.required);
const OPTIONAL_COLUMNS = LINE_SHEET_COLUMNS.filter((spec) => !spec.required);

export async function readInvoiceLines(input: Buffer | string, defaults: LineDefaults, options: ReadLinesOptions): Promise<LinesReading> {
  const maxLines = options.maxLines ?? MAX_INVOICE_LINES;
  const pending: { row: number; line: PendingLine }[] = [];
  const rejected: RejectedLine[] = [];
  let ignoredColumns: string[];
  try {
    const reading = await readSheet(input, REQUIRED_COLUMNS, { maxDataRows: maxLines });
    const { header, records } = reading;
    const optional = optionalColumns(header.texts, Object.values(header.columns) as number[]);
    for await (const record of records) {
      const values = { ...record.values } as Record<LineField, CellValue>;
      for (const spec of OPTIONAL_COLUMNS) {
        const index = optional[spec.field];
        values[spec.field] = index === undefined ? null : (record.cells[index] ?? null);
      }
      const check = checkLineRow(values, defaults);
      if (check.ok) pending.push({ row: record.row, line: check.line });
      else rejected.push({ row: record.row, reason: check.problems.map((problem) => problem.reason).join(" ") });
    }
    ignoredColumns = reading.ignoredColumns();
  } catch (error) {
    // Past the limit the reading stops at once (a file of 100,000 rows is not read whole).
    if (error instanceof ExcelError && error.kind === "tooManyRows") throw new ExcelError("tooManyRows", tooManyInvoiceLines(maxLines));
    throw error;
  }

  const lines: InvoiceLineInput[] = [];
  // Asked even when a row is already refused, so every row's problem is told at once.
  const taxes = pending.length > 0 ? await options.taxes() : null;
  for (const { row, line } of pending) {
    const complete = completeTax(line, taxes);
    if (complete.ok) lines.push(complete.line);
    else rejected.push({ row, reason: complete.reason });
  }
  if (rejected.length > 0) return { ok: false, rejected: rejected.sort((a, b) => a.row - b.row), ignoredColumns };
  return { ok: true, lines, ignoredColumns };
}

/** The optional columns found in the header row (field → 0-based index), first match wins. */
export function optionalColumns(texts: readonly string[], taken: readonly number[]): Partial<Record<LineField, number>> {
  const used = new Set(taken);
  const found: Partial<Record<LineField, number>> = {};
  for (const spec of OPTIONAL_COLUMNS) {
    const names = new Set(spec.names.map(normalizeHeader));
    const index = texts.findIndex((text, i) => !used.has(i) && names.has(normalizeHeader(text)));
    if (index >= 0) {
      found[spec.field] = index;
      used.add(index);
    }
  }
  return found;
}
