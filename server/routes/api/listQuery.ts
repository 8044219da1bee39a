/**
 * The optional list parameters every list endpoint shares (contract/api.ts ListParams):
 * `page` (0-based) and `size` switch the answer from an array to `{ content, totalElements }`;
 * `sort` (`field,asc` or `field,desc`, fields whitelisted per resource) and `q` (a
 * case-insensitive substring of the resource's searchable columns) work in both forms.
 *
 *   app.get("/list", { schema: { querystring: listQuerystringFor(tenantList) } }, (request) =>
 *     runList(db.selectFrom("tenants"), request.query, tenantList, (q) => q.selectAll(), (rows) => rows));
 *
 * Every list also answers `?id=3&id=7` (at most MAX_IDS): only the rows with those keys, in the
 * list's order, for react-admin's getMany. The key is `sortable.id` (an integer), or the spec's
 * `key` (settings are keyed by name). A filter named after a reference (`?warehouseId=3`) is
 * react-admin's getManyReference: a page of the rows pointing at one record.
 *
 * A resource may also name filters (`?warehouseId=3`: rows whose column equals the value, with
 * the parameter's JSON schema; or, with `match: "contains"`, `?judet=cluj`: rows whose column
 * contains the text, ignoring case like `q`) and cap the unpaged form (`maxUnpaged`: a bigger list is refused
 * with 400 asking for pages, instead of one huge answer). `listQuerystringFor(spec)` is then the
 * route's querystring schema (TypeBox: the route's `request.query` type follows from it, filters
 * included when the spec is declared `satisfies ListSpec` so their names and values stay known),
 * and `runPage` answers `{ content, totalElements }` in both forms.
 *
 * Everything here is plain SQL that reads the same on SQLite and PostgreSQL. Text searches (`q`
 * and "contains" filters) ignore case and Romanian diacritics: `fold(column) like pattern`, with
 * the pattern folded the same way (db/fold.ts). A resource with a text index passes
 * `options.textSearch`, which answers the searches it can from the index instead.
 */
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { type TSchema, Type } from "typebox";
import type { ListParams, Page } from "../../../contract/api";
import { fold } from "../../db/fold";
import { HttpError } from "../../errors";
import { listTooLong, messages, sortFieldInvalid } from "../../messages";

export const MAX_PAGE_SIZE = 500;
/** When only `page` is given. */
export const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE = 1_000_000;
const MAX_Q_LENGTH = 200;
const MAX_SORT_LENGTH = 100;
/** The most keys one `?id=` request names: a page's worth of references. */
export const MAX_IDS = 500;
/** Database integers (PostgreSQL `integer`). */
const MAX_INTEGER_KEY = 2_147_483_647;

/** Text to find in any of the columns (`table.column`): `q`, or one "contains" filter. */
export interface SearchTerm {
  columns: readonly string[];
  /** Trimmed, never blank; as typed (not folded). */
  text: string;
}

/**
 * An index that finds the rows containing every term (all of them, within the list's scope), or
 * undefined when it cannot answer these terms (the list then scans with `fold(column) like`).
 */
export type TextSearch = (terms: readonly SearchTerm[]) => Promise<TextMatches | undefined>;

/** What a text index answers for a list's terms. */
export interface TextMatches {
  /** The matching rows, as a condition on the list's query. */
  where: Expression<SqlBool>;
  /** Counts them in the index, when it can (used when no other filter applies). */
  count?: () => Promise<number>;
  /**
   * The same rows named by key (`id in (…)`), read from the index: asked for only when `count`
   * says they are few. A page of a few matches is cheaper read by key and sorted than found by
   * walking the sort's index past every row that does not match (CL00012 sorted by name: all
   * 100,000 for its 100).
   */
  byKey?: () => Promise<Expression<SqlBool>>;
}

/** At most this many matches are read by key and sorted (TextMatches.byKey). */
export const FEW_MATCHES = 1000;

/**
 * A page of at most this many text matches is read by finding the matches and then sorting them,
 * not by walking the sort's index past the rows that do not match. More matches than this are
 * common enough that the walk soon finds a page.
 */
