/**
 * Reading an invoice's lines from a workbook (excel-formats.md, "Invoice lines") and the
 * row's checks (the rules a line obeys wherever it comes from are lineRules.ts).
 *
 * The whole file is read and every row checked before anything is written; one bad row refuses
 * the whole file (an invoice with a line silently missing is worse than no invoice), with every
 * bad row's Excel number and reason. A file-level problem throws ExcelError.
 *
 * The header row: excel/sheet.ts looks, in the first 10 rows, for the first row holding at least
 * half of the columns it is given. It is given the four required columns only, not all eleven:
 * the most natural sheet (Denumire produs, Cod produs, Cantitate, Pret) has only those, and
 * "half of eleven" would refuse it. The optional columns are then found in that same row.
 *
 * A cell holding a control character (NUL and the like) refuses its row: PostgreSQL cannot store
 * NUL, and the others only hide text. Tabs and line breaks are ordinary text.
 */
import type { InvoiceLineInput, RejectedLine } from "../../../../contract/api";
import { INVOICE_LINE_DEFAULTS, MAX_INVOICE_LINES } from "../../../../contract/constants";
import { LINE_TEXT_MAX, MAX_AMOUNT } from "../../../../contract/invoiceLineBounds";
import { hasControlCharacter } from "../../../controlCharacters";
import { type CellValue, cellNumber, cellText } from "../../../excel/cells";
import { ExcelError } from "../../../excel/errors";
import { normalizeHeader } from "../../../excel/header";
import { readSheet } from "../../../excel/sheet";
import { cellControlCharacters, lineRowMessages, tooManyInvoiceLines } from "../../../messages";
import { LINE_SHEET_COLUMNS, type LineField, lineHeader } from "./lineColumns";
import {
  cleanQuantity,
  completeTax,
  type LineDefaults,
  type PendingLine,
  quantityProblem,
  roundPrice,
} from "./lineRules";
import type { TaxList } from "./vatRates";

interface ReadLinesOptions {
  /** The tenant's tax list, asked for once the rows are read: every line's VAT follows its tax there. */
  taxes: () => Promise<TaxList>;
  /** Fewer for tests; MAX_INVOICE_LINES by default. */
  maxLines?: number;
}

/** ignoredColumns: the columns right of the ones read that held a value, as letters ("BM"). */
type LinesReading = ({ ok: true; lines: InvoiceLineInput[] } | { ok: false; rejected: RejectedLine[] }) & { ignoredColumns: string[] };

const REQUIRED_COLUMNS = LINE_SHEET_COLUMNS.filter((spec) => spec.required);
const OPTIONAL_COLUMNS = LINE_SHEET_COLUMNS.filter((spec) => !spec.required);

export async function readInvoiceLines(input: Buffer | string, defaults: LineDefaults, options: ReadLinesOptions): Promise<LinesReading> {
  const maxLines = options.maxLines ?? MAX_INVOICE_LINES;
  const pending: { row: number; line: PendingLine }[] = [];
  const rejected: RejectedLine[] = [];
  let ignoredColumns: string[];
  try {
    const reading = await readSheet(input, REQUIRED_COLUMNS, { maxDataRows: maxLines });
    const { header, records } = reading;
    const optional = optionalColumns(header.texts, Object.values(header.columns) as number[]);
    for await (const record of records) {
      const values = { ...record.values } as Record<LineField, CellValue>;
      for (const spec of OPTIONAL_COLUMNS) {
        const index = optional[spec.field];
        values[spec.field] = index === undefined ? null : (record.cells[index] ?? null);
      }
      const check = checkLineRow(values, defaults);
      if (check.ok) pending.push({ row: record.row, line: check.line });
      else rejected.push({ row: record.row, reason: check.reason });
    }
    ignoredColumns = reading.ignoredColumns();
  } catch (error) {
    // Past the limit the reading stops at once (a file of 100,000 rows is not read whole).
    if (error instanceof ExcelError && error.kind === "tooManyRows") throw new ExcelError("tooManyRows", tooManyInvoiceLines(maxLines));
    throw error;
  }

  const lines: InvoiceLineInput[] = [];
  // Asked even when a row is already refused, so every row's problem is told at once.
  const taxes = pending.length > 0 ? await options.taxes() : null;
  for (const { row, line } of pending) {
    const complete = completeTax(line, taxes);
    if (complete.ok) lines.push(complete.line);
    else rejected.push({ row, reason: complete.reason });
  }
  if (rejected.length > 0) return { ok: false, rejected: rejected.sort((a, b) => a.row - b.row), ignoredColumns };
  return { ok: true, lines, ignoredColumns };
}

