/**
 * The customers' text index on SQLite (migrations 0005, 0007: `customers_fts`, FTS5 trigram, case and
 * diacritics removed). The list's `q` and per-column filters are answered from it, so a page of a
 * filtered list of 100,000 customers neither scans the table nor calls JavaScript per row.
 * PostgreSQL keeps each searched column's folded text in the row instead, with a trigram index
 * on it (migration 0016): its searches compare those copies, not `fold(column)` (listQuery.ts).
 *
 * The index is written behind the table (migration 0007): `upsertCustomers` queues every row it
 * writes (`queueForIndexing`, same transaction) and `indexQueuedCustomers` (run by
 * customerIndexer.ts) indexes queued rows soon after. Searches stay exact meanwhile: a queued row
 * is found by scanning it, never by its index entry, which may hold its old text.
 */
import { type Kysely, type SqlBool, sql } from "kysely";
import { CUSTOMER_COLUMNS } from "../../../../contract/api";
import { dialectOf } from "../../../db/connection";
import type { Database } from "../../../db/database";
import { likePattern, type SearchTerm, type TextSearch, textContains } from "../listQuery";

/**
 * The columns in the index (migration 0007): all but `banca`, `iban` and `tara`, whose few
 * values repeat in nearly every row. A search on those scans.
 */
const INDEXED_COLUMNS = CUSTOMER_COLUMNS.filter((column) => column !== "banca" && column !== "iban" && column !== "tara");
const inIndex = (column: string) => (INDEXED_COLUMNS as readonly string[]).includes(column.slice(column.indexOf(".") + 1));

/** Index rowid = tenantId × 2^32 + customer id: one tenant's rows are one rowid range. */
const TENANT_SHIFT = 2 ** 32;
/** A trigram index finds text of 3 characters or more; shorter text is searched by a scan. */
const MIN_INDEXED_LENGTH = 3;

const rowidRange = (tenantId: number) => [tenantId * TENANT_SHIFT, (tenantId + 1) * TENANT_SHIFT - 1] as const;

/** One FTS5 query string: every term as a quoted phrase within its columns, all required. */
function matchQuery(terms: readonly SearchTerm[]): string {
  return terms
    .map(({ columns, text }) => {
      const names = columns.map((column) => column.slice(column.indexOf(".") + 1));
      return `{${names.join(" ")}} : "${text.replaceAll('"', '""')}"`;
    })
    .join(" AND ");
}

/** The columns PostgreSQL keeps folded in the row, as `<column>Folded` (migration 0016). */
const FOLDED_COLUMNS = ["clientName", "codClient", "cif", "email", "judet", "localitate"];
const columnName = (column: string) => column.slice(column.indexOf(".") + 1);

/**
 * On PostgreSQL: the terms compared with the folded copies, when every column has one (else the
 * list folds as it goes). The same test as textContains, on text folded when it was written.
 */
const foldedTextSearch: TextSearch = async (terms) => {
  if (!terms.every((term) => term.columns.every((column) => FOLDED_COLUMNS.includes(columnName(column))))) return undefined;
  const tests = terms.map(({ columns, text }) => {
    const pattern = likePattern(text);
    const any = columns.map((column) => sql<SqlBool>`${sql.ref(`customers.${columnName(column)}Folded`)} like ${pattern} escape '\\'`);
    return sql<SqlBool>`(${sql.join(any, sql` or `)})`;
  });
  return { where: sql<SqlBool>`${sql.join(tests, sql` and `)}` };
};

/**
 * The tenant's text search for `runList`: SQLite's index, or PostgreSQL's folded copies.
 * On SQLite each search looks at the queue as it stands then: rows queued a moment ago change
 * the answer.
 */