export const MATCHES_SORTED_AFTER = 5000;

/** Choices of a list query that change its speed, never its answers. */
export interface ListOptions<DB = any, TB extends keyof DB = any> {
  textSearch?: TextSearch;
  /**
   * The same scope as `from`, for reading a few text matches by key (TextMatches.byKey), written
   * so the database looks rows up by key. SQLite without statistics takes `tenantId = ?` for 10
   * rows and would walk the tenant's index instead of making 1,000 lookups; `+tenantId = ?` is
   * the same test without the index.
   */
  byKeyFrom?: SelectQueryBuilder<DB, TB, {}>;
  /**
   * The database, to count a text search's matches and choose its page in one query when they
   * are few (at most MATCHES_SORTED_AFTER) instead of two.
   */
  db?: Kysely<any>;
}

/** The parameters every list shares (ListParams but `id`, which depends on the list's key). */
const listParameters = {
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE, description: "0-based" })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sort: Type.Optional(Type.String({ maxLength: MAX_SORT_LENGTH, description: "`field,asc` or `field,desc`" })),
  q: Type.Optional(Type.String({ maxLength: MAX_Q_LENGTH, description: "free-text search" })),
};

/** A query parameter that keeps the rows whose column equals (or contains) its value. */
export interface ListFilter {
  /** `table.column` */
  column: string;
  /** The parameter's JSON schema (query strings arrive as text; integers are coerced). */
  schema:
    | { type: "integer"; minimum?: number; maximum?: number }
    | { type: "string"; enum: readonly string[] }
    | { type: "string"; maxLength: number; pattern?: string };
  /** "equals" (default), or "contains": a case-insensitive substring, as `q`. */
  match?: "equals" | "contains";
  /**
   * A condition of its own instead of equality, for a filter that asks more than one column
   * holds (a customer whose CUI ANAF calls inactive): the rows it keeps, given the parameter's value.
   */
  where?: (value: string | number) => Expression<SqlBool>;
}

type Direction = "asc" | "desc";

/** How one resource's list may be sorted and searched. Columns are `table.column` references. */
export interface ListSpec {
  /** `sort` field → the column (or expression) it orders by. */
  sortable: Readonly<Record<string, string | Expression<unknown>>>;
  /** The columns `q` looks in. */
  searchable: readonly string[];
  /**
   * The order without `sort`, and the tie-break after it, so pages never overlap: columns,
   * ascending unless given as `{ column, direction: "desc" }` (e.g. newest first). As a
   * tie-break they run in the direction of the chosen sort.
   */
  defaultOrder: readonly (string | { column: string; direction: Direction })[];
  /** Parameter name → the column it filters on; see `listQuerystringFor`. */
  filters?: Readonly<Record<string, ListFilter>>;
  /** The most rows answered without `page`/`size`; more is a 400 asking for pages. */
  maxUnpaged?: number;
  /**
   * The column `?id=` names rows by, when it is not `sortable.id` (an integer column), with the
   * schema of one key.
   */
  key?: { column: string; schema: ListFilter["schema"] };
}

export interface ListQuery {
  order: { column: string | Expression<unknown>; direction: Direction }[];
  /** `q` and the "contains" filters that the parameters set; every one must match. */
  search: SearchTerm[];
  /**
   * The "equals" filters that the parameters set; a list of values: any of them (`?id=`). A
   * filter with a condition of its own (ListFilter.where) carries it as `condition`.
   */
  where: { column: string; value: string | number | readonly (string | number)[]; condition?: Expression<SqlBool> }[];
  /** undefined: the whole list as an array. */
  page: { offset: number; limit: number } | undefined;
}

/**
 * The key `?id=` names rows by: the spec's `key`, or else its integer `sortable.id`. A list
 * without either cannot be asked by key (a programming error, caught when its routes load).
 */
function keyOf(spec: ListSpec): NonNullable<ListSpec["key"]> {
  if (spec.key) return spec.key;
  const id = spec.sortable.id;
  if (typeof id !== "string") throw new Error("A list needs `key` when `sortable.id` is not a column.");
  return { column: id, schema: { type: "integer", minimum: 1, maximum: MAX_INTEGER_KEY } };
}