/** The optional columns found in the header row (field → 0-based index), first match wins. */
function optionalColumns(texts: readonly string[], taken: readonly number[]): Partial<Record<LineField, number>> {
  const used = new Set(taken);
  const found: Partial<Record<LineField, number>> = {};
  for (const spec of OPTIONAL_COLUMNS) {
    const names = new Set(spec.names.map(normalizeHeader));
    const index = texts.findIndex((text, i) => !used.has(i) && names.has(normalizeHeader(text)));
    if (index >= 0) {
      found[spec.field] = index;
      used.add(index);
    }
  }
  return found;
}

type RowCheck = { ok: true; line: PendingLine } | { ok: false; reason: string };

/** One row's cells (by field) → the line, or every reason it is refused. */
function checkLineRow(values: Readonly<Record<LineField, CellValue>>, defaults: LineDefaults): RowCheck {
  const reasons: string[] = [];
  const text = (field: LineField) => cellText(values[field]).replace(/\s+/g, " ").trim();
  const bounded = (field: keyof typeof LINE_TEXT_MAX, fallback = "") => {
    const value = text(field) || fallback;
    if (value.length > LINE_TEXT_MAX[field]) reasons.push(lineRowMessages.tooLong(lineHeader(field), LINE_TEXT_MAX[field]));
    return value;
  };
  const amount = (field: "quantity" | "price", missing: string, notNumber: (text: string) => string) => {
    if (values[field] === null) {
      reasons.push(missing);
      return 0;
    }
    const number = cellNumber(values[field]);
    if (number === undefined) {
      reasons.push(notNumber(text(field)));
      return 0;
    }
    if (Math.abs(number) > MAX_AMOUNT) reasons.push(lineRowMessages.tooLarge(lineHeader(field), MAX_AMOUNT));
    return number;
  };

  for (const field of Object.keys(values) as LineField[]) {
    // The cell as it was: collapsing white space would already have hidden \v and \f.
    const value = values[field];
    if (typeof value === "string" && hasControlCharacter(value)) reasons.push(cellControlCharacters(lineHeader(field)));
  }
  const name = bounded("name");
  if (!name) reasons.push(lineRowMessages.nameMissing);
  const code = bounded("code");
  if (!code) reasons.push(lineRowMessages.codeMissing);
  const quantity = amount("quantity", lineRowMessages.quantityMissing, lineRowMessages.quantityNotNumber);
  // A quantity that is a number must be above zero (a missing or unreadable one is told above).
  const badQuantity = cellNumber(values.quantity) === undefined ? undefined : quantityProblem(cleanQuantity(quantity));
  if (badQuantity) reasons.push(badQuantity);
  const price = amount("price", lineRowMessages.priceMissing, lineRowMessages.priceNotNumber);
  const taxPercentage = percentCell(values.taxPercentage, reasons);
  const service = flagCell(values.service, "service", reasons) ?? INVOICE_LINE_DEFAULTS.service;
  const saveToDb = flagCell(values.saveToDb, "saveToDb", reasons) ?? defaults.saveToDb;
  const line: PendingLine = {
    name,
    code,
    quantity: cleanQuantity(quantity),
    price: roundPrice(price),
    measuringUnitName: bounded("measuringUnitName", INVOICE_LINE_DEFAULTS.measuringUnitName),
    currency: bounded("currency", defaults.currency).toUpperCase(),
    taxName: bounded("taxName") || undefined,
    taxPercentage,
    saveToDb,
    service,
    warehouseName: bounded("warehouseName", defaults.warehouseName),
  };
  return reasons.length > 0 ? { ok: false, reason: reasons.join(" ") } : { ok: true, line };
}

/**
 * The VAT percent: blank → undefined (the tax list decides); "21", "21%", "21,00" → 21. A cell
 * formatted as a percentage holds a fraction (21% is 0.21): a value strictly between 0 and 1 is
 * read as such, since no VAT rate is below 1%.
 */
function percentCell(value: CellValue, reasons: string[]): number | undefined {
  if (value === null) return undefined;
  const raw = typeof value === "string" ? value.replace(/\s*%$/, "") : value;
  let number = cellNumber(raw);
  if (number !== undefined && number > 0 && number < 1) number = Number((number * 100).toPrecision(12));
  if (number === undefined || number < 0 || number > 100) {
    reasons.push(lineRowMessages.taxPercentageInvalid(cellText(value)));
    return undefined;
  }
  return number;
}

const YES = new Set(["da", "yes", "y", "1", "x", "true", "adevarat"]);
const NO = new Set(["nu", "no", "n", "0", "false", "fals"]);

/** da/nu, yes/no, 1/0, x (any case, with or without diacritics); blank → undefined. */
function parseFlag(value: CellValue): boolean | undefined | "invalid" {
  if (value === null) return undefined;
  if (typeof value === "boolean") return value;
  const word = normalizeHeader(cellText(value));
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return "invalid";
}

function flagCell(value: CellValue, field: LineField, reasons: string[]): boolean | undefined {
  const flag = parseFlag(value);
  if (flag !== "invalid") return flag;
  reasons.push(lineRowMessages.flagUnknown(cellText(value), lineHeader(field)));
  return undefined;
}
