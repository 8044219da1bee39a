/** A tenant's customers: plain functions taking `db`, dialect-free. */
import type { Kysely } from "kysely";
import { type Customer, CUSTOMER_COLUMNS, type CustomerFields, type ListParams, type Page } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { type ListFilter, type ListSpec, listSelectQuery, runList } from "../listQuery";
import { customerTextSearch, indexCustomers } from "./customerSearch";

/** The unpaged (compatibility) form answers at most this many; more asks for pages. */
export const MAX_UNPAGED_CUSTOMERS = 10_000;
export const CUSTOMER_FILTER_MAX_LENGTH = 200;

export const customerList: ListSpec = {
  sortable: {
    id: "customers.id",
    ...Object.fromEntries(CUSTOMER_COLUMNS.map((column) => [column, `customers.${column}`])),
  },
  searchable: ["customers.clientName", "customers.codClient", "customers.cif", "customers.email"],
  defaultOrder: ["customers.id"],
  // ?judet=cluj: the column contains the text, any case.
  filters: Object.fromEntries(
    CUSTOMER_COLUMNS.map((column): [string, ListFilter] => [
      column,
      { column: `customers.${column}`, match: "contains", schema: { type: "string", maxLength: CUSTOMER_FILTER_MAX_LENGTH } },
    ]),
  ),
  maxUnpaged: MAX_UNPAGED_CUSTOMERS,
};

const COLUMNS = ["customers.id", ...CUSTOMER_COLUMNS.map((c) => `customers.${c}` as const), "customers.mentions", "customers.observations"] as const;

export function listCustomers(db: Kysely<Database>, tenantId: number, params: ListParams): Promise<Customer[] | Page<Customer>> {
  return runList(
    db.selectFrom("customers").where("customers.tenantId", "=", tenantId),
    params,
    customerList,
    (query) => query.select(COLUMNS),
    (rows) => rows,
    { textSearch: customerTextSearch(db, tenantId) },
  );
}

/** Every customer the list's parameters select (no paging), read in slices for an export. */
export async function* exportCustomers(
  db: Kysely<Database>,
  tenantId: number,
  params: ListParams,
  sliceSize = 5000,
): AsyncGenerator<Customer> {
  const query = listSelectQuery(
    db.selectFrom("customers").where("customers.tenantId", "=", tenantId),
    { ...params, page: undefined, size: undefined },
    customerList,
    (q) => q.select(COLUMNS),
    { textSearch: customerTextSearch(db, tenantId) },
  );
  for (let offset = 0; ; offset += sliceSize) {
    const rows = await query.limit(sliceSize).offset(offset).execute();
    yield* rows;
    if (rows.length < sliceSize) return;
  }
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

/**
 * Rows a statement (16 parameters a row, far under SQLite's 32,766 and PostgreSQL's 65,535). A
 * batch's objects (rows, query nodes, parameters) live until it is written: 1,000 at a time kept
 * enough of them alive through V8's minor collections to grow the heap by ~100 MB over a
 * 100,000-row import; 250 is as fast and grows it by about half.
 */
const UPSERT_BATCH = 250;

/**
 * Inserts or updates (by code) every row; the caller runs it in a transaction. The rows are
 * taken from `rows` a batch at a time, so they need not all be in memory as objects at once.
 */
export async function upsertCustomers(trx: Kysely<Database>, tenantId: number, rows: Iterable<CustomerFields>): Promise<void> {
  const now = timestamp();
  for (const slice of batchesOf(rows, UPSERT_BATCH)) {
    const batch = slice.map((fields) => ({ tenantId, ...fields, createdAt: now, updatedAt: now }));
    const written = await trx
      .insertInto("customers")
      .values(batch)
      .onConflict((oc) =>
        oc.columns(["tenantId", "codClient"]).doUpdateSet((eb) => ({
          ...Object.fromEntries(CUSTOMER_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)])),
          updatedAt: eb.ref("excluded.updatedAt"),
        })),
      )
      .returning("id")
      .execute();
    // The text index is contentless: (re)index each written row, new or updated.
    await indexCustomers(trx, tenantId, written.map((row) => row.id));
  }
}
