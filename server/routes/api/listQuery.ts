/**
 * The optional list parameters every list endpoint shares (contract/api.ts ListParams):
 * `page` (0-based) and `size` switch the answer from an array to `{ content, totalElements }`;
 * `sort` (`field,asc` or `field,desc`, fields whitelisted per resource) and `q` (a
 * case-insensitive substring of the resource's searchable columns) work in both forms.
 *
 *   app.get("/list", { schema: { querystring: listQuerystring } }, (request) =>
 *     runList(db.selectFrom("tenants"), request.query, tenantList, (q) => q.selectAll(), (rows) => rows));
 *
 * Everything here is plain SQL that reads the same on SQLite and PostgreSQL. `q` folds ASCII
 * case everywhere, and letters like Ș/ș wherever lower() does: always on SQLite (see
 * db/connection.ts), on PostgreSQL with a UTF-8 LC_CTYPE (any usual server).
 */
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { ListParams, Page } from "../../../contract/api";
import { HttpError } from "../../errors";
import { messages, sortFieldInvalid } from "../../messages";

export const MAX_PAGE_SIZE = 500;
/** When only `page` is given. */
export const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE = 1_000_000;
const MAX_Q_LENGTH = 200;
const MAX_SORT_LENGTH = 100;

/** The query string of a list endpoint; unknown parameters are refused like unknown body fields. */
export const listQuerystring = {
  type: "object",
  additionalProperties: false,
  properties: {
    page: { type: "integer", minimum: 0, maximum: MAX_PAGE },
    size: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
    sort: { type: "string", maxLength: MAX_SORT_LENGTH },
    q: { type: "string", maxLength: MAX_Q_LENGTH },
  },
} as const;

/** How one resource's list may be sorted and searched. Columns are `table.column` references. */
export interface ListSpec {
  /** `sort` field → the column (or expression) it orders by. */
  sortable: Readonly<Record<string, string | Expression<unknown>>>;
  /** The columns `q` looks in. */
  searchable: readonly string[];
  /** The order without `sort`, and the tie-break after it, so pages never overlap. */
  defaultOrder: readonly string[];
}

export interface ListQuery {
  order: { column: string | Expression<unknown>; direction: "asc" | "desc" }[];
  /** A LIKE pattern (lower-case, wildcards escaped), or undefined for no search. */
  pattern: string | undefined;
  /** undefined: the whole list as an array. */
  page: { offset: number; limit: number } | undefined;
}

/** Reads the parameters against the resource's spec; 400 for a field that cannot be sorted. */
export function parseListQuery(params: ListParams, spec: ListSpec): ListQuery {
  const order: ListQuery["order"] = [];
  if (params.sort !== undefined && params.sort.trim() !== "") {
    const [rawField, rawDirection = "asc", ...rest] = params.sort.split(",");
    const field = rawField.trim();
    const direction = rawDirection.trim().toLowerCase();
    const column = Object.hasOwn(spec.sortable, field) ? spec.sortable[field] : undefined;
    if (!column) throw new HttpError(400, sortFieldInvalid(field, Object.keys(spec.sortable)));
    if ((direction !== "asc" && direction !== "desc") || rest.length > 0) {
      throw new HttpError(400, messages.sortDirectionInvalid);
    }
    order.push({ column, direction });
  }
  for (const column of spec.defaultOrder) {
    if (!order.some((item) => item.column === column)) order.push({ column, direction: "asc" });
  }

  const q = params.q?.trim().toLowerCase();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;

  const paged = params.page !== undefined || params.size !== undefined;
  const size = params.size ?? DEFAULT_PAGE_SIZE;
  const page = paged ? { offset: (params.page ?? 0) * size, limit: size } : undefined;
  return { order, pattern, page };
}

/**
 * Runs a list: `from` is the resource's scoped query (tables joined, tenant `where`s applied,
 * nothing selected), `select` picks the columns, `toItems` turns rows into the answer's items
 * (e.g. masking, or fetching each user's roles in one more query).
 */
export async function runList<DB, TB extends keyof DB, Row, Item>(
  from: SelectQueryBuilder<DB, TB, {}>,
  params: ListParams,
  spec: ListSpec,
  select: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, Row>,
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Item[] | Page<Item>> {
  const list = parseListQuery(params, spec);
  const scoped = list.pattern ? from.where(matches(spec.searchable, list.pattern)) : from;

  let query = select(scoped);
  for (const { column, direction } of list.order) {
    query = query.orderBy(typeof column === "string" ? sql.ref(column) : column, direction);
  }
  if (!list.page) return toItems(await query.execute());

  const rows = await query.limit(list.page.limit).offset(list.page.offset).execute();
  const counted = await scoped
    .select(sql<number | string | bigint>`count(*)`.as("total"))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint, which the driver hands over as text.
  const total = Number((counted as { total: number | string | bigint }).total);
  return { content: await toItems(rows as Row[]), totalElements: total };
}

function matches(columns: readonly string[], pattern: string) {
  // ESCAPE is needed on SQLite (no default escape character) and harmless on PostgreSQL.
  const tests = columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
