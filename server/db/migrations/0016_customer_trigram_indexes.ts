/**
 * PostgreSQL finds customers by text through trigram indexes, as SQLite does through its FTS5
 * trigram table (migration 0005). A search is `fold(column) like '%…%'` (listQuery.ts
 * textContains); without an index every search read every customer of the tenant, twice (the page
 * and its count), and under load those scans were most of the database's work. A GIN
 * `gin_trgm_ops` index on `fold(column)` answers them: PostgreSQL inlines `fold` (a SQL function)
 * in the query and in the index alike, so the two match. Indexed: the columns `q` searches
 * (customers.repository.ts `searchable`) and the two location filters clerks use most; a filter
 * on another column still scans.
 *
 * pg_trgm is a trusted extension (PostgreSQL 13+: a database's owner may create it). Where it
 * cannot be created (not installed), the indexes are left out and searches scan as before: an
 * optimisation does not stop the app from starting. Frozen like every migration: it imports
 * nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

const COLUMNS = ["clientName", "codClient", "cif", "email", "judet", "localitate"];
const indexName = (column: string) => `customers_${column}_trigram`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
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
    await sql`create index ${sql.id(indexName(column))} on customers using gin (fold(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const column of COLUMNS) await sql`drop index if exists ${sql.id(indexName(column))}`.execute(db);
}
