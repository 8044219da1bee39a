/** A tenant's customers: plain functions taking `db`, dialect-free. */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import { ANAF_LIST_FILTERS, ANAF_PROBLEM_STATES, type AnafListFilter } from "../../../../contract/anaf";
import { cuiOf } from "../../../../contract/cif";
import { dialectOf, lockUntilCommit, TRANSACTION_LOCKS } from "../../../db/connection";
import { type Customer, CUSTOMER_COLUMNS, type CustomerColumn, type CustomerFields, type ListParams, type Page } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { type ListFilter, type ListSpec, listSelectQuery, runList } from "../listQuery";
import { customerTextSearch, forgetCustomer, queueForIndexing } from "./customerSearch";

/** The unpaged (compatibility) form answers at most this many; more asks for pages. */
const MAX_UNPAGED_CUSTOMERS = 10_000;
const CUSTOMER_FILTER_MAX_LENGTH = 200;

export const customerList = {
  sortable: {
    id: "customers.id",
    ...Object.fromEntries(CUSTOMER_COLUMNS.map((column) => [column, `customers.${column}`])),
  },
  // A clerk looks a customer up by name, code, CIF or e-mail, and as often by its town or county.
  searchable: ["customers.clientName", "customers.codClient", "customers.cif", "customers.email", "customers.localitate", "customers.judet"],
  defaultOrder: ["customers.id"],
  // ?judet=cluj: the column contains the text, any case.
  filters: {
    ...(Object.fromEntries(
      CUSTOMER_COLUMNS.map((column): [string, ListFilter] => [
        column,
        { column: `customers.${column}`, match: "contains", schema: { type: "string", maxLength: CUSTOMER_FILTER_MAX_LENGTH } },
      ]),
    ) as Record<CustomerColumn, ListFilter & { schema: { type: "string" } }>),
    // ?anaf=problem | unknown | unchecked: what ANAF last said of the customer's CUI (anaf_companies).
    anaf: {
      column: "customers.cui",
      schema: { type: "string", enum: ANAF_LIST_FILTERS },
      where: (value) => anafFilter(value as AnafListFilter),
    },
  },
  maxUnpaged: MAX_UNPAGED_CUSTOMERS,
} satisfies ListSpec;

/**
 * The customers ANAF calls inactive or struck off, does not know, or was never asked about. Both start from the customer's `cui`
 * (null for no valid CUI, so those are in neither), which (tenantId, cui) indexes; ANAF's table is
 * read by its key.
 */
function anafFilter(value: AnafListFilter): Expression<SqlBool> {
  if (value === "problem") {
    return sql<SqlBool>`"customers"."cui" in (select "cui" from "anaf_companies" where "state" in (${sql.join(ANAF_PROBLEM_STATES)}))`;
  }
  if (value === "unknown") {
    return sql<SqlBool>`"customers"."cui" in (select "cui" from "anaf_companies" where "state" = ${"notFound"})`;
  }
  return sql<SqlBool>`"customers"."cui" is not null and not exists (select 1 from "anaf_companies" where "anaf_companies"."cui" = "customers"."cui")`;
}

const COLUMNS = ["customers.id", ...CUSTOMER_COLUMNS.map((c) => `customers.${c}` as const), "customers.mentions", "customers.observations"] as const;

export async function listCustomers(db: Kysely<Database>, tenantId: number, params: ListParams): Promise<Customer[] | Page<Customer>> {
  return runList(
    db.selectFrom("customers").where("customers.tenantId", "=", tenantId),
    params,
    customerList,
    (query) => query.select(COLUMNS),
    (rows) => rows,
    {
      textSearch: customerTextSearch(db, tenantId),
      byKeyFrom: db.selectFrom("customers").where(sql<SqlBool>`+"customers"."tenantId" = ${tenantId}`),
      db,
    },
  );
}

/**
 * Every customer the list's parameters select (no paging), read in slices for an export. The
 * parameters are checked (a sort on no column is a 400) when this is awaited, before the answer's
 * 200 and first line are sent; only the rows are read lazily.
 */
