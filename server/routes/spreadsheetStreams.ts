/**
 * The two forms an export is sent in, written as the rows are read (never whole in memory):
 * CSV for Romanian Excel, and .xlsx through exceljs's streaming writer.
 */
import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";

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
 * CSV for Romanian Excel: UTF-8 with a BOM (without it Excel reads the text as Windows-1250 and
 * garbles ș, ț), `;` between fields (Romanian locale's list separator: Excel opens a `,` file as
 * one column), CRLF line ends, fields quoted when they contain `;`, `"` or a line break. A value
 * that Excel would run as a formula (=, @, or + / - not followed by a plain number such as a
 * phone number) gets a leading apostrophe (CSV injection).
 */
export async function* tableCsv<T>(headers: readonly string[], items: AsyncIterable<T>, cells: (item: T) => (string | number | null)[]): AsyncGenerator<string> {
  yield `\uFEFF${headers.map(csvField).join(";")}\r\n`;
  let chunk = "";
  for await (const item of items) {
    chunk += `${cells(item).map(csvField).join(";")}\r\n`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

function csvField(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().]*$/.test(text))) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
