/** A tenant's warehouses: plain functions taking `db`, dialect-free. */
import type { Kysely } from "kysely";
import type { ListParams, Page, Warehouse, WarehouseType } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { type ListSpec, runList } from "../listQuery";

export const warehouseList = {
  sortable: {
    id: "warehouses.id",
    warehouseName: "warehouses.warehouseName",
    warehouseType: "warehouses.warehouseType",
  },
  searchable: ["warehouses.warehouseName"],
  defaultOrder: ["warehouses.id"],
} satisfies ListSpec;

/** A warehouse's fields, checked (the route trims them and checks the type). */
export interface WarehouseFields {
  warehouseName: string;
  warehouseType: WarehouseType;
}

const COLUMNS = ["warehouses.id", "warehouses.warehouseName", "warehouses.warehouseType"] as const;

export function listWarehouses(
  db: Kysely<Database>,
  tenantId: number,
  params: ListParams,
): Promise<Warehouse[] | Page<Warehouse>> {
  return runList(
    db.selectFrom("warehouses").where("warehouses.tenantId", "=", tenantId),
    params,
    warehouseList,
    (query) => query.select(COLUMNS),
    (rows) => rows,
  );
}

export function findWarehouse(db: Kysely<Database>, tenantId: number, id: number): Promise<Warehouse | undefined> {
  return db
    .selectFrom("warehouses")
    .select(COLUMNS)
    .where("tenantId", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The tenant's other warehouse with exactly this name (SmartBill compares names exactly). */
export function findWarehouseNamed(
  db: Kysely<Database>,
  tenantId: number,
  warehouseName: string,
  exceptId?: number,
): Promise<Warehouse | undefined> {
  let query = db
    .selectFrom("warehouses")
    .select(COLUMNS)
    .where("tenantId", "=", tenantId)
    .where("warehouseName", "=", warehouseName);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return query.executeTakeFirst();
}

export function insertWarehouse(db: Kysely<Database>, tenantId: number, fields: WarehouseFields): Promise<Warehouse> {
  const now = timestamp();
  return db
    .insertInto("warehouses")
    .values({ tenantId, ...fields, createdAt: now, updatedAt: now })
    .returning(["id", "warehouseName", "warehouseType"])
    .executeTakeFirstOrThrow();
}

export function updateWarehouse(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  fields: WarehouseFields,
): Promise<Warehouse | undefined> {
  return db
    .updateTable("warehouses")
    .set({ ...fields, updatedAt: timestamp() })
    .where("tenantId", "=", tenantId)
    .where("id", "=", id)
    .returning(["id", "warehouseName", "warehouseType"])
    .executeTakeFirst();
}

/**
 * Takes the warehouse's row lock until the transaction ends (a no-op write: PostgreSQL locks the
 * row, SQLite the database), so a stock import and a delete of the same warehouse run one after
 * the other. False when the tenant has no such warehouse.
 */
export async function lockWarehouse(trx: Kysely<Database>, tenantId: number, id: number): Promise<boolean> {
  const result = await trx
    .updateTable("warehouses")
    .set((eb) => ({ updatedAt: eb.ref("updatedAt") }))
    .where("tenantId", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Deletes the warehouse and its stock items; the caller runs it in a transaction. The stock items
 * are only a copy of SmartBill's stock for that warehouse (re-importable at any time), so they go
 * with it rather than keeping the warehouse. The warehouse deleted, or undefined when the tenant
 * has no such warehouse.
 */
export async function deleteWarehouse(trx: Kysely<Database>, tenantId: number, id: number): Promise<Warehouse | undefined> {
  // Locked first, so an import of this warehouse committing meanwhile cannot add items
  // after they were deleted (and make the warehouse's delete fail on its foreign key).
  if (!(await lockWarehouse(trx, tenantId, id))) return undefined;
  const warehouse = await findWarehouse(trx, tenantId, id);
  await trx.deleteFrom("stock_items").where("tenantId", "=", tenantId).where("warehouseId", "=", id).execute();
  await trx.deleteFrom("warehouses").where("tenantId", "=", tenantId).where("id", "=", id).execute();
  return warehouse;
}
