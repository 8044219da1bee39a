/** A tenant's customers: plain functions taking `db`, dialect-free. */
import type { Kysely } from "kysely";
import { type Customer, CUSTOMER_COLUMNS, type CustomerFields, type ListParams, type Page } from "../../../../contract/api";
import { dialectOf } from "../../../db/connection";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { type ListFilter, type ListSpec, listSelectQuery, runList } from "../listQuery";

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
    { dialect: dialectOf(db) },
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
    { dialect: dialectOf(db) },
  );
  for (let offset = 0; ; offset += sliceSize) {
    const rows = await query.limit(sliceSize).offset(offset).execute();
    yield* rows;
    if (rows.length < sliceSize) return;
  }
}

/** Which of these codes the tenant already has. */
export async function existingCodes(db: Kysely<Database>, tenantId: number, codes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await db
      .selectFrom("customers")
      .select("codClient")
      .where("tenantId", "=", tenantId)
      .where("codClient", "in", codes.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.codClient);
  }
  return found;
}

/** 16 parameters a row: SQLite's 32,766 and PostgreSQL's 65,535 parameter limits leave room. */
const UPSERT_BATCH = 1000;

/** Inserts or updates (by code) every row; the caller runs it in a transaction. */
export async function upsertCustomers(trx: Kysely<Database>, tenantId: number, rows: readonly CustomerFields[]): Promise<void> {
  const now = timestamp();
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const batch = rows.slice(i, i + UPSERT_BATCH).map((fields) => ({ tenantId, ...fields, createdAt: now, updatedAt: now }));
    await trx
      .insertInto("customers")
      .values(batch)
      .onConflict((oc) =>
        oc.columns(["tenantId", "codClient"]).doUpdateSet((eb) => ({
          ...Object.fromEntries(CUSTOMER_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)])),
          updatedAt: eb.ref("excluded.updatedAt"),
        })),
      )
      .execute();
  }
}
