/**
 * The customer import's reading and checking: the WHOLE file is read and every row checked
 * before anything is written (a file-level problem throws ExcelError). Rows are checked one by
 * one as the reader streams them; only the checked fields (and, for rejected rows, their reason
 * and cells for the error report) are kept, compactly (RowStore), for the writing or the report.
 */
import { CUSTOMER_COLUMNS, type CustomerFields, type RejectedRow } from "../../../../contract/api";
import { cuiOf } from "../../../../contract/cif";
import { type CellValue, cellText } from "../../../excel/cells";
import { RowStore, type Tuple } from "../../../excel/rowStore";
import { readSheet } from "../../../excel/sheet";
import { CUSTOMER_SHEET_COLUMNS } from "./columns";
import { checkCustomerRow, duplicateCodeReason } from "./validation";

export interface ValidCustomerRow {
  row: number;
  fields: CustomerFields;
}

export interface RejectedCustomerRow extends RejectedRow {
  /** The row's cells as text (trailing empty ones left out), for the error report. */
  cells: string[];
}

export interface CheckedCustomerFile {
  headerTexts: string[];
  /** The valid rows in file order (their codes are unique): iterate, as many times as needed. */
  valid: RowStore<ValidCustomerRow>;
  /** The valid rows' codes, in file order, without decoding the rows. */
  codes: Iterable<string>;
  rejected: RowStore<RejectedCustomerRow>;
  /** The columns right of the ones read that held a value, as letters ("BM", "XFD"). */
  ignoredColumns: string[];
}

export interface CheckOptions {
  /** Fewer for tests; MAX_DATA_ROWS by default. */
  maxDataRows?: number;
  /** Keep the rejected rows' cells (only the error report needs them); true by default. */
  rejectedCells?: boolean;
}

export async function checkCustomerFile(input: Buffer | string, options: CheckOptions = {}): Promise<CheckedCustomerFile> {
  const { header, records, ignoredColumns } = await readSheet(input, CUSTOMER_SHEET_COLUMNS, options);
  const keepCells = options.rejectedCells ?? true;
  const valid = new RowStore<ValidCustomerRow>(encodeValid, decodeValid);
  const rejected = new RowStore<RejectedCustomerRow>(encodeRejected, decodeRejected);
  // code → the row it first appears on; in file order, so its keys are the valid rows' codes
  const firstRowOf = new Map<string, number>();
  for await (const record of records) {
    const check = checkCustomerRow(record.values);
    const code = cellText(record.values.codClient).trim();
    if (!check.ok) {
      rejected.push({ row: record.row, ...(code ? { codClient: code } : {}), reason: check.reason, cells: keepCells ? cellTexts(record.cells) : [] });
      continue;
    }
    const first = firstRowOf.get(check.fields.codClient);
    if (first !== undefined) {
      rejected.push({ row: record.row, codClient: code, reason: duplicateCodeReason(code, first), cells: keepCells ? cellTexts(record.cells) : [] });
      continue;
    }
    firstRowOf.set(check.fields.codClient, record.row);
    valid.push({ row: record.row, fields: check.fields });
  }
  return {
    headerTexts: header.texts,
    valid,
    codes: { [Symbol.iterator]: () => firstRowOf.keys() },
    rejected,
    ignoredColumns: ignoredColumns(),
  };
}

/**
 * The valid rows for upsertCustomers, as stored: batches of JSON arrays whose items begin with
 * the fields in CUSTOMER_COLUMNS order and the CIF's CUI (the Excel row number follows, unread).
 */
export function validBatches(checked: CheckedCustomerFile): Iterable<string> {
  return checked.valid.jsonBatches();
}

/** A row's cells as text, without its trailing empty cells. */
function cellTexts(cells: readonly CellValue[]): string[] {
  const texts = cells.map(cellText);
  let end = texts.length;
  while (end > 0 && texts[end - 1] === "") end--;
  return end === texts.length ? texts : texts.slice(0, end);
}

// A valid row as [...its fields in CUSTOMER_COLUMNS order, its CUI or null, row]: the fields and
// the CUI first, so the stored tuples are what upsertCustomers reads.
function encodeValid({ row, fields }: ValidCustomerRow): Tuple {
  const tuple: (string | number | null)[] = CUSTOMER_COLUMNS.map((column) => fields[column]);
  tuple.push(cuiOf(fields.cif), row);
  return tuple;
}

function decodeValid(tuple: Tuple): ValidCustomerRow {
  const fields = {} as Record<(typeof CUSTOMER_COLUMNS)[number], string>;
  for (let i = 0; i < CUSTOMER_COLUMNS.length; i++) fields[CUSTOMER_COLUMNS[i]] = tuple[i] as string;
  return { row: tuple[CUSTOMER_COLUMNS.length + 1] as number, fields };
}

// A rejected row as [row, code or null, reason, ...cells]
function encodeRejected({ row, codClient, reason, cells }: RejectedCustomerRow): Tuple {
  return [row, codClient ?? null, reason, ...cells];
}

function decodeRejected(tuple: Tuple): RejectedCustomerRow {
  const [row, codClient, reason, ...cells] = tuple as [number, string | null, string, ...string[]];
  return { row, ...(codClient === null ? {} : { codClient }), reason, cells };
}
