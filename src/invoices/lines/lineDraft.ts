/**
 * An invoice line as it is being typed (in the grid or the phone's dialog): quantity and price as
 * the clerk typed them, so '12,5' or '' can be checked and kept; and the check of such a draft,
 * field by field, with the import's own words (LINE_ROW_MESSAGES), so a cell can be marked.
 */
import type { InvoiceLine, InvoiceLineInput, Product, Warehouse } from "../../../contract/api";
import { INVOICE_LINE_DEFAULTS } from "../../../contract/constants";
import { LINE_TEXT_MAX } from "../../../contract/invoiceLineBounds";
import { parseRomanianNumber, romanianInputText } from "../../../contract/romanianNumber";
import type { TaxRate } from "../../providers/customMethods";
import { defaultTax, taxRateOf } from "../taxRates";
import { readTypedNumber } from "../typedNumber";

export type LineField = keyof InvoiceLineInput;

export interface LineDraft extends Omit<InvoiceLineInput, "quantity" | "price"> {
  quantity: string;
  price: string;
}

/** A field's problem, or the row's as a whole ('row'). */
export type LineProblems = Partial<Record<LineField | "row", string>>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function newLineDraft(warehouses: readonly Warehouse[], taxes: readonly TaxRate[], currency: string): LineDraft {
  const tax = defaultTax(taxes);
  return {
    name: "",
    code: "",
    quantity: romanianInputText(INVOICE_LINE_DEFAULTS.quantity),
    price: "",
    measuringUnitName: INVOICE_LINE_DEFAULTS.measuringUnitName,
    currency,
    taxName: tax.name,
    taxPercentage: tax.percentage,
    saveToDb: INVOICE_LINE_DEFAULTS.saveToDb,
    service: INVOICE_LINE_DEFAULTS.service,
    warehouseName: warehouses[0]?.warehouseName ?? "",
  };
}

export function draftOf({ id: _id, invoiceId: _invoiceId, ...line }: InvoiceLine): LineDraft {
  return { ...line, quantity: romanianInputText(line.quantity), price: romanianInputText(line.price, 2) };
}

/** What a product of the catalogue fills; quantity, warehouse and 'Salvează în DB' stay the line's. */
export function productFill(product: Product, taxes: readonly TaxRate[]): Partial<LineDraft> {
  const productTax = taxRateOf(taxes, product.taxName);
  return {
    code: product.code,
    name: product.name,
    measuringUnitName: product.unit,
    // A price not set in the catalogue is typed on the line.
    price: product.price === null ? "" : romanianInputText(product.price, 2),
    currency: product.currency,
    taxName: productTax?.name ?? product.taxName,
    taxPercentage: productTax?.percentage ?? product.taxPercentage,
    service: product.isService,
  };
}

/** The number a draft's quantity or price stands for while typed, 0 when it cannot be read (for live totals). */
export function typedAmount(text: string): number {
  const reading = parseRomanianNumber(text);
  return reading.ok ? reading.value : 0;
}

/** A pasted 'da'/'nu' as the import reads it; undefined when it is neither. */
const YES = new Set(["da", "yes", "y", "true", "1", "x"]);
const NO = new Set(["nu", "no", "n", "false", "0", "", "-"]);
function flagOf(text: string | undefined, fallback: boolean): boolean {
  const value = (text ?? "").trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return value === "" ? fallback : false;
  return fallback;
}

