/**
 * Reading the first worksheet of an .xlsx or .xls, row by row, with the limits and refusals of
 * excel-formats.md. The file's first bytes choose the reader (never its name): a zip is checked
 * by zipGuard and then read by xlsx.ts, part by part through the zip's directory, the sheet
 * streamed (rows yielded as they are parsed); an OLE file is a legacy .xls read by @e965/xlsx in
 * a worker thread (xls.ts), unless it is an encrypted OOXML package (a password-protected .xlsx).
 * Both readers store a row's cells up to `maxColumns` only and report the columns beyond that
 * held a value. Every refusal is an ExcelError; any other parser exception becomes one too, so
 * nothing a file contains escapes the request handler.
 */
import { readFile, stat } from "node:fs/promises";
import { ExcelError, excelError, MAX_COLUMNS, MAX_FILE_BYTES } from "./errors";
import { sniff } from "./sniff";
import { type XlsLimits, xlsRows } from "./xls";
import { xlsxRows, type XlsxRow } from "./xlsx";

/** A row: its number (1-based, as Excel shows it) and its cells (cells[0] is column A). */
export type SheetRow = XlsxRow;

export interface ReadOptions {
  /** The most non-empty rows read; one more is refused ('tooManyRows'). */
  maxRows?: number;
  /** The columns read (MAX_COLUMNS by default); cells further right are not kept. */
  maxColumns?: number;
  /** Filled with the 0-based columns right of maxColumns that held a value. */
  ignoredColumns?: Set<number>;
  /** The .xls worker's bounds (tests lower them). */
  xls?: XlsLimits;
}

/** The first worksheet's non-empty rows, in order. Completely empty rows are skipped. */
export async function* readWorkbookRows(input: Buffer | string, options: ReadOptions = {}): AsyncGenerator<SheetRow> {
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const cap = { maxColumns: options.maxColumns ?? MAX_COLUMNS, ignoredColumns: options.ignoredColumns ?? new Set<number>() };
  const buffer = await load(input);
  const kind = sniff(buffer);
  if (kind === "encrypted-ooxml") throw excelError("passwordProtected");
  if (kind === "other") throw excelError("notExcel");
  const rows = kind === "zip" ? xlsxRows(buffer, cap) : xlsRows(buffer, { maxRows, ...cap, limits: options.xls });
  let count = 0;
  try {
    for await (const row of rows) {
      if (row.cells.every((cell) => cell === null)) continue;
      if (++count > maxRows) throw excelError("tooManyRows");
      yield row;
    }
  } catch (error) {
    throw asExcelError(error);
  }
}

async function load(input: Buffer | string): Promise<Buffer> {
  if (typeof input === "string") {
    // Size first: a huge file is refused without reading it.
    if ((await stat(input)).size > MAX_FILE_BYTES) throw excelError("tooLarge");
    return readFile(input);
  }
  if (input.length > MAX_FILE_BYTES) throw excelError("tooLarge");
  return input;
}

function asExcelError(error: unknown): ExcelError {
  if (error instanceof ExcelError) return error;
  const text = String((error as Error)?.message ?? error);
  if (/password|encrypt/i.test(text)) return excelError("passwordProtected");
  return excelError("corrupt");
}
