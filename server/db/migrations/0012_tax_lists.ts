/**
 * The tenant's SmartBill tax list as last read, with when: used when SmartBill cannot be asked
 * (a lockout, the network), so a line's VAT comes from the last known list, dated on screen,
 * never from a rate assumed in advance. One row per tenant; `taxes` is the list as JSON text.
 * Frozen like every migration: it imports nothing from the application.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tax_lists")
    .addColumn("tenantId", "integer", (c) => c.primaryKey().references("tenants.id"))
    .addColumn("taxes", "text", (c) => c.notNull())
    .addColumn("readAt", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tax_lists").execute();
}
