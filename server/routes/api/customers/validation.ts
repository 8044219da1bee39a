/**
 * The checks of one customer, an imported row (excel-formats.md, "Customers") or one typed in
 * the customer form (the one-customer routes read its fields as a row's cells), pure and
 * dialect-free: Romanian CIF control digit or a foreign VAT code, IBAN mod-97, e-mail, required
 * name and code, codes unique within the file, `tara` defaulting to Romania, no control
 * characters (NUL and the like: PostgreSQL cannot store NUL, and the others only hide text).
 * Reasons in Romanian.
 */
import type { CustomerFields } from "../../../../contract/api";
import { DEFAULT_COUNTRY } from "../../../../contract/constants";
import { isValidCif, isValidIban } from "../../../../contract/customerChecks";
import { isEmailAddress } from "../../../../contract/emailAddress";
import { hasControlCharacter } from "../../../controlCharacters";
import { type CellValue, cellText } from "../../../excel/cells";
import { cellControlCharacters, columnTooLong, customerRowMessages } from "../../../messages";
import { type CustomerField, CUSTOMER_HEADERS } from "./columns";

const MAX_FIELD_LENGTH = 500;

// Shared with the customer forms, which check before asking.
export { isValidCif, isValidIban };

const FIELDS = Object.keys(CUSTOMER_HEADERS) as CustomerField[];

/** Every run of white space as one space; the same string when there is nothing to change. */
function collapseSpaces(text: string): string {
  return /[^\S ]| {2}/.test(text) ? text.replace(/\s+/g, " ") : text;
}

/** One reason a customer is refused, and the field it is about. */
export interface CustomerProblem {
  field: CustomerField;
  message: string;
}

export type RowCheck = { ok: true; fields: CustomerFields } | { ok: false; reason: string; problems: CustomerProblem[] };

/**
 * One row's cells (by field) → the fields as stored, or why it is refused: every reason in one
 * sentence for the import's report (`reason`), and each with its field (`problems`) for a form.
 */
export function checkCustomerRow(values: Readonly<Record<CustomerField, CellValue>>): RowCheck {
  const text = (field: CustomerField) => collapseSpaces(cellText(values[field])).trim();
  const fields: CustomerFields = {
    clientName: text("clientName"),
    cif: text("cif").replace(/\s+/g, "").toUpperCase(),
    regCom: text("regCom"),
    codClient: text("codClient"),
    adresa: text("adresa"),
    localitate: text("localitate"),
    judet: text("judet"),
    banca: text("banca"),
    iban: text("iban").replace(/\s+/g, "").toUpperCase(),
    tara: text("tara") || DEFAULT_COUNTRY,
    email: text("email"),
    persContact: text("persContact"),
    telefon: text("telefon"),
  };
  const problems: CustomerProblem[] = [];
  const refuse = (field: CustomerField, message: string) => problems.push({ field, message });
  if (!fields.clientName) refuse("clientName", customerRowMessages.nameMissing);
  if (!fields.codClient) refuse("codClient", customerRowMessages.codeMissing);
  if (!fields.cif) refuse("cif", customerRowMessages.cifMissing);
  else if (!isValidCif(fields.cif)) refuse("cif", customerRowMessages.cifInvalid(fields.cif));
  if (fields.iban && !isValidIban(fields.iban)) refuse("iban", customerRowMessages.ibanInvalid(fields.iban));
  if (fields.email && !isEmailAddress(fields.email)) refuse("email", customerRowMessages.emailInvalid(fields.email));
  for (const field of FIELDS) {
    // The cell as it was: collapsing white space would already have hidden \v and \f.
    const value = values[field];
    if (typeof value === "string" && hasControlCharacter(value)) refuse(field, cellControlCharacters(CUSTOMER_HEADERS[field]));
    if (fields[field].length > MAX_FIELD_LENGTH) refuse(field, columnTooLong(CUSTOMER_HEADERS[field], MAX_FIELD_LENGTH));
  }
  if (problems.length === 0) return { ok: true, fields };
  return { ok: false, reason: problems.map((problem) => problem.message).join(" "), problems };
}

/** The problems by field, a field's several reasons in one sentence: a form shows each at its input. */
export function problemsByField(problems: readonly CustomerProblem[]): Partial<Record<CustomerField, string>> {
  const byField: Partial<Record<CustomerField, string>> = {};
  for (const { field, message } of problems) byField[field] = byField[field] ? `${byField[field]} ${message}` : message;
  return byField;
}

/** The duplicate's reason: every repeat of a code after its first row. */
export function duplicateCodeReason(codClient: string, firstRow: number): string {
  return customerRowMessages.codeRepeated(codClient, firstRow);
}