/** A parameter's value as the route reads it (after coercion), from its JSON schema. */
type ValueOf<Schema> = Schema extends { type: "integer" } ? number : Schema extends { enum: readonly (infer Choice)[] } ? Choice : string;

/** An optional parameter whose JSON schema is a ListFilter's, typed by what it admits. */
const parameter = <Value>(schema: ListFilter["schema"]) => Type.Optional(Type.Unsafe<Value>(schema as TSchema));

/**
 * The spec's filters as typed parameters, when the spec's type names them (declared with
 * `satisfies ListSpec`); a spec typed only `ListSpec` has no names to give.
 */
type FilterParameters<Filters> =
  Filters extends Readonly<Record<string, ListFilter>>
    ? string extends keyof Filters
      ? {}
      : { [Name in keyof Filters]: ReturnType<typeof parameter<ValueOf<Filters[Name]["schema"]>>> }
    : {};

/** The list's key as `?id=` gives it: the spec's `key`, else an integer id (either, for a spec typed only `ListSpec`). */
type KeyOf<Spec extends ListSpec> = Spec extends { key: { schema: infer Schema } }
  ? ValueOf<Schema>
  : "key" extends keyof Spec
    ? number | string
    : number;

/**
 * The query string schema of a list (TypeBox): the shared parameters, `id` (repeatable, the
 * list's key) and the spec's filters; unknown parameters are refused like unknown body fields.
 * Every list route uses it, and its type is the route's `request.query`.
 */
export function listQuerystringFor<const Spec extends ListSpec>(spec: Spec) {
  const filters = Object.fromEntries(
    Object.entries(spec.filters ?? {}).map(([name, filter]) => [name, parameter(filter.schema)]),
  ) as FilterParameters<Spec["filters"]>;
  const id = Type.Optional(
    Type.Array(Type.Unsafe<KeyOf<Spec>>(keyOf(spec).schema as TSchema), {
      maxItems: MAX_IDS,
      description: "only the records with these keys (`?id=3&id=7`): react-admin's getMany",
    }),
  );
  return Type.Object({ ...listParameters, id, ...filters }, { additionalProperties: false });
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
  // After a chosen sort, the tie-break runs in its direction: an index on (…, column, id) then
  // gives the whole order read backwards too. With `column desc, id asc` SQLite sorts each run of
  // equal values itself (a county's 8,000 customers) before it can answer a page.
  const chosen = order[0]?.direction;
  for (const item of spec.defaultOrder) {
    const { column, direction } = typeof item === "string" ? { column: item, direction: "asc" as const } : item;
    if (!order.some((taken) => taken.column === column)) order.push({ column, direction: chosen ?? direction });
  }

  const search: SearchTerm[] = [];
  const q = params.q?.trim();
  if (q) search.push({ columns: spec.searchable, text: q });

  const where: ListQuery["where"] = [];
  for (const [name, filter] of Object.entries(spec.filters ?? {})) {
    const value = (params as Record<string, unknown>)[name];
    if (filter.match === "contains") {
      const text = typeof value === "string" ? value.trim() : "";
      if (text) search.push({ columns: [filter.column], text });
    } else if (typeof value === "string" || typeof value === "number") {
      where.push({ column: filter.column, value, condition: filter.where?.(value) });
    }
  }

  if (params.id !== undefined) {
    const keys = Array.isArray(params.id) ? params.id : [params.id as string | number];
    where.push({ column: keyOf(spec).column, value: keys });
  }

  const paged = params.page !== undefined || params.size !== undefined;
  const size = params.size ?? DEFAULT_PAGE_SIZE;
  const page = paged ? { offset: (params.page ?? 0) * size, limit: size } : undefined;
  return { order, search, where, page };
}

/**
 * Runs a list: `from` is the resource's scoped query (tables joined, tenant `where`s applied,
 * nothing selected), `select` picks the columns, `toItems` turns rows into the answer's items
 * (e.g. masking, or fetching each user's roles in one more query). Without `page`/`size` the
 * answer is the whole list as an array.
 */