export async function exportCustomers(
  db: Kysely<Database>,
  tenantId: number,
  params: ListParams,
  sliceSize = 5000,
): Promise<AsyncGenerator<Customer>> {
  const query = await listSelectQuery(
    db.selectFrom("customers").where("customers.tenantId", "=", tenantId),
    { ...params, page: undefined, size: undefined },
    customerList,
    (q) => q.select(COLUMNS),
    { textSearch: customerTextSearch(db, tenantId) },
  );
  return (async function* () {
    for (let offset = 0; ; offset += sliceSize) {
      const rows = await query.limit(sliceSize).offset(offset).execute();
      yield* rows;
      if (rows.length < sliceSize) return;
    }
  })();
}

/** Which of these codes the tenant already has (the codes are read once, 500 at a time). */
export async function existingCodes(db: Kysely<Database>, tenantId: number, codes: Iterable<string>): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of batchesOf(codes, 500)) {
    const rows = await db
      .selectFrom("customers")
      .select("codClient")
      .where("tenantId", "=", tenantId)
      .where("codClient", "in", batch)
      .execute();
    for (const row of rows) found.add(row.codClient);
  }
  return found;
}

/** An iterable's items in arrays of `size` (the last may be shorter), taken as they are needed. */
function* batchesOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Rows a statement, for callers with objects (customerBatches). */
const UPSERT_BATCH = 250;

/**
 * Customers as upsertCustomers takes them: JSON arrays of rows, each row an array of the fields
 * in CUSTOMER_COLUMNS order and the CIF's CUI, UPSERT_BATCH rows a batch.
 */
export function* customerBatches(rows: Iterable<CustomerFields>): Generator<string> {
  for (const slice of batchesOf(rows, UPSERT_BATCH)) {
    yield JSON.stringify(slice.map((row) => [...CUSTOMER_COLUMNS.map((column) => row[column]), cuiOf(row.cif)]));
  }
}

/** A batch's rows as a table with one column, `value`: a row's JSON array. */
function jsonRows(db: Kysely<Database>, json: string) {
  return dialectOf(db) === "sqlite" ? sql`json_each(${json}) as rows` : sql`jsonb_array_elements(${json}::jsonb) as rows(value)`;
}

/**
 * Holds the tenant's customers for one import until the transaction ends: a second import of the
 * tenant waits (upsertCustomers takes it too; taking it again in one transaction is harmless).
 * Taken first, the preview's codes are read in the same turn as the write.
 */
export async function lockTenantCustomers(trx: Kysely<Database>, tenantId: number): Promise<void> {
  await lockUntilCommit(trx, TRANSACTION_LOCKS.customerImport, tenantId);
}

/**
 * Inserts or updates (by code) every row; the caller runs it in a transaction. A batch is one
 * JSON text: an array of rows, each an array beginning with the fields in CUSTOMER_COLUMNS order
 * and then the CIF's CUI or null (cuiOf; items after it are ignored), as the import keeps its
 * checked rows (RowStore) or customerBatches makes them. The database reads each batch itself: one parameter and the same
 * statement text every time, where a multi-row VALUES of 4,000 parameters a batch was a fifth of
 * a 50,000-row import's write. Answers how many rows THIS call inserted.
 *
 * Two imports of one tenant run one after the other across the fleet (lockUntilCommit): at the
 * same time on PostgreSQL they could each wait for a row the other had written (a deadlock when
 * their files share codes in another order). The count is what this call's statements inserted:
 * on PostgreSQL a row this statement inserted (rather than updated) has no xmax yet; SQLite, which
 * cannot tell the two apart in RETURNING, writes one transaction at a time, so the tenant's count
 * before and after is this call's alone.
 */
