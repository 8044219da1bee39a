/**
 * PostgreSQL finds customers by text through their folded text, kept in the row, and trigram
 * indexes on it, as SQLite does through its FTS5 trigram table (migration 0005).
 *
 * A search was `fold(column) like '%…%'` (listQuery.ts textContains) over every customer of the
 * tenant, twice (the page and its count), and under load those scans were most of the database's
 * work. An index on `fold(column)` finds the candidates, but each must then be checked again
 * against its text, and `fold` (translate() above all) costs about a microsecond a value: the
 * check of a few thousand candidates, and the walk of a sorted page past the rows that do not
 * match, were still most of it. So each searched column has its folded copy, `<column>Folded`,
 * generated and stored by PostgreSQL when the row is written (`fold` is immutable), and a GIN
 * `gin_trgm_ops` index on that copy; the customers' text search reads them
 * (customerSearch.ts). Folded: the columns `q` searches (customers.repository.ts `searchable`)
 * and the two location filters clerks use most. The copies are PostgreSQL's only: they are not in
 * db/database.ts, and SQLite has its own index.
 *
 * pg_trgm is a trusted extension (PostgreSQL 13+: a database's owner may create it). Where it
 * cannot be created (not installed), the copies are still made (a scan of them is cheaper than of
 * `fold(column)`), without indexes: an optimisation does not stop the app from starting. Frozen
 * like every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

const COLUMNS = ["clientName", "codClient", "cif", "email", "judet", "localitate"];
const folded = (column: string) => `${column}Folded`;
const indexName = (column: string) => `customers_${column}_trigram`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const add = sql.join(
    COLUMNS.map((column) => sql`add column ${sql.id(folded(column))} text generated always as (fold(${sql.ref(column)})) stored`),
  );
  await sql`alter table customers ${add}`.execute(db);
  // Migrations run in one transaction, which a failed statement would abort: tried under a savepoint.
  await sql`savepoint trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint trigram`.execute(db);
    return;
  }
  await sql`release savepoint trigram`.execute(db);
  for (const column of COLUMNS) {
    await sql`create index ${sql.id(indexName(column))} on customers using gin (${sql.ref(folded(column))} gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // The indexes go with their columns.
  const drop = sql.join(COLUMNS.map((column) => sql`drop column if exists ${sql.id(folded(column))}`));
  await sql`alter table customers ${drop}`.execute(db);
}
