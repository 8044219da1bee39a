/**
 * A typed amount checked for a form field: read by the one Romanian reader
 * (contract/romanianNumber.ts), then held to the field's bounds, each refusal a sentence for the
 * field's helper text. Used wherever an amount is typed: the line dialog (quantity, price), the
 * payment dialog (amount) and the catalogue's form (price).
 */
import { parseRomanianNumber } from "../../contract/romanianNumber";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface NumberRules {
  /** The sentence for an empty field; undefined: empty is allowed (the answer is then null). */
  required?: string;
  /** At most this many decimals, else `decimalsMessage`. */
  maxDecimals?: number;
  decimalsMessage?: string;
  /** Above zero (else `positiveMessage`), or at least zero (`min: 0`, else `positiveMessage`). */
  min?: "aboveZero" | 0;
  positiveMessage?: string;
}

export type TypedNumber = { ok: true; value: number | null } | { ok: false; error: string };

export function readTypedNumber(text: string, translate: Translate, rules: NumberRules = {}): TypedNumber {
  const reading = parseRomanianNumber(text);
  if (!reading.ok) {
    if (reading.problem === "empty") return rules.required ? { ok: false, error: rules.required } : { ok: true, value: null };
    const typed = text.trim();
    if (reading.problem === "ambiguous") {
      const sign = typed.startsWith("-") ? "-" : "";
      const digits = typed.replace(/^[+-]\s*/, "");
      return {
        ok: false,
        error: translate("resources.invoices.typedNumber.ambiguous", {
          text: typed,
          asThousands: sign + digits.replace(".", ""),
          asDecimal: sign + digits.replace(".", ","),
        }),
      };
    }
    return { ok: false, error: translate("resources.invoices.typedNumber.malformed", { text: typed }) };
  }
  const { value } = reading;
  if (rules.min === "aboveZero" && value <= 0) return { ok: false, error: rules.positiveMessage ?? "" };
  if (rules.min === 0 && value < 0) return { ok: false, error: rules.positiveMessage ?? "" };
  // By value: "12,500" is 12,50 and fits two decimals; trailing zeros say nothing.
  if (rules.maxDecimals !== undefined) {
    const scaled = value * 10 ** rules.maxDecimals;
    if (Math.abs(Math.round(scaled) - scaled) > 1e-6) return { ok: false, error: rules.decimalsMessage ?? "" };
  }
  return { ok: true, value };
}
