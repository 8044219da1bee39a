/**
 * Finding the header row and mapping columns (excel-formats.md, "How a sheet is read"): within
 * the first 10 rows, the first row where at least half of the known columns are found; names
 * compared ignoring case, diacritics, punctuation and repeated spaces.
 */
import { type CellValue, cellText } from "./cells";
import { excelMessages } from "../messages";
import { ExcelError } from "./errors";

export const HEADER_SEARCH_ROWS = 10;

export interface ColumnSpec<Field extends string = string> {
  field: Field;
  /** Every accepted header, Romanian and English; the first is the name shown to users. */
  names: readonly string[];
  /** The column must be present in the header. */
  required: boolean;
}

export interface HeaderMatch<Field extends string = string> {
  /** The header's row number (1-based, as Excel shows it). */
  row: number;
  /** field → 0-based column index */
  columns: Partial<Record<Field, number>>;
  /** The header row's texts, as written. */
  texts: string[];
}

/** 'Denumire  client:' → 'denumire client'; 'Județ' / 'Judeţ' → 'judet'. */
export function normalizeHeader(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function findHeader<Field extends string>(
  rows: readonly { row: number; cells: readonly CellValue[] }[],
  specs: readonly ColumnSpec<Field>[],
): HeaderMatch<Field> {
  const lookup = new Map<string, Field>();
  for (const spec of specs) for (const name of spec.names) lookup.set(normalizeHeader(name), spec.field);
  const needed = Math.ceil(specs.length / 2);

  let best: HeaderMatch<Field> | undefined;
  let bestCount = 0;
  for (const { row, cells } of rows.slice(0, HEADER_SEARCH_ROWS)) {
    const columns: Partial<Record<Field, number>> = {};
    let count = 0;
    cells.forEach((cell, index) => {
      const field = lookup.get(normalizeHeader(cellText(cell)));
      if (field !== undefined && columns[field] === undefined) {
        columns[field] = index;
        count++;
      }
    });
    const match = { row, columns, texts: cells.map(cellText) };
    if (count >= needed) {
      best = match;
      bestCount = count;
      break;
    }
    if (count > bestCount) {
      best = match;
      bestCount = count;
    }
  }
  if (!best || bestCount < needed) {
    throw new ExcelError("headerNotFound", excelMessages.headerNotFound(specs.filter((s) => s.required).map((s) => s.names[0])));
  }
  const missing = specs.filter((spec) => spec.required && best.columns[spec.field] === undefined);
  if (missing.length > 0) {
    throw new ExcelError("missingColumns", excelMessages.missingColumns(missing.map((spec) => spec.names[0])));
  }
  return best;
}
