/**
 * SQLite only: `customers_unindexed`, the customers written since the text index
 * (`customers_fts`, migration 0005) last caught up. The import writes its rows and their place in
 * this queue in one transaction and answers; the index is written right after, in small batches
 * (customerIndexer.ts), so a 50,000-row import does not also wait for 8 million trigrams. Until a
 * row is indexed, searches find it by scanning the queued rows (customerSearch.ts): the same idea
 * as PostgreSQL's GIN "pending list". Frozen like every migration: it imports nothing from the
 * application.
 *
 * The index is also rebuilt without `banca`, `iban` and `tara`: a few banks and one country fill
 * those columns in nearly every row, so their trigrams ('ban', 'rom', …) had a posting for every
 * customer, and every search sharing a trigram with them ('șerban') read all of those postings
 * (a third of the time of such a search). Filters on those three columns scan instead.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

const INDEXED_COLUMNS = ["clientName", "cif", "regCom", "codClient", "adresa", "localitate", "judet", "email", "persContact", "telefon"];
const TENANT_SHIFT = 4294967296; // 2^32, as in 0005

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
  await rebuildIndex(db, INDEXED_COLUMNS);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop table customers_unindexed`.execute(db);
  await rebuildIndex(db, [...INDEXED_COLUMNS.slice(0, 7), "banca", "iban", "tara", ...INDEXED_COLUMNS.slice(7)]);
}

/** customers_fts made anew over these columns, holding every customer (as 0005 made it). */
async function rebuildIndex(db: Kysely<any>, columnNames: string[]): Promise<void> {
  const columns = sql.raw(columnNames.map((c) => `"${c}"`).join(", "));
  await sql`drop table customers_fts`.execute(db);
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
