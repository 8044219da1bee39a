/**
 * A Romanian CIF's digits, its CUI: what ANAF knows a company by, and the one control-digit rule
 * for it (the weights 753217532), shared by the customer import, the customer forms and ANAF.
 */

const CONTROL_KEY = "753217532";

/** 2–10 digits, not starting with 0, whose last is the control digit of the others. */
export function validCui(digits: string): boolean {
  if (!/^[1-9]\d{1,9}$/.test(digits)) return false;
  const body = digits.slice(0, -1).padStart(9, "0");
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * Number(CONTROL_KEY[i]);
  const control = ((sum * 10) % 11) % 10;
  return control === Number(digits[digits.length - 1]);
}

/**
 * The CUI of a CIF as people write it ('RO 185 472 90', 'ro18547290', '18.547.290'): spaces, '-'
 * and '.' dropped, a leading RO dropped; null when what remains is no valid CUI (a foreign VAT
 * code, a CNP, '-', a wrong control digit).
 */
export function cuiOf(cif: string): string | null {
  const digits = cif.replace(/[\s.-]+/g, "").toUpperCase().replace(/^RO/, "");
  return validCui(digits) ? digits : null;
}