export async function runList<DB, TB extends keyof DB, Row, Item>(
  from: SelectQueryBuilder<DB, TB, {}>,
  params: ListParams,
  spec: ListSpec,
  select: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, Row>,
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>,
  options: ListOptions<DB, TB> = {},
): Promise<Item[] | Page<Item>> {
  const list = await prepare(from, params, spec, select, options);
  if (list.paged) return list.page(toItems);
  await list.refuseTooLong();
  return toItems(await list.query.execute());
}

/** As `runList`, but answering `{ content, totalElements }` with or without `page`/`size`. */
export async function runPage<DB, TB extends keyof DB, Row, Item>(
  from: SelectQueryBuilder<DB, TB, {}>,
  params: ListParams,
  spec: ListSpec,
  select: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, Row>,
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>,
  options: ListOptions<DB, TB> = {},
): Promise<Page<Item>> {
  const list = await prepare(from, params, spec, select, options);
  if (list.paged) return list.page(toItems);
  await list.refuseTooLong();
  const rows = await list.query.execute();
  return { content: await toItems(rows), totalElements: rows.length };
}

/**
 * The list's query, filtered and ordered but not paged, for answers that stream every row (an
 * export): the caller reads it in slices with limit/offset (the order ends with a unique column).
 */
export async function listSelectQuery<DB, TB extends keyof DB, Row>(
  from: SelectQueryBuilder<DB, TB, {}>,
  params: ListParams,
  spec: ListSpec,
  select: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, Row>,
  options: ListOptions<DB, TB> = {},
): Promise<SelectQueryBuilder<DB, TB, Row>> {
  return (await prepare(from, params, spec, select, options)).query;
}

