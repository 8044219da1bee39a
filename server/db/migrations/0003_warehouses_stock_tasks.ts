/**
 * Warehouses, the stock imported from SmartBill into them, and the tasks table the in-process
 * worker runs long work from (server/tasks/). Frozen like every migration: it imports nothing
 * from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = postgres ? "serial" : "integer";
  // Names and codes keep the database's default collation (unlike setting names in 0002):
  // under "C", PostgreSQL's lower() folds ASCII only, and `q` must find 'Șervețele' by
  // 'șervețele'. Equality (the unique indexes) is exact either way.
  // A double on both dialects (SQLite REAL is 8 bytes): PostgreSQL's numeric would reach
  // JavaScript as a string.
  const quantityType = postgres ? "double precision" : "real";

  await db.schema
    .createTable("warehouses")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // No cascade: a tenant that still has warehouses is not deleted (tenants.repository.ts).
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    // SmartBill matches warehouse names exactly (case-sensitive), so uniqueness does too.
    .addColumn("warehouseName", "text", (c) => c.notNull())
    .addColumn("warehouseType", "text", (c) =>
      c.notNull().check(sql`"warehouseType" in ('en gros', 'en detail')`),
    )
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("warehouses_tenantId_warehouseName", ["tenantId", "warehouseName"])
    .execute();

  await db.schema
    .createTable("stock_items")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    // No cascade: deleting a warehouse deletes its stock explicitly, in the same transaction.
    .addColumn("warehouseId", "integer", (c) => c.notNull().references("warehouses.id"))
    // null when the company does not use product codes; the product is then known by its name.
    .addColumn("productCode", "text")
    .addColumn("productName", "text", (c) => c.notNull())
    .addColumn("measuringUnit", "text", (c) => c.notNull())
    .addColumn("quantity", quantityType, (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  // One row per product and warehouse: by code, or by name for products without one (NULLs
  // are distinct in a unique index on both dialects, hence the second, partial index).
  await db.schema
    .createIndex("stock_items_product_code")
    .on("stock_items")
    .columns(["tenantId", "warehouseId", "productCode"])
    .unique()
    .execute();
  await db.schema
    .createIndex("stock_items_product_name_without_code")
    .on("stock_items")
    .columns(["tenantId", "warehouseId", "productName"])
    .unique()
    .where(sql.ref("productCode"), "is", null)
    .execute();
  // The product list, all warehouses, sorted by code or by name.
  await db.schema.createIndex("stock_items_tenant_code").on("stock_items").columns(["tenantId", "productCode"]).execute();
  await db.schema.createIndex("stock_items_tenant_name").on("stock_items").columns(["tenantId", "productName"]).execute();
  await db.schema.createIndex("stock_items_warehouseId").on("stock_items").column("warehouseId").execute();

  await db.schema
    .createTable("tasks")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`"status" in ('queued', 'running', 'done', 'failed')`),
    )
    // The kind's input, as JSON text (the same on both dialects).
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("errors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("errorText", "text")
    .addColumn("message", "text")
    // A deleted user's tasks stay in the tenant's history.
    .addColumn("createdBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("startedAt", "text")
    .addColumn("finishedAt", "text")
    // Written every few seconds by the worker running the task; a 'running' task whose
    // heartbeat stopped belongs to a process that is gone.
    .addColumn("heartbeatAt", "text")
    .addColumn("claimedBy", "text")
    .execute();
  // The worker's "next queued task" and the stale-task sweep; the tenant's task list.
  await db.schema.createIndex("tasks_status_id").on("tasks").columns(["status", "id"]).execute();
  await db.schema.createIndex("tasks_tenantId_id").on("tasks").columns(["tenantId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["tasks", "stock_items", "warehouses"]) {
    await db.schema.dropTable(table).execute();
  }
}
