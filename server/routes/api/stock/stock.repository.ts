/**
 * A tenant's stock items, a copy of SmartBill's stock per warehouse: listing, and replacing a
 * warehouse's stock with a fresh SmartBill answer. Plain functions taking `db`, dialect-free.
 */
import { type Kysely, sql } from "kysely";
import type { ListParams, StockItem, StockPage } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { type ListSpec, runPage } from "../listQuery";

/**
 * The most items answered without `page`/`size` (the spec's `{content}` form): more is a 400
 * asking for pages, rather than a response of many megabytes or a silently cut list.
 */
export const MAX_UNPAGED_STOCK = 10_000;

export const stockList = {
  sortable: {
    id: "stock_items.id",
    // Products without a code sort as an empty code, first in ascending order on both
    // dialects (NULLs alone sort first on SQLite, last on PostgreSQL).
    productCode: sql`coalesce("stock_items"."productCode", '')`,
    productName: "stock_items.productName",
    measuringUnit: "stock_items.measuringUnit",
    quantity: "stock_items.quantity",
    warehouseId: "stock_items.warehouseId",
  },
  searchable: ["stock_items.productCode", "stock_items.productName"],
  defaultOrder: ["stock_items.id"],
  filters: {
    warehouseId: { column: "stock_items.warehouseId", schema: { type: "integer", minimum: 1, maximum: 2_147_483_647 } },
  },
  maxUnpaged: MAX_UNPAGED_STOCK,
} satisfies ListSpec;

const COLUMNS = [
  "stock_items.id",
  "stock_items.productCode",
  "stock_items.productName",
  "stock_items.measuringUnit",
  "stock_items.quantity",
  "stock_items.warehouseId",
] as const;

/** `params` may also name stockList's filters (`warehouseId`), as stockQuerystring admits them. */
export function listStock(db: Kysely<Database>, tenantId: number, params: ListParams): Promise<StockPage> {
  return runPage(
    db.selectFrom("stock_items").where("stock_items.tenantId", "=", tenantId),
    params,
    stockList,
    (query) => query.select(COLUMNS),
    (rows): StockItem[] => rows.map((row) => ({ ...row, quantity: Number(row.quantity) })),
  );
}

/** One product of a warehouse's stock as SmartBill answers it, checked. */
export interface StockProductRow {
  /** null: the company does not use codes, and the product is known by its name. */
  productCode: string | null;
  productName: string;
  measuringUnit: string;
  quantity: number;
}

export interface StockReplaceCounts {
  created: number;
  updated: number;
  /** items of the warehouse missing from the answer, whose quantity became 0 */
  zeroed: number;
}

/** The key a product is known by within a warehouse: its code, or its name without one. */
export const productKey = (row: { productCode: string | null; productName: string }) =>
  row.productCode !== null ? `code:${row.productCode}` : `name:${row.productName}`;

const BATCH = 500;

/**
 * Makes the warehouse's stock items what SmartBill says: updates the products already there,
 * adds new ones, and sets to 0 those SmartBill no longer lists (the answer is the warehouse's
 * whole stock). Run it inside a transaction that has locked the warehouse (lockWarehouse), so
 * it is all or nothing and two imports of one warehouse do not interleave.
 */
export async function replaceWarehouseStock(
  trx: Kysely<Database>,
  tenantId: number,
  warehouseId: number,
  rows: readonly StockProductRow[],
): Promise<StockReplaceCounts> {
  const now = timestamp();
  const existing = await trx
    .selectFrom("stock_items")
    .select(["id", "productCode", "productName", "quantity"])
    .where("tenantId", "=", tenantId)
    .where("warehouseId", "=", warehouseId)
    .execute();
  const byKey = new Map(existing.map((item) => [productKey(item), item]));

  const seen = new Set<number>();
  const added: StockProductRow[] = [];
  for (const row of rows) {
    const item = byKey.get(productKey(row));
    if (!item) {
      added.push(row);
      continue;
    }
    seen.add(item.id);
    await trx
      .updateTable("stock_items")
      .set({
        productName: row.productName,
        measuringUnit: row.measuringUnit,
        quantity: row.quantity,
        updatedAt: now,
      })
      .where("id", "=", item.id)
      .execute();
  }

  for (let start = 0; start < added.length; start += BATCH) {
    await trx
      .insertInto("stock_items")
      .values(
        added.slice(start, start + BATCH).map((row) => ({ tenantId, warehouseId, ...row, createdAt: now, updatedAt: now })),
      )
      .execute();
  }

  const gone = existing.filter((item) => !seen.has(item.id) && Number(item.quantity) !== 0).map((item) => item.id);
  for (let start = 0; start < gone.length; start += BATCH) {
    await trx
      .updateTable("stock_items")
      .set({ quantity: 0, updatedAt: now })
      .where("id", "in", gone.slice(start, start + BATCH))
      .execute();
  }
  return { created: added.length, updated: seen.size, zeroed: gone.length };
}
