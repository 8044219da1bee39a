/**
 * A sheet read as records: the header found (header.ts), then each data row as its cells by
 * field, with its Excel row number and its original cells (for the error report). Refuses more
 * than MAX_DATA_ROWS data rows, and a sheet with no data row under its header.
 */
import type { CellValue } from "./cells";
import { excelError, MAX_DATA_ROWS } from "./errors";
import { type ColumnSpec, findHeader, HEADER_SEARCH_ROWS, type HeaderMatch } from "./header";
import { readWorkbookRows, type SheetRow } from "./read";

export interface SheetRecord<Field extends string> {
  row: number;
  values: Record<Field, CellValue>;
  cells: CellValue[];
}

export interface SheetReading<Field extends string> {
  header: HeaderMatch<Field>;
  records: AsyncGenerator<SheetRecord<Field>>;
}

/** Reads up to the header (throwing on a file-level problem), then hands the data rows over. */
export async function readSheet<Field extends string>(
  input: Buffer | string,
  specs: readonly ColumnSpec<Field>[],
  options: { maxDataRows?: number } = {},
): Promise<SheetReading<Field>> {
  const maxDataRows = options.maxDataRows ?? MAX_DATA_ROWS;
  const rows = readWorkbookRows(input, { maxRows: maxDataRows + HEADER_SEARCH_ROWS });
  const head: SheetRow[] = [];
  // Rows are numbered by Excel: the first 10 *sheet* rows are searched, not the first 10 non-empty.
  let next = await rows.next();
  while (!next.done && head.length < HEADER_SEARCH_ROWS) {
    head.push(next.value);
    next = await rows.next();
  }
  const header = findHeader(head.filter((r) => r.row <= HEADER_SEARCH_ROWS), specs);
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
    for (const sheetRow of pending) yield emit(sheetRow);
    if (first) yield emit(first);
    for await (const sheetRow of rows) yield emit(sheetRow);
    if (count === 0) throw excelError("noData");
  }
  return { header, records: records() };
}
