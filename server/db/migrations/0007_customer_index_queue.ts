/**
 * SQLite only: `customers_unindexed`, the customers written since the text index
 * (`customers_fts`, migration 0005) last caught up. The import writes its rows and their place in
 * this queue in one transaction and answers; the index is written right after, in small batches
 * (customerIndexer.ts), so a 50,000-row import does not also wait for 8 million trigrams. Until a
 * row is indexed, searches find it by scanning the queued rows (customerSearch.ts): the same idea
 * as PostgreSQL's GIN "pending list". Frozen like every migration: it imports nothing from the
 * application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  // Keyed by tenant first: "has this tenant rows waiting?" is one probe.
  await sql`
    create table customers_unindexed (
      "tenantId" integer not null,
      id integer not null,
      primary key ("tenantId", id)
    ) without rowid
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists customers_unindexed`.execute(db);
}
