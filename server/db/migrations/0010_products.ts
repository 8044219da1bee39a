/**
 * The tenant's product catalogue ('Nomenclator produse'): what it sells, by code, with the price,
 * currency and VAT its invoice lines start from. Kept up to date by the stock imports (code, name,
 * unit); price and tax are the clerk's. Frozen like every migration: it imports nothing from the
 * application.
 *
 * Money and percentages are doubles, as on invoice lines (PostgreSQL's numeric would reach
 * JavaScript as text); the service flag is an integer 0/1 on both dialects, as every flag.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = postgres ? "serial" : "integer";
  const realType = postgres ? "double precision" : "real";

  await db.schema
    .createTable("products")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // No cascade: a tenant that still has products is not deleted (tenants.repository.ts).
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    // SmartBill matches product codes exactly (case-sensitive), so uniqueness does too.
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull())
    .addColumn("price", realType, (c) => c.notNull().defaultTo(0).check(sql`"price" >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("RON"))
    .addColumn("taxName", "text", (c) => c.notNull())
    .addColumn("taxPercentage", realType, (c) => c.notNull().check(sql`"taxPercentage" >= 0 and "taxPercentage" <= 100`))
    .addColumn("isService", "integer", (c) => c.notNull().defaultTo(0).check(sql`"isService" in (0, 1)`))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("products_tenantId_code", ["tenantId", "code"])
    .execute();
  // The list sorted by name (by code: the unique constraint's index); the tie-break is the id.
  await db.schema.createIndex("products_tenantId_name").on("products").columns(["tenantId", "name", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("products").execute();
}
