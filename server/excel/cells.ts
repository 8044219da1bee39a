/**
 * A cell as the imports see it: text (trimmed), a number, a boolean, a date, or null for an
 * empty cell. Formula cells give their cached result, rich text its plain text, hyperlinks their
 * text, error cells (#N/A) null.
 */
export type CellValue = string | number | boolean | Date | null;

export function normalizeCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    const text = value.trim();
    return text === "" ? null : text;
  }
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "object") {
    const cell = value as Record<string, unknown>;
    if (Array.isArray(cell.richText)) {
      return normalizeCell(cell.richText.map((part: { text?: unknown }) => String(part.text ?? "")).join(""));
    }
    if ("formula" in cell || "sharedFormula" in cell || "result" in cell) return normalizeCell(cell.result);
    if ("error" in cell) return null;
    if ("text" in cell) return normalizeCell(cell.text);
  }
  return null;
}

/** A cell as text: numbers without exponent or float noise, dates as dd.mm.yyyy. */
export function cellText(value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    if (Number.isInteger(value)) return BigInt(value).toString();
    return String(Number(value.toPrecision(15)));
  }
  if (typeof value === "boolean") return value ? "da" : "nu";
  const day = String(value.getUTCDate()).padStart(2, "0");
  const month = String(value.getUTCMonth() + 1).padStart(2, "0");
  return `${day}.${month}.${value.getUTCFullYear()}`;
}

/**
 * A number from a number cell or from text written the Romanian or the English way:
 * "1.234,50", "1,234.50", "1234,5", "12", "-3". undefined when it is not a number.
 */
export function cellNumber(value: CellValue): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return undefined;
  let text = value.replace(/[\s\u00a0']/g, "");
  if (!/^[+-]?[\d.,]+$/.test(text) || !/\d/.test(text)) return undefined;
  const lastComma = text.lastIndexOf(",");
  const lastDot = text.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    // The later separator is the decimal one; the other groups thousands.
    const decimal = lastComma > lastDot ? "," : ".";
    const group = decimal === "," ? "." : ",";
    text = text.split(group).join("").replace(decimal, ".");
  } else if (lastComma >= 0) {
    // "1,234,567" groups thousands; "12,5" is a Romanian decimal.
    text = /^[+-]?\d{1,3}(,\d{3}){2,}$/.test(text) ? text.split(",").join("") : text.replace(",", ".");
  } else if (lastDot >= 0 && /^[+-]?\d{1,3}(\.\d{3}){2,}$/.test(text)) {
    text = text.split(".").join("");
  }
  if ((text.match(/[.,]/g) ?? []).length > 1) return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}
