/**
 * The two forms an export is sent in, written as the rows are read (never whole in memory):
 * CSV for Romanian Excel, and .xlsx through exceljs's streaming writer.
 */
import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import { CSV_BOM, type CsvCell, csvRow } from "../../contract/csvRow";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_TYPE = "text/csv; charset=utf-8";

/** The Content-Disposition of a file the browser saves. */
export const attachment = (filename: string) => `attachment; filename="${filename}"`;

/** Writes rows into an .xlsx streamed as it is written. */
export function xlsxStream(sheetName: string, write: (sheet: ExcelJS.Worksheet) => Promise<void>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  void (async () => {
    try {
      await write(sheet);
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** A bold header row, then one row per item. */
export function tableXlsx<T>(sheetName: string, headers: readonly string[], items: AsyncIterable<T>, cells: (item: T) => unknown[]): Readable {
  return xlsxStream(sheetName, async (sheet) => {
    const header = sheet.addRow([...headers]);
    header.font = { bold: true };
    header.commit();
    for await (const item of items) sheet.addRow(cells(item)).commit();
  });
}

/**
 * A CSV by contract/csvRow.ts, the one rule of every CSV the product writes: Romanian Excel's
 * form (BOM, `;`, CRLF), every text quoted, and no cell any reader could split off starting
 * like a formula.
 */
export async function* tableCsv<T>(headers: readonly string[], items: AsyncIterable<T>, cells: (item: T) => CsvCell[]): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(headers);
  let chunk = "";
  for await (const item of items) {
    chunk += csvRow(cells(item));
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}