export async function upsertCustomers(trx: Kysely<Database>, tenantId: number, batches: Iterable<string>): Promise<number> {
  const now = timestamp();
  const storedColumns = [...CUSTOMER_COLUMNS, "cui"];
  const columns = sql.join(storedColumns.map((column) => sql.ref(column)));
  const fields = sql.join(storedColumns.map((_, index) => sql`rows.value ->> ${sql.lit(index)}`));
  const updates = sql.join(storedColumns.map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`));
  const postgres = dialectOf(trx) === "postgres";
  await lockTenantCustomers(trx, tenantId);
  const before = postgres ? 0 : await countCustomers(trx, tenantId);
  let inserted = 0;
  for (const json of batches) {
    // `where true`: SQLite's parser needs it between INSERT … SELECT and ON CONFLICT.
    const { rows: written } = await sql<{ id: number; inserted?: boolean }>`
      insert into customers ("tenantId", ${columns}, "createdAt", "updatedAt")
      select cast(${tenantId} as integer), ${fields}, ${now}, ${now} from ${jsonRows(trx, json)} where true
      on conflict ("tenantId", "codClient") do update set ${updates}, "updatedAt" = excluded."updatedAt"
      returning id${postgres ? sql`, (xmax = 0) as inserted` : sql``}
    `.execute(trx);
    if (postgres) for (const row of written) if (row.inserted) inserted++;
    // Each written row, new or updated, is (re)indexed soon after (customerSearch.ts).
    await queueForIndexing(trx, tenantId, written.map((row) => row.id));
  }
  return postgres ? inserted : (await countCustomers(trx, tenantId)) - before;
}

async function countCustomers(db: Kysely<Database>, tenantId: number): Promise<number> {
  const { total } = await db
    .selectFrom("customers")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("tenantId", "=", tenantId)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One of the tenant's customers, as the list answers it; undefined when the tenant has none with that id. */
export function findCustomer(db: Kysely<Database>, tenantId: number, id: number): Promise<Customer | undefined> {
  return db.selectFrom("customers").select(COLUMNS).where("customers.tenantId", "=", tenantId).where("customers.id", "=", id).executeTakeFirst();
}

/** Whether another of the tenant's customers (not `exceptId`) has this code. */
export async function codeTaken(db: Kysely<Database>, tenantId: number, codClient: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom("customers").select("id").where("tenantId", "=", tenantId).where("codClient", "=", codClient);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Adds a customer (checked fields), queued for the text index; answers its id. Run it in a transaction. */
export async function insertCustomer(trx: Kysely<Database>, tenantId: number, fields: CustomerFields): Promise<number> {
  const now = timestamp();
  const { id } = await trx
    .insertInto("customers")
    .values({ ...fields, cui: cuiOf(fields.cif), tenantId, mentions: null, observations: null, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await queueForIndexing(trx, tenantId, [id]);
  return id;
}

/** Saves a customer's fields (checked), queued for the text index again. Run it in a transaction. */
export async function updateCustomer(trx: Kysely<Database>, tenantId: number, id: number, fields: CustomerFields): Promise<void> {
  await trx
    .updateTable("customers")
    .set({ ...fields, cui: cuiOf(fields.cif), updatedAt: timestamp() })
    .where("tenantId", "=", tenantId)
    .where("id", "=", id)
    .execute();
  await queueForIndexing(trx, tenantId, [id]);
}

/** Deletes a customer and its entry in the text index. Run it in a transaction. */
export async function deleteCustomer(trx: Kysely<Database>, tenantId: number, id: number): Promise<void> {
  await trx.deleteFrom("customers").where("tenantId", "=", tenantId).where("id", "=", id).execute();
  await forgetCustomer(trx, tenantId, id);
}

/** How many of the tenant's invoices are made out to this customer (invoices.clientId). */
export async function invoiceCountOf(db: Kysely<Database>, tenantId: number, customerId: number): Promise<number> {
  const { total } = await db
    .selectFrom("invoices")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("tenantId", "=", tenantId)
    .where("clientId", "=", customerId)
    .executeTakeFirstOrThrow();
  return Number(total);
}
