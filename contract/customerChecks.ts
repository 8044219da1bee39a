/**
 * A customer's CIF and IBAN rules, one for the import's rows, the customer routes and the
 * customer forms (which check before asking): a Romanian CIF by its control digit (cif.ts) or a
 * foreign VAT code; an IBAN by ISO 13616's mod-97.
 */
import { cuiOf } from "./cif";

/** 'RO18547290', '18547290', 'ro 185 472 90', 'RO-18.547.290': a valid CUI, RO before it or not. */
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