async function prepare<DB, TB extends keyof DB, Row>(
  from: SelectQueryBuilder<DB, TB, {}>,
  params: ListParams,
  spec: ListSpec,
  select: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, Row>,
  options: ListOptions<DB, TB>,
) {
  const list = parseListQuery(params, spec);
  // Asked only when there is text to find: a plain page costs the index nothing.
  const indexed = list.search.length > 0 ? await options.textSearch?.(list.search) : undefined;
  const filtered = (textWhere: Expression<SqlBool> | undefined, scope = from) => {
    let scoped = scope;
    if (textWhere) scoped = scoped.where(textWhere);
    else for (const term of list.search) scoped = scoped.where(textContains(term));
    for (const { column, value, condition } of list.where) scoped = scoped.where(condition ?? equals(column, value));
    return scoped;
  };
  const ordered = (scoped: SelectQueryBuilder<DB, TB, {}>, sortedBy: (column: Expression<unknown>) => Expression<unknown>) => {
    let query = select(scoped);
    for (const { column, direction } of list.order) {
      query = query.orderBy(sortedBy(typeof column === "string" ? sql.ref(column) : column), direction);
    }
    return query;
  };
  const scoped = filtered(indexed?.where);
  const query = ordered(scoped, (column) => column);

  const key = spec.key?.column ?? (typeof spec.sortable.id === "string" ? spec.sortable.id : undefined);
  // The index counts its matches when nothing else filters them.
  const countedInIndex = indexed?.count !== undefined && list.where.length === 0;
  const count = async (): Promise<number> => {
    if (countedInIndex) return indexed!.count!();
    const counted = await scoped
      .select(sql<number | string | bigint>`count(*)`.as("total"))
      .executeTakeFirstOrThrow();
    // PostgreSQL answers count(*) as a bigint, which the driver hands over as text.
    return Number((counted as { total: number | string | bigint }).total);
  };

  /**
   * A text search's matches, their keys and sort values only, at most `most` of them: found first
   * (PostgreSQL: from its trigram indexes), then a page of them chosen by sorting them. Left to
   * itself the planner walks the sort's index until a page of matches turns up, past every row
   * that does not match (all 20,000 customers for "alfa" sorted by name descending, the matches
   * being at the other end). The limit also keeps the planner from merging them back into the walk.
   */
  const matchesWithSortValues = (most: number) => {
    const sortValues = list.order.map(({ column }, i) => sql`${typeof column === "string" ? sql.ref(column) : column}`.as(`sort${i}`));
    return scoped.select([sql.ref(key!).as("key"), ...sortValues] as never).limit(most);
  };
  const matchOrder = () => sql.join(list.order.map(({ direction }, i) => sql`${sql.ref(`sort${i}`)} ${sql.raw(direction)}`));

  return {
    query,
    paged: list.page !== undefined,
    async page<Item>(toItems: (rows: Row[]) => Item[] | Promise<Item[]>): Promise<Page<Item>> {
      const { limit, offset } = list.page!;
      const sortsMatches = !countedInIndex && list.search.length > 0 && key !== undefined;
      if (sortsMatches && options.db) {
        // Counted and chosen in one reading of the matches, when they are few.
        const { rows: chosen } = await sql<{ key: string | number; total: number | string | bigint }>`
          select "key", count(*) over () as total from (${matchesWithSortValues(MATCHES_SORTED_AFTER + 1)}) as matches
          order by ${matchOrder()} limit ${limit} offset ${offset}`.execute(options.db);
        const total = chosen.length > 0 ? Number(chosen[0].total) : offset === 0 ? 0 : undefined;
        if (total !== undefined && total <= MATCHES_SORTED_AFTER) {
          if (chosen.length === 0) return { content: [], totalElements: 0 };
          const keys = sql.join(chosen.map((row) => row.key));
          const rows = await ordered(from.where(sql<SqlBool>`${sql.ref(key!)} in (${keys})`), (column) => column).execute();
          return { content: await toItems(rows), totalElements: total };
        }
        // More matches than that (or a page past them): counted, and paged as below.
      }
      const total = await count();
      let pageQuery = query;
      if (countedInIndex && indexed?.byKey && total <= FEW_MATCHES) {
        // `+column` (SQLite, whose index alone offers byKey) is the same value, but keeps SQLite
        // from walking the sort's index: the few rows are read by key and sorted instead.
        pageQuery = ordered(filtered(await indexed.byKey(), options.byKeyFrom), (column) => sql`+${column}`);
      } else if (sortsMatches && total <= MATCHES_SORTED_AFTER) {
        // The page's keys chosen among the matches, then its rows read by key.
        const pageKeys = sql`select "key" from (${matchesWithSortValues(MAX_INTEGER_KEY)}) as matches order by ${matchOrder()} limit ${limit} offset ${offset}`;
        const rows = await ordered(from.where(sql<SqlBool>`${sql.ref(key!)} in (${pageKeys})`), (column) => column).execute();
        return { content: await toItems(rows), totalElements: total };
      }
      const rows = await pageQuery.limit(limit).offset(offset).execute();
      return { content: await toItems(rows), totalElements: total };
    },
    /** 400 when the spec caps the unpaged form and the list is longer. */
    async refuseTooLong(): Promise<void> {
      if (spec.maxUnpaged === undefined) return;
      const total = await count();
      if (total > spec.maxUnpaged) throw new HttpError(400, listTooLong(total, spec.maxUnpaged));
    },
  };
}

/** Rows whose column equals the value, or (a list of values) any of them; an empty list: none. */
function equals(column: string, value: ListQuery["where"][number]["value"]): Expression<SqlBool> {
  if (!Array.isArray(value)) return sql<SqlBool>`${sql.ref(column)} = ${value}`;
  if (value.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(value)})`;
}

/** The `like` pattern (escape character: backslash) for text anywhere in a folded value: the text folded, its wildcards escaped. */
export function likePattern(text: string): string {
  return `%${fold(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where one of the term's columns contains its text, ignoring case and diacritics. */
export function textContains({ columns, text }: SearchTerm) {
  const pattern = likePattern(text);
  // ESCAPE is needed on SQLite (no default escape character) and harmless on PostgreSQL.
  const tests = columns.map((column) => sql<SqlBool>`fold(${sql.ref(column)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
