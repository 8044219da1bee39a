/**
 * Searching text the way a Romanian user types it: ignoring case and diacritics, so
 * 'timis' finds 'Timiș' and 'SERBAN' finds 'Șerban', fast at 100,000 customers. Frozen like every
 * migration: it imports nothing from the application.
 *
 * - `fold(text)`: the text in lower case with ă â î ș ş ț ţ as a a i s s t t. On PostgreSQL an
 *   immutable SQL function made here (usable in expression indexes later); on SQLite the same
 *   function is registered in JavaScript on every connection (db/connection.ts), used in queries
 *   only, never in the schema, so any SQLite shell still reads the file.
 * - SQLite only: `customers_fts`, a contentless FTS5 index of the customers' 13 text columns with
 *   the trigram tokenizer (any substring of 3 or more characters, case and diacritics removed).
 *   Its rowid is tenantId × 2^32 + the customer's id, so one tenant's matches are one rowid range
 *   and counting them never touches the customers table. Contentless (the text lives only in
 *   `customers`): the repository writes both in the same transaction.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

const TEXT_COLUMNS = [
  "clientName",
  "cif",
  "regCom",
  "codClient",
  "adresa",
  "localitate",
  "judet",
  "banca",
  "iban",
  "tara",
  "email",
  "persContact",
  "telefon",
];
const TENANT_SHIFT = 4294967296; // 2^32

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Uppercase letters are mapped too, so the result does not depend on the cluster's LC_CTYPE.
    await sql`
      create or replace function fold(value text) returns text
      language sql immutable strict parallel safe
      as $$ select lower(translate(value, 'ĂÂÎȘŞȚŢăâîșşțţ', 'AAISSTTaaisstt')) $$
    `.execute(db);
    return;
  }
  const columns = sql.raw(TEXT_COLUMNS.map((c) => `"${c}"`).join(", "));
  await sql`
    create virtual table customers_fts using fts5(
      ${columns}, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
    )
  `.execute(db);
  await sql`
    insert into customers_fts (rowid, ${columns})
    select "tenantId" * ${sql.lit(TENANT_SHIFT)} + id, ${columns} from customers
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists fold(text)`.execute(db);
    return;
  }
  await sql`drop table if exists customers_fts`.execute(db);
}