export function customerTextSearch(db: Kysely<Database>, tenantId: number): TextSearch | undefined {
  if (dialectOf(db) !== "sqlite") return foldedTextSearch;
  const [low, high] = rowidRange(tenantId);
  return async (terms) => {
    if (terms.some((term) => [...term.text].length < MIN_INDEXED_LENGTH || !term.columns.every(inIndex))) return undefined;
    const { rows } = await sql`select 1 from customers_unindexed where "tenantId" = ${tenantId} limit 1`.execute(db);
    const anyQueued = rows.length > 0;
    const matching = sql`customers_fts match ${matchQuery(terms)} and rowid between ${low} and ${high}`;
    let ids = sql`select rowid - ${low} as id from customers_fts where ${matching}`;
    if (anyQueued) {
      // The index's matches but the queued rows (their entry may hold old text), and the queued
      // rows that match, found by scanning them alone.
      const scanned = sql.join(terms.map(textContains), sql` and `);
      ids = sql`${ids}
        except select id from customers_unindexed where "tenantId" = ${tenantId}
        union select customers.id from customers_unindexed join customers on customers.id = customers_unindexed.id
          where customers_unindexed."tenantId" = ${tenantId} and ${scanned}`;
    }
    return {
      // `+id`: many matches are found by walking the sort's index and testing each row against
      // them, never by looking every match up and sorting (which SQLite prefers once it has
      // statistics, not knowing how many rows a MATCH gives); few are read by key (byKey).
      where: sql<SqlBool>`+"customers"."id" in (${ids})`,
      count: async () => {
        const counted = anyQueued ? sql`select count(*) as total from (${ids})` : sql`select count(*) as total from customers_fts where ${matching}`;
        const { rows } = await sql<{ total: number }>`${counted}`.execute(db);
        return Number(rows[0].total);
      },
      byKey: async () => {
        const { rows } = await sql<{ id: number }>`${ids}`.execute(db);
        if (rows.length === 0) return sql<SqlBool>`0 = 1`;
        return sql<SqlBool>`"customers"."id" in (${sql.join(rows.map((row) => row.id))})`;
      },
    };
  };
}

/**
 * Queues these (just written) customers for the index, in the writer's transaction; a no-op on
 * PostgreSQL. The ids travel as one JSON parameter.
 */
export async function queueForIndexing(trx: Kysely<Database>, tenantId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || dialectOf(trx) !== "sqlite") return;
  await sql`
    insert or ignore into customers_unindexed ("tenantId", id)
    select ${tenantId}, value from json_each(${JSON.stringify(ids)})
  `.execute(trx);
}

/**
 * Takes a deleted customer out of the index and the queue, in the deleting transaction (one row:
 * nothing to leave for later); a no-op on PostgreSQL. Left in, its old text would still be
 * counted by a search's total.
 */
export async function forgetCustomer(trx: Kysely<Database>, tenantId: number, id: number): Promise<void> {
  if (dialectOf(trx) !== "sqlite") return;
  await sql`delete from customers_fts where rowid = ${tenantId * TENANT_SHIFT + id}`.execute(trx);
  await sql`delete from customers_unindexed where "tenantId" = ${tenantId} and id = ${id}`.execute(trx);
}

/**
 * Indexes up to `max` queued customers (in tenant and id order) from their rows as stored now,
 * and takes them off the queue, in one transaction; answers how many. 0 on PostgreSQL.
 */
export async function indexQueuedCustomers(db: Kysely<Database>, max: number): Promise<number> {
  if (dialectOf(db) !== "sqlite") return 0;
  const columns = sql.join(INDEXED_COLUMNS.map((column) => sql.ref(`customers.${column}`)));
  const names = sql.join(INDEXED_COLUMNS.map((column) => sql.ref(column)));
  const batch = sql`select "tenantId", id from customers_unindexed order by "tenantId", id limit ${max}`;
  return db.transaction().execute(async (trx) => {
    // Contentless tables with contentless_delete accept REPLACE: an updated customer's old text
    // leaves the index.
    await sql`
      insert or replace into customers_fts (rowid, ${names})
      select customers."tenantId" * ${sql.lit(TENANT_SHIFT)} + customers.id, ${columns}
      from (${batch}) as queued join customers on customers.id = queued.id
    `.execute(trx);
    const removed = await sql`delete from customers_unindexed where ("tenantId", id) in (${batch})`.execute(trx);
    return Number(removed.numAffectedRows ?? 0);
  });
}
