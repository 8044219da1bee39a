/**
 * The customers' text index on SQLite (migration 0005: `customers_fts`, FTS5 trigram, case and
 * diacritics removed). The list's `q` and per-column filters are answered from it, so a page of a
 * filtered list of 100,000 customers neither scans the table nor calls JavaScript per row.
 * PostgreSQL has no such table: its lists use `fold(column) like` (listQuery.ts).
 *
 * The index is contentless: `indexCustomers` must be called with every row written to
 * `customers`, in the same transaction.
 */
import { type Kysely, type SqlBool, sql } from "kysely";
import { CUSTOMER_COLUMNS } from "../../../../contract/api";
import { dialectOf } from "../../../db/connection";
import type { Database } from "../../../db/database";
import type { SearchTerm, TextSearch } from "../listQuery";

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

/** The tenant's text search for `runList`, or undefined where there is no index (PostgreSQL). */
export function customerTextSearch(db: Kysely<Database>, tenantId: number): TextSearch | undefined {
  if (dialectOf(db) !== "sqlite") return undefined;
  const [low, high] = rowidRange(tenantId);
  return (terms) => {
    if (terms.some((term) => [...term.text].length < MIN_INDEXED_LENGTH)) return undefined;
    const match = matchQuery(terms);
    const matching = sql`customers_fts match ${match} and rowid between ${low} and ${high}`;
    return {
      where: sql<SqlBool>`"customers"."id" in (select rowid - ${low} from customers_fts where ${matching})`,
      count: async () => {
        const { rows } = await sql<{ total: number }>`select count(*) as total from customers_fts where ${matching}`.execute(db);
        return Number(rows[0].total);
      },
    };
  };
}

/**
 * Writes (or rewrites) these customers' entries in the index from their rows as just stored; a
 * no-op on PostgreSQL. The text is copied inside SQLite (INSERT … SELECT), not sent again.
 */
export async function indexCustomers(trx: Kysely<Database>, tenantId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || dialectOf(trx) !== "sqlite") return;
  const [low] = rowidRange(tenantId);
  const columns = sql.join(CUSTOMER_COLUMNS.map((column) => sql.ref(column)));
  // Contentless tables with contentless_delete accept REPLACE: an updated customer's old text
  // leaves the index.
  await sql`
    insert or replace into customers_fts (rowid, ${columns})
    select ${low} + id, ${columns} from customers where id in (${sql.join(ids)})
  `.execute(trx);
}