/** A pasted row the server refused, as a draft holding its cells as pasted (nothing lost). */
export function draftOfPasted(cells: Readonly<Record<string, string>>, defaults: LineDraft, taxes: readonly TaxRate[]): LineDraft {
  const text = (field: LineField, fallback: string) => (cells[field] ?? "").trim() || fallback;
  const taxName = text("taxName", defaults.taxName);
  const percent = parseRomanianNumber((cells.taxPercentage ?? "").replace(/\s*%$/, ""));
  return {
    name: cells.name ?? "",
    code: cells.code ?? "",
    quantity: cells.quantity ?? "",
    price: cells.price ?? "",
    measuringUnitName: text("measuringUnitName", defaults.measuringUnitName),
    currency: text("currency", defaults.currency).toUpperCase(),
    taxName,
    taxPercentage: percent.ok ? percent.value : (taxRateOf(taxes, taxName)?.percentage ?? defaults.taxPercentage),
    service: flagOf(cells.service, defaults.service),
    saveToDb: flagOf(cells.saveToDb, defaults.saveToDb),
    warehouseName: text("warehouseName", defaults.warehouseName),
  };
}

export interface LineCheck {
  problems: LineProblems;
  /** the line to store, when nothing is wrong */
  line?: InvoiceLineInput;
}

/**
 * A draft checked as the import checks a row, each problem on its field. `taxListKnown`: the tax
 * list is SmartBill's, so a tax it lacks is refused (not while only the fallback is known).
 */
export function checkLineDraft(draft: LineDraft, taxes: readonly TaxRate[], taxListKnown: boolean, translate: Translate): LineCheck {
  const problems: LineProblems = {};
  const header = (field: LineField) => translate(`resources.invoices.lineColumns.headers.${field}`);
  const bounded = (field: keyof typeof LINE_TEXT_MAX) => {
    const value = draft[field].replace(/\s+/g, " ").trim();
    if (value.length > LINE_TEXT_MAX[field]) problems[field] = translate("resources.invoices.lines.problems.tooLong", { column: header(field), max: LINE_TEXT_MAX[field] });
    return value;
  };
  const name = bounded("name");
  if (!name) problems.name ??= translate("resources.invoices.lines.problems.nameMissing");
  const code = bounded("code");
  if (!code) problems.code ??= translate("resources.invoices.lines.problems.codeMissing");
  for (const field of ["measuringUnitName", "currency", "warehouseName"] as const) bounded(field);

  const amount = (field: "quantity" | "price", rules: Parameters<typeof readTypedNumber>[2]) => {
    const typed = draft[field].trim();
    const reading = parseRomanianNumber(typed);
    if (!reading.ok && reading.problem === "malformed") {
      problems[field] = translate(`resources.invoices.lines.problems.${field}NotNumber`, { text: typed });
      return undefined;
    }
    const checked = readTypedNumber(typed, translate, rules);
    if (!checked.ok) {
      problems[field] = checked.error;
      return undefined;
    }
    return checked.value ?? undefined;
  };
  const quantity = amount("quantity", {
    required: translate("resources.invoices.lines.problems.quantityMissing"),
    min: "aboveZero",
    positiveMessage: translate("resources.invoices.lines.quantityPositive"),
  });
  const price = amount("price", {
    required: translate("resources.invoices.lines.problems.priceMissing"),
    min: 0,
    positiveMessage: translate("resources.invoices.lines.pricePositive"),
    maxDecimals: 2,
    decimalsMessage: translate("resources.invoices.lines.priceStep"),
  });

  // The percent follows the tax: the list's, whatever the line or the product held.
  const listed = taxRateOf(taxes, draft.taxName);
  if (!listed && taxListKnown) problems.taxName = translate("resources.invoices.lines.taxNotListed", { name: draft.taxName });
  if (Object.keys(problems).length > 0 || quantity === undefined || price === undefined) return { problems };
  return {
    problems,
    line: {
      ...draft,
      name,
      code,
      measuringUnitName: draft.measuringUnitName.trim(),
      currency: draft.currency.trim().toUpperCase(),
      quantity,
      price,
      taxName: listed?.name ?? draft.taxName,
      taxPercentage: listed?.percentage ?? draft.taxPercentage,
    },
  };
}

/** Whether a line as stored already says what `input` says (nothing to save). */
export function sameLine(stored: InvoiceLine | undefined, input: InvoiceLineInput): boolean {
  if (!stored) return false;
  return (Object.keys(input) as LineField[]).every((field) => stored[field] === input[field]);
}
