/**
 * The checks of one imported customer row (excel-formats.md, "Customers"), pure and
 * dialect-free: Romanian CIF control digit or a foreign VAT code, IBAN mod-97, e-mail, required
 * name and code, codes unique within the file, `tara` defaulting to Romania, no control
 * characters (NUL and the like: PostgreSQL cannot store NUL, and the others only hide text).
 * Reasons in Romanian.
 */
import type { CustomerFields } from "../../../../contract/api";
import { cuiOf } from "../../../../contract/cif";
import { DEFAULT_COUNTRY } from "../../../../contract/constants";
import { isEmailAddress } from "../../../../contract/emailAddress";
import { hasControlCharacter } from "../../../controlCharacters";
import { type CellValue, cellText } from "../../../excel/cells";
import { cellControlCharacters, columnTooLong, customerRowMessages } from "../../../messages";
import { type CustomerField, CUSTOMER_HEADERS } from "./columns";

const MAX_FIELD_LENGTH = 500;

/** 'RO18547290', '18547290', 'ro 185 472 90': a valid CUI, with or without 'RO'. */
function isValidRomanianCif(value: string): boolean {
  return cuiOf(value) !== null;
}

/** A foreign VAT code: a 2-letter country prefix (not RO) and 2–13 letters or digits. */
function isForeignVatCode(value: string): boolean {
  const code = value.replace(/\s+/g, "").toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(code) && !code.startsWith("RO");
}

export function isValidCif(value: string): boolean {
  return isValidRomanianCif(value) || isForeignVatCode(value);
}

/** ISO 13616: country, 2 check digits, 11–30 letters/digits, and the mod-97 remainder 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith("RO") && iban.length !== 24) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char >= "A" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const FIELDS = Object.keys(CUSTOMER_HEADERS) as CustomerField[];

/** Every run of white space as one space; the same string when there is nothing to change. */
function collapseSpaces(text: string): string {
  return /[^\S ]| {2}/.test(text) ? text.replace(/\s+/g, " ") : text;
}

export type RowCheck = { ok: true; fields: CustomerFields } | { ok: false; reason: string };

/** One row's cells (by field) → the fields as stored, or the reasons it is refused. */
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
  const reasons: string[] = [];
  if (!fields.clientName) reasons.push(customerRowMessages.nameMissing);
  if (!fields.codClient) reasons.push(customerRowMessages.codeMissing);
  if (!fields.cif) reasons.push(customerRowMessages.cifMissing);
  else if (!isValidCif(fields.cif)) reasons.push(customerRowMessages.cifInvalid(fields.cif));
  if (fields.iban && !isValidIban(fields.iban)) reasons.push(customerRowMessages.ibanInvalid(fields.iban));
  if (fields.email && !isEmailAddress(fields.email)) reasons.push(customerRowMessages.emailInvalid(fields.email));
  for (const field of FIELDS) {
    // The cell as it was: collapsing white space would already have hidden \v and \f.
    const value = values[field];
    if (typeof value === "string" && hasControlCharacter(value)) reasons.push(cellControlCharacters(CUSTOMER_HEADERS[field]));
    if (fields[field].length > MAX_FIELD_LENGTH) {
      reasons.push(columnTooLong(CUSTOMER_HEADERS[field], MAX_FIELD_LENGTH));
    }
  }
  return reasons.length > 0 ? { ok: false, reason: reasons.join(" ") } : { ok: true, fields };
}

/** The duplicate's reason: every repeat of a code after its first row. */
export function duplicateCodeReason(codClient: string, firstRow: number): string {
  return customerRowMessages.codeRepeated(codClient, firstRow);
}
