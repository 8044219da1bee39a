/**
 * A number as a Romanian clerk types it: "5.000,00", "5 000,00", "5000,5" and "5000.50" are all
 * read, since the screens show amounts as Romanians write them (1.234,56) and a clerk copies
 * them back, while a pasted figure may come with a decimal point.
 *
 * The rules, in order:
 * - a comma is the decimal separator (Romanian); with a point too ("1.234,56", or "1,234.56"
 *   from an English source), the last of the two separates the decimals and the other groups
 *   thousands, which must then be groups of three;
 * - spaces (also the non-breaking ones a copied "5 000,00" carries) group thousands by three;
 * - several points alone group thousands ("1.234.567");
 * - one point alone is the decimal point ("5000.50", "0.5"), except "5.000" or "12.345": a
 *   Romanian reads five thousand, an English source five, so it is refused as ambiguous rather
 *   than guessed (the clerk writes 5000 or 5,000).
 *
 * Anything else (letters, two commas, a sign in the middle, badly grouped thousands) is
 * malformed. Bounds (positive, decimals) are the caller's: the parser only reads.
 */

export type RomanianNumberProblem = "empty" | "malformed" | "ambiguous";

/** `decimals`: how many digits followed the decimal separator, for the caller's bound (a price's 2). */
export type RomanianNumberReading = { ok: true; value: number; decimals: number } | { ok: false; problem: RomanianNumberProblem };

/** Spaces a copied figure may group thousands with: plain, no-break, narrow no-break, thin. */
const SPACE = /[ \u00a0\u202f\u2009]/;
const SPACES = new RegExp(SPACE.source, "g");

const GROUPED = (separator: string) => new RegExp(`^\\d{1,3}(?:\\${separator}\\d{3})+$`);
const DIGITS = /^\d+$/;

export function parseRomanianNumber(typed: string): RomanianNumberReading {
  let text = typed.trim();
  if (text === "") return { ok: false, problem: "empty" };
  let sign = 1;
  if (text.startsWith("-") || text.startsWith("+")) {
    sign = text.startsWith("-") ? -1 : 1;
    text = text.slice(1).trimStart();
  }
  const malformed = { ok: false, problem: "malformed" } as const;
  // Spaces group thousands: "5 000,00" is "5000,00" once they are checked and gone.
  if (SPACE.test(text)) {
    const [whole] = text.split(/[.,]/);
    if (!GROUPED(" ").test(whole.replace(SPACES, " "))) return malformed;
    if (text.replace(SPACES, " ").slice(whole.length).includes(" ")) return malformed;
    text = text.replace(SPACES, "");
  }

  const lastComma = text.lastIndexOf(",");
  const lastPoint = text.lastIndexOf(".");
  let whole: string;
  let decimals = "";
  if (lastComma >= 0 && lastPoint >= 0) {
    // Both: the later one separates the decimals, the other only groups thousands.
    const decimalAt = Math.max(lastComma, lastPoint);
    const grouping = lastComma > lastPoint ? "." : ",";
    const wholeText = text.slice(0, decimalAt);
    decimals = text.slice(decimalAt + 1);
    if (!GROUPED(grouping).test(wholeText)) return malformed;
    whole = wholeText.split(grouping).join("");
  } else if (lastComma >= 0) {
    const parts = text.split(",");
    if (parts.length !== 2) return malformed;
    [whole, decimals] = parts;
  } else if (lastPoint >= 0) {
    const parts = text.split(".");
    if (parts.length > 2) {
      if (!GROUPED(".").test(text)) return malformed;
      whole = parts.join("");
    } else {
      [whole, decimals] = parts;
      // "5.000": five thousand to a Romanian, five to an English source. "0.500" is no thousand.
      if (decimals.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) return { ok: false, problem: "ambiguous" };
    }
  } else {
    whole = text;
  }
  if (whole === "" && decimals === "") return malformed;
  if (!(whole === "" || DIGITS.test(whole)) || !(decimals === "" || DIGITS.test(decimals))) return malformed;
  // "5," or ",5" are read as 5 and 0,5: a trailing or leading separator says nothing else.
  const value = sign * Number(`${whole || "0"}.${decimals || "0"}`);
  if (!Number.isFinite(value)) return malformed;
  return { ok: true, value: value === 0 ? 0 : value, decimals: decimals.length };
}

/**
 * A number written for a field to edit, as the screens show amounts (3.499,90), which the parser
 * reads back unchanged: at least `minDecimals` decimals (2 for money), at most 6; a whole number
 * without thousands points ("1234", which "1.234" would make ambiguous). Empty for none.
 */
export function romanianInputText(value: number | null | undefined, minDecimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  const options = { minimumFractionDigits: minDecimals, maximumFractionDigits: 6 };
  const grouped = value.toLocaleString("ro-RO", options);
  // "1.234" alone would read as ambiguous: a whole number keeps no thousands points.
  return grouped.includes(",") ? grouped : value.toLocaleString("ro-RO", { ...options, useGrouping: false });
}
