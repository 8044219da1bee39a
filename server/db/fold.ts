/**
 * How searches compare text: lower case, and the Romanian letters with diacritics (ă â î ș ț and
 * the cedilla forms ş ţ still found in old data) as their plain letters, so a user typing without
 * diacritics finds 'Timiș'. The same mapping is the SQL function `fold` on both databases
 * (migration 0005 on PostgreSQL, db/connection.ts on SQLite); a pattern is folded here and
 * compared with `fold(column)`.
 */
const PLAIN: Readonly<Record<string, string>> = {
  Ă: "A", Â: "A", Î: "I", Ș: "S", Ş: "S", Ț: "T", Ţ: "T",
  ă: "a", â: "a", î: "i", ș: "s", ş: "s", ț: "t", ţ: "t",
};

export function fold(text: string): string {
  return text.replace(/[ĂÂÎȘŞȚŢăâîșşțţ]/g, (letter) => PLAIN[letter]).toLowerCase();
}
