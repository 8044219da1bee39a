/**
 * A sheet read as records: the header found (header.ts), then each data row as its cells by
 * field, with its Excel row number and its original cells (for the error report). Refuses more
 * than MAX_DATA_ROWS data rows, and a sheet with no data row under its header. Cells right of
 * the format's column cap are not read; their columns are named by `ignoredColumns`.
 */
import type { CellValue } from "./cells";
import { columnLetters } from "./columnLetters";
import { excelError, MAX_DATA_ROWS } from "./errors";
import { type ColumnSpec, findHeader, HEADER_SEARCH_ROWS, type HeaderMatch } from "./header";
import { readWorkbookRows, type SheetRow } from "./read";
import type { XlsLimits } from "./xls";

export interface SheetRecord<Field extends string> {
  row: number;
  values: Record<Field, CellValue>;
  cells: CellValue[];
}

export interface SheetReading<Field extends string> {
  header: HeaderMatch<Field>;
  records: AsyncGenerator<SheetRecord<Field>>;
  /**
   * The columns right of the cap that held a value, as letters, left to right ("BM", "XFD"):
   * complete once `records` has been read through.
   */
  ignoredColumns(): string[];
}

export interface SheetOptions {
  maxDataRows?: number;
  /** The columns the format reads; MAX_COLUMNS by default. */
  maxColumns?: number;
  /** The .xls worker's bounds (tests lower them). */
  xls?: XlsLimits;
}

/** Reads up to the header (throwing on a file-level problem), then hands the data rows over. */
export async function readSheet<Field extends string>(
  input: Buffer | string,
  specs: readonly ColumnSpec<Field>[],
  options: SheetOptions = {},
): Promise<SheetReading<Field>> {
  const maxDataRows = options.maxDataRows ?? MAX_DATA_ROWS;
  const ignored = new Set<number>();
  const rows = readWorkbookRows(input, {
    maxRows: maxDataRows + HEADER_SEARCH_ROWS,
    maxColumns: options.maxColumns,
    ignoredColumns: ignored,
    xls: options.xls,
  });
  const head: SheetRow[] = [];
  let header: HeaderMatch<Field>;
  let next: IteratorResult<SheetRow>;
  try {
    // Rows are numbered by Excel: the first 10 *sheet* rows are searched, not the first 10 non-empty.
    next = await rows.next();
    while (!next.done && head.length < HEADER_SEARCH_ROWS) {
      head.push(next.value);
      next = await rows.next();
    }
    header = findHeader(head.filter((r) => r.row <= HEADER_SEARCH_ROWS), specs);
  } catch (error) {
    // The reader may hold a worker thread: end it now, not when it times out.
    await rows.return(undefined);
    throw error;
  }
  const pending = head.filter((r) => r.row > header.row);
  const first = next.done ? undefined : next.value;

  async function* records(): AsyncGenerator<SheetRecord<Field>> {
    let count = 0;
    const emit = (sheetRow: SheetRow): SheetRecord<Field> => {
      if (++count > maxDataRows) throw excelError("tooManyRows");
      const values = {} as Record<Field, CellValue>;
      for (const spec of specs) {
        const index = header.columns[spec.field];
        values[spec.field] = index === undefined ? null : (sheetRow.cells[index] ?? null);
      }
      return { row: sheetRow.row, values, cells: sheetRow.cells };
    };
    try {
      for (const sheetRow of pending) yield emit(sheetRow);
      if (first) yield emit(first);
      for await (const sheetRow of rows) yield emit(sheetRow);
    } finally {
      await rows.return(undefined);
    }
    if (count === 0) throw excelError("noData");
  }
  const ignoredColumns = () => [...ignored].sort((a, b) => a - b).map(columnLetters);
  return { header, records: records(), ignoredColumns };
}
