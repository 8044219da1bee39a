/**
 * One row of invoice-line cells checked by the import's rules and words, wherever the row comes
 * from: a sheet's row (lineSheet.ts joins the problems into its one reason) or a row pasted into
 * the lines (pastedLines.ts keeps each problem beside its cell, so the grid can mark it).
 *
 * Text cells are read as the import reads them (excel/cells.ts cellNumber): "1.234,50", "12,5"
 * and "1,234.50" are numbers, "doi" is not. A cell holding a control character (NUL and the
 * like) refuses its row: PostgreSQL cannot store NUL, and the others only hide text. Tabs and
 * line breaks are ordinary text, collapsed with the other white space.
 */
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import { LINE_TEXT_MAX, MAX_AMOUNT } from "../../../../contract/invoiceLineBounds";
import { hasControlCharacter } from "../../../controlCharacters";
import { type CellValue, cellNumber, cellText } from "../../../excel/cells";
import { normalizeHeader } from "../../../excel/header";
import { cellControlCharacters, lineRowMessages } from "../../../messages";
import { type LineField, lineHeader } from "./lineColumns";
import { cleanQuantity, type LineDefaults, type PendingLine, quantityProblem, roundPrice } from "./lineRules";

/** Why a row is refused: the cell at fault (null: the row as a whole) and the import's words. */
export interface LineProblem {
  field: LineField | null;
  reason: string;
}

export type RowCheck = { ok: true; line: PendingLine } | { ok: false; problems: LineProblem[] };

/** One row's cells (by field) → the line, or every problem it has, in the order the import tells them. */
export function checkLineRow(values: Readonly<Record<LineField, CellValue>>, defaults: LineDefaults): RowCheck {
  const problems: LineProblem[] = [];
  const refuse = (field: LineField | null, reason: string) => problems.push({ field, reason });
  const text = (field: LineField) => cellText(values[field]).replace(/\s+/g, " ").trim();
  const bounded = (field: keyof typeof LINE_TEXT_MAX, fallback = "") => {
    const value = text(field) || fallback;
    if (value.length > LINE_TEXT_MAX[field]) refuse(field, lineRowMessages.tooLong(lineHeader(field), LINE_TEXT_MAX[field]));
    return value;
  };
  const amount = (field: "quantity" | "price", missing: string, notNumber: (text: string) => string) => {
    if (values[field] === null) {
      refuse(field, missing);
      return 0;
    }
    const number = cellNumber(values[field]);
    if (number === undefined) {
      refuse(field, notNumber(text(field)));
      return 0;
    }
    if (Math.abs(number) > MAX_AMOUNT) refuse(field, lineRowMessages.tooLarge(lineHeader(field), MAX_AMOUNT));
    return number;
  };

  for (const field of Object.keys(values) as LineField[]) {
    // The cell as it was: collapsing white space would already have hidden \v and \f.
    const value = values[field];
    if (typeof value === "string" && hasControlCharacter(value)) refuse(field, cellControlCharacters(lineHeader(field)));
  }
  const name = bounded("name");
  if (!name) refuse("name", lineRowMessages.nameMissing);
  const code = bounded("code");
  if (!code) refuse("code", lineRowMessages.codeMissing);
  const quantity = amount("quantity", lineRowMessages.quantityMissing, lineRowMessages.quantityNotNumber);
  // A quantity that is a number must be above zero (a missing or unreadable one is told above).
  const badQuantity = cellNumber(values.quantity) === undefined ? undefined : quantityProblem(cleanQuantity(quantity));
  if (badQuantity) refuse("quantity", badQuantity);
  const price = amount("price", lineRowMessages.priceMissing, lineRowMessages.priceNotNumber);
  const taxPercentage = percentCell(values.taxPercentage, refuse);
  const service = flagCell(values.service, "service", refuse) ?? INVOICE_LINE_DEFAULTS.service;
  const saveToDb = flagCell(values.saveToDb, "saveToDb", refuse) ?? defaults.saveToDb;
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
  return problems.length > 0 ? { ok: false, problems } : { ok: true, line };
}

type Refuse = (field: LineField, reason: string) => void;

/**
 * The VAT percent: blank → undefined (the tax list decides); "21", "21%", "21,00" → 21. A cell
 * formatted as a percentage holds a fraction (21% is 0.21): a value strictly between 0 and 1 is
 * read as such, since no VAT rate is below 1%.
 */
function percentCell(value: CellValue, refuse: Refuse): number | undefined {
  if (value === null) return undefined;
  const raw = typeof value === "string" ? value.replace(/\s*%$/, "") : value;
  let number = cellNumber(raw);
  if (number !== undefined && number > 0 && number < 1) number = Number((number * 100).toPrecision(12));
  if (number === undefined || number < 0 || number > 100) {
    refuse("taxPercentage", lineRowMessages.taxPercentageInvalid(cellText(value)));
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

function flagCell(value: CellValue, field: LineField, refuse: Refuse): boolean | undefined {
  const flag = parseFlag(value);
  if (flag !== "invalid") return flag;
  refuse(field, lineRowMessages.flagUnknown(cellText(value), lineHeader(field)));
  return undefined;
}
