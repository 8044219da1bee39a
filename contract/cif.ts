/**
 * A Romanian CIF's digits (its CUI) and their control digit (key 753217532), shared by the
 * customers' checks, the ANAF lookup and the client's forms: one rule for what a valid CIF is.
 */
const CIF_KEY = "753217532";

/** 2–10 digits, not starting with 0, whose last digit is the control digit of the others. */
export function validCui(digits: string): boolean {
  if (!/^[1-9]\d{1,9}$/.test(digits)) return false;
  const body = digits.slice(0, -1).padStart(9, "0");
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * Number(CIF_KEY[i]);
  const control = ((sum * 10) % 11) % 10;
  return control === Number(digits[digits.length - 1]);
}

/**
 * The CUI of a CIF as people write it ('RO 18547290', 'ro-18.547.290'): spaces, '-' and '.'
 * removed, upper-cased, a leading 'RO' dropped; the digits when they make a valid CUI, else null.
 */
export function cuiOf(cif: string): string | null {
  const compact = cif.replace(/[\s.-]+/g, "").toUpperCase();
  const digits = compact.startsWith("RO") ? compact.slice(2) : compact;
  return validCui(digits) ? digits : null;
}
