/** Reading and changing tenants: plain functions taking `db`, dialect-free. */
import type { Kysely } from "kysely";
import type { ListParams, Page, Tenant } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { type ListSpec, runList } from "../listQuery";
import { plainResources } from "../routeFolders";

/** Tables of database.ts whose rows belong to a tenant (a `tenantId` column). */
type TenantOwnedTable = {
  [T in keyof Database]: Database[T] extends { tenantId: number } ? T : never;
}[keyof Database];

/**
 * The tables holding a tenant's data besides the plain resources' (each declared resource's
 * table is one: tenantResourceRoutes.ts). A tenant with a row in any of them is not deleted, so
 * nothing is lost by a click. test/server/tenantTables.test.ts checks them against the migrated
 * schema: a table with a `tenantId` that neither these nor a resource names fails it.
 */
const HOUSE_TENANT_DATA: readonly TenantOwnedTable[] = [
  "users",
  "properties",
  "warehouses",
  "stock_items",
  "tasks",
  "customers",
  "invoices",
  "tax_lists",
  "receipts",
  "reminder_settings",
  "invoice_reminders",
  // The company's SPV connection, an authorisation under way, and its SPV messages with their archived ZIPs.
  "efactura_connections",
  "efactura_authorizations",
  "efactura_messages",
];

/** Every table holding a tenant's data: the house's and each plain resource's. */
export async function tenantOwnedTables(): Promise<string[]> {
  return [...HOUSE_TENANT_DATA, ...(await plainResources()).map((resource) => resource.table)];
}

/**
 * Tables with a `tenantId` that hold no data of their own, so they never keep a tenant: SQLite's
 * queue of customers waiting for the text index follows the customers table, which does; an
 * invoice's payments carry their invoice's tenant (to count what was received from an index) and
 * go with that invoice, which keeps it; the monthly sums of what was invoiced and received
 * (receivable_months) follow the invoices and go with the tenant.
 */
export const TENANT_DERIVED_TABLES = ["customers_unindexed", "invoice_payments", "receivable_months"] as const;

/**
 * Tables with a `tenantId` that record what was done rather than hold the tenant's data: they
 * neither keep a tenant nor go with it (a deleted tenant's audit log stays, ageing out like the
 * rest), so their `tenantId` is a plain number, not a foreign key.
 */
export const TENANT_HISTORY_TABLES = ["audit_log"] as const;

/**
 * The tables of the migrated schema with a `tenantId` column that no list names: a table
 * added without deciding what happens to its rows when their tenant is deleted.
 */
export async function uncoveredTenantTables(db: Kysely<Database>): Promise<string[]> {
  const covered = new Set<string>([...(await tenantOwnedTables()), ...TENANT_DERIVED_TABLES, ...TENANT_HISTORY_TABLES]);
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => !table.isView && table.columns.some((column) => column.name === "tenantId"))
    .map((table) => table.name)
    .filter((name) => !covered.has(name))
    .sort();
}

export const tenantList = {
  sortable: {
    id: "tenants.id",
    name: "tenants.name",
    description: "tenants.description",
    createdAt: "tenants.createdAt",
    updatedAt: "tenants.updatedAt",
  },
  searchable: ["tenants.name", "tenants.description"],
  defaultOrder: ["tenants.id"],
} satisfies ListSpec;

export interface TenantFields {
  name: string;
  description: string | null;
}

export function listTenants(db: Kysely<Database>, params: ListParams): Promise<Tenant[] | Page<Tenant>> {
  return runList(
    db.selectFrom("tenants"),
    params,
    tenantList,
    (query) => query.select(["id", "name", "description", "createdAt", "updatedAt"]),
    (rows) => rows,
  );
}

export async function findTenant(db: Kysely<Database>, id: number): Promise<Tenant | undefined> {
  return db.selectFrom("tenants").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Another tenant whose name equals `name` ignoring case, if any. */
export async function findTenantNamed(
  db: Kysely<Database>,
  name: string,
  exceptId?: number,
): Promise<Tenant | undefined> {
  let query = db
    .selectFrom("tenants")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return query.executeTakeFirst();
}

export async function insertTenant(db: Kysely<Database>, fields: TenantFields): Promise<Tenant> {
  const now = timestamp();
  return db
    .insertInto("tenants")
    .values({ ...fields, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTenant(
  db: Kysely<Database>,
  id: number,
  fields: TenantFields,
): Promise<Tenant | undefined> {
  return db
    .updateTable("tenants")
    .set({ ...fields, updatedAt: timestamp() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** True when any tenant-owned table still has a row of the tenant. */
export async function tenantHoldsData(db: Kysely<Database>, id: number): Promise<boolean> {
  for (const table of await tenantOwnedTables()) {
    // A plain resource's table is not among database.ts's types: read by name.
    const row = await (db as unknown as Kysely<Record<string, { tenantId: number }>>)
      .selectFrom(table)
      .select("tenantId")
      .where("tenantId", "=", id)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export async function deleteTenant(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("tenants").where("id", "=", id).execute();
}
