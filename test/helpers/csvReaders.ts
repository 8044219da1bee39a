/**
 * A CSV the product wrote, read back as the readers its users have would read it, with `;`
 * (Romanian Excel) and with `,` (en-US Excel, most importers):
 * - SheetJS (@e965/xlsx), which follows Excel's own rules for quotes and reports a formula cell;
 * - a reader that ignores quotes and splits at every separator and line break, the worst case.
 */
import * as XLSX from "@e965/xlsx";

export const CSV_READ_SEPARATORS = [";", ","] as const;

/** SheetJS's rows of `text` split at `separator`, every cell as its text, and the formula cells. */
export function sheetJsRead(text: string, separator: string): { rows: string[][]; formulas: string[] } {
  const workbook = XLSX.read(text.replace(/^\uFEFF/, ""), { type: "string", FS: separator, raw: true, cellFormula: true, dense: false });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  const formulas = Object.entries(sheet)
    .filter(([key, cell]) => !key.startsWith("!") && (cell as XLSX.CellObject).f !== undefined)
    .map(([key, cell]) => `${key}: =${(cell as XLSX.CellObject).f}`);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "" }).map((row) => row.map((cell) => String(cell)));
  return { rows, formulas };
}

/** Every cell a reader that ignores quotes makes of `text`, leading spaces and quotes dropped. */
export function quoteBlindCells(text: string, separator: string): string[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((cell) => cell.replace(/^[ "]+/, ""));
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as a reader reads one (`12.5`, Romanian `12,5`, `-3`): not a formula. */
const PLAIN_NUMBER = /^-?\d+([.,]\d+)?$/;

/**
 * Every cell that some reader, with `;` or `,`, would take as a formula or that starts like one
 * (= + - @, tab, CR), each named by reader and separator. Empty for a safe file.
 */
export function formulaLikeCells(text: string): string[] {
  const found: string[] = [];
  for (const separator of CSV_READ_SEPARATORS) {
    const { rows, formulas } = sheetJsRead(text, separator);
    found.push(...formulas.map((formula) => `SheetJS '${separator}' formula ${formula}`));
    for (const cell of rows.flat()) {
      if (FORMULA_START.test(cell.replace(/^ +/, "")) && !PLAIN_NUMBER.test(cell.trim())) found.push(`SheetJS '${separator}': ${cell}`);
    }
    for (const cell of quoteBlindCells(text, separator)) {
      if (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell.trim())) found.push(`quote-blind '${separator}': ${cell}`);
    }
  }
  return found;
}
