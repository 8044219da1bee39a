/**
 * Romanian number agreement, one rule for the client's messages and the server's sentences.
 *
 * Three forms, as CLDR (and so `Intl.PluralRules("ro")`) has them:
 *   0 one   – 1                                            "1 client nou"
 *   1 few   – 0, 2–19, and any number ending in 01–19      "2 clienți noi", "101 clienți noi"
 *   2 other – everything else (ending in 00 or 20–99)      "20 de clienți noi", "120 de clienți noi"
 *
 * node-polyglot ships a 'romanian' rule too, but it puts 101–119, 201–219, … in the last form
 * ("101 de clienți"), which Romanian does not say; the i18nProvider replaces it with this one.
 * The index is the position in a polyglot ' |||| ' string: one |||| few |||| other.
 */
export type RomanianPluralForm = 0 | 1 | 2;

export function romanianPluralForm(count: number): RomanianPluralForm {
  const n = Math.abs(count);
  if (n === 1) return 0;
  const lastTwo = n % 100;
  return n === 0 || (lastTwo >= 1 && lastTwo <= 19) ? 1 : 2;
}

/** "1 client nou", "5 clienți noi", "20 de clienți noi": a count and its noun phrase, agreeing. */
export function romanianCount(count: number, one: string, many: string): string {
  const form = romanianPluralForm(count);
  if (form === 0) return `${count} ${one}`;
  return form === 1 ? `${count} ${many}` : `${count} de ${many}`;
}
