/**
 * A Romanian person's CNP (13 digits), as e-Factura takes it for a buyer who is a person
 * (../shared/spec/anaf-api.md A.8): the first digit 1–9, digits 2–7 a real date of birth, and
 * the control digit from the key 279146358279 (the sum's remainder by 11; 10 counts as 1).
 */
const CNP_KEY = "279146358279";

/** The century each first digit means; 7, 8 and 9 (residents, foreigners) say none. */
const CENTURY: Readonly<Record<string, readonly number[]>> = {
  "1": [1900],
  "2": [1900],
  "3": [1800],
  "4": [1800],
  "5": [2000],
  "6": [2000],
  "7": [1900, 2000],
  "8": [1900, 2000],
  "9": [1900, 2000],
};

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function validCnp(text: string): boolean {
  const cnp = text.replace(/\s+/g, "");
  if (!/^[1-9]\d{12}$/.test(cnp)) return false;
  const [yy, mm, dd] = [cnp.slice(1, 3), cnp.slice(3, 5), cnp.slice(5, 7)].map(Number);
  if (!CENTURY[cnp[0]].some((century) => isRealDate(century + yy, mm, dd))) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(cnp[i]) * Number(CNP_KEY[i]);
  const control = sum % 11 === 10 ? 1 : sum % 11;
  return control === Number(cnp[12]);
}
