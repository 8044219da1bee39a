/**
 * A customer's CIF as the CUI digits ANAF knows, with the control digit checked (key 753217532,
 * ../shared/spec/anaf-api.md A.8): the shared definition's `cuiOf` / `validCui`.
 *
 * Stands in for contract/cif.ts, which takes the import's check out of
 * server/routes/api/customers/validation.ts in a parallel change: contract/ may not import from
 * server/, so the buyer check cannot use that one where it is today. Once contract/cif.ts exists,
 * this file goes and its importers name "./cif" instead (same names, same answers).
 */
const CUI_KEY = "753217532";

/** 2–10 digits, not starting with 0, whose last is the control digit of the others. */
export function validCui(digits: string): boolean {
  if (!/^[1-9]\d{1,9}$/.test(digits)) return false;
  const body = digits.slice(0, -1).padStart(9, "0");
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * Number(CUI_KEY[i]);
  return ((sum * 10) % 11) % 10 === Number(digits[digits.length - 1]);
}

/** 'RO 18547290', 'ro18547290', '18.547.290' → '18547290'; null when what remains is not a valid CUI. */
export function cuiOf(cif: string): string | null {
  const digits = cif.replace(/[\s.-]+/g, "").toUpperCase().replace(/^RO/, "");
  return validCui(digits) ? digits : null;
}
