/**
 * Imported invoices: an invoice request made from the import form and a workbook of
 * product lines, reviewed and edited, then sent to SmartBill exactly once. Frozen like every
 * migration: it imports nothing from the application.
 *
 * Booleans are integers 0/1 on both dialects (one mapping in the repository). Money and
 * quantities are doubles (PostgreSQL's numeric would reach JavaScript as text); SmartBill itself
 * takes JSON numbers.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = postgres ? "serial" : "integer";
  const realType = postgres ? "double precision" : "real";
  const flag = (name: string) => sql.raw(`"${name}" in (0, 1)`);

  await db.schema
    .createTable("invoices")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // No cascade: a tenant that still has invoices is not deleted (tenants.repository.ts).
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    // The client and the default warehouse may be removed later; the invoice keeps the id
    // (the list shows the raw id when the name is not found, as the spec says).
    .addColumn("clientId", "integer")
    .addColumn("warehouseId", "integer")
    .addColumn("issueDate", "text", (c) => c.notNull())
    .addColumn("dueDays", "integer", (c) => c.notNull().check(sql`"dueDays" >= 1`))
    .addColumn("useStock", "integer", (c) => c.notNull().check(flag("useStock")))
    .addColumn("mentions", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("observations", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("draft", "integer", (c) => c.notNull().check(flag("draft")))
    .addColumn("saveToDb", "integer", (c) => c.notNull().check(flag("saveToDb")))
    .addColumn("seriesName", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("precision", "integer", (c) => c.notNull())
    // Optimistic concurrency: every saved change of the form adds one; a stale PUT is a 409.
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("draft").check(sql`"status" in ('draft', 'sending', 'sent', 'refused', 'unclear')`),
    )
    // The send's record (exactly once): the series' next number read before the call, when the
    // call started, and what SmartBill answered.
    .addColumn("sendSeriesNextNumber", "integer")
    .addColumn("sendStartedAt", "text")
    .addColumn("sentSeries", "text")
    .addColumn("sentNumber", "text")
    .addColumn("sentMessage", "text")
    .addColumn("sentUrl", "text")
    .addColumn("errorText", "text")
    .addColumn("sentAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  // The list: a tenant's invoices, newest first.
  await db.schema.createIndex("invoices_tenantId_id").on("invoices").columns(["tenantId", "id"]).execute();

  await db.schema
    .createTable("invoice_products")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("invoiceId", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("quantity", realType, (c) => c.notNull())
    .addColumn("price", realType, (c) => c.notNull())
    .addColumn("measuringUnitName", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("taxName", "text", (c) => c.notNull())
    .addColumn("taxPercentage", realType, (c) => c.notNull())
    .addColumn("saveToDb", "integer", (c) => c.notNull().check(flag("saveToDb")))
    .addColumn("service", "integer", (c) => c.notNull().check(flag("service")))
    .addColumn("warehouseName", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  // An invoice's lines in the order they were imported or added.
  await db.schema.createIndex("invoice_products_invoiceId_id").on("invoice_products").columns(["invoiceId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_products").execute();
  await db.schema.dropTable("invoices").execute();
}
