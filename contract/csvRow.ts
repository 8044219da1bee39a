/**
 * One rule for every CSV the product writes (the server's exports, the catalogue the client
 * builds), so that no spreadsheet turns a cell into a formula.
 *
 * The file is for Romanian Excel: UTF-8 with a byte-order mark (without it Excel reads the text
 * as Windows-1250 and garbles ș, ț), `;` between fields (the Romanian list separator), CRLF line
 * ends. No `sep=` line: Excel then ignores the byte-order mark, and other readers show the line
 * as data.
 *
 * The same file is also opened with `,` (Excel on an en-US system, most importers), or by a reader
 * that ignores quotes, and then a cell may start anywhere a `,`, `;`, tab or line break stands,
 * inside a text too: `ACME,=cmd|' /C calc'!A0,SRL` opened with `,` gives a cell `=cmd|…`.
 * So:
 * - every text is quoted (`"` doubled), numbers are left bare so they stay numbers;
 * - at the start of a text and after every such splitting character in it (past any spaces or
 *   quotes a reader may keep or drop), a character that starts a formula (= + - @, tab, CR)
 *   gets an apostrophe before it, the usual way of telling a spreadsheet "this is text".
 *   A phone number `+40 722…` then reads `'+40 722…`.
 */

export type CsvCell = string | number | null;

export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
export const CSV_LINE_END = "\r\n";

/** Where a reader may start a cell: a text's start, or after a separator or line break it holds. */
const CELL_START = /(^|[,;\t\r\n])([ "]*)(?=[=+\-@\t\r])/g;

/** A text as no reader will run it, quoted. */
export function csvText(text: string): string {
  const neutral = text.replace(CELL_START, "$1$2'");
  return `"${neutral.replace(/"/g, '""')}"`;
}

/**
 * One line, CRLF included. A number is written as `formatNumber` spells it (the server: `12.5`;
 * the catalogue: Romanian `12,5`), bare; null is an empty cell.
 */
export function csvRow(cells: readonly CsvCell[], formatNumber: (value: number) => string = String): string {
  return cells.map((cell) => (cell === null ? "" : typeof cell === "number" ? formatNumber(cell) : csvText(cell))).join(CSV_SEPARATOR) + CSV_LINE_END;
}
