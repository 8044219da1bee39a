/**
 * Reading the first worksheet of an .xlsx or .xls, row by row, with the limits and refusals of
 * excel-formats.md. The file's first bytes choose the reader (never its name): a zip is checked
 * by zipGuard and then read by xlsx.ts, part by part through the zip's directory, the sheet
 * streamed (rows yielded as they are parsed); an OLE file is a legacy .xls read by @e965/xlsx,
 * unless it is an encrypted OOXML package (a password-protected .xlsx). Every refusal is an
 * ExcelError; any other parser exception becomes one too, so nothing a file contains escapes the
 * request handler.
 */
import { readFile, stat } from "node:fs/promises";
import * as XLSX from "@e965/xlsx";
import { normalizeCell } from "./cells";
import { ExcelError, excelError, MAX_FILE_BYTES } from "./errors";
import { sniff } from "./sniff";
import { xlsxRows, type XlsxRow } from "./xlsx";

/** A row: its number (1-based, as Excel shows it) and its cells (cells[0] is column A). */
export type SheetRow = XlsxRow;

export interface ReadOptions {
  /** The most non-empty rows read; one more is refused ('tooManyRows'). */
  maxRows?: number;
}

/** The first worksheet's non-empty rows, in order. Completely empty rows are skipped. */
export async function* readWorkbookRows(input: Buffer | string, options: ReadOptions = {}): AsyncGenerator<SheetRow> {
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const buffer = await load(input);
  const kind = sniff(buffer);
  if (kind === "encrypted-ooxml") throw excelError("passwordProtected");
  if (kind === "other") throw excelError("notExcel");
  const rows = kind === "zip" ? xlsxRows(buffer) : xlsRows(buffer, maxRows);
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

async function* xlsRows(buffer: Buffer, maxRows: number): AsyncGenerator<SheetRow> {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, {
      type: "buffer",
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      // A bound on what is parsed: one row past the limit is enough to refuse.
      sheetRows: Number.isFinite(maxRows) ? maxRows + 1000 : 0,
    });
  } catch (error) {
    if (/password|encrypt/i.test(String((error as Error)?.message))) throw excelError("passwordProtected");
    throw excelError("notExcel");
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet || !sheet["!ref"]) throw excelError(name === undefined ? "noSheet" : "noData");
  const start = XLSX.utils.decode_range(sheet["!ref"]).s.r;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  for (let i = 0; i < rows.length; i++) {
    yield { row: start + i + 1, cells: rows[i].map(normalizeCell) };
  }
}

function asExcelError(error: unknown): ExcelError {
  if (error instanceof ExcelError) return error;
  const text = String((error as Error)?.message ?? error);
  if (/password|encrypt/i.test(text)) return excelError("passwordProtected");
  return excelError("corrupt");
}
