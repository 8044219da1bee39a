/**
 * Per-tenant settings (the 'Configurare parametrii' screen), e.g. a tenant's SmartBill
 * connection. Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Names compare and sort byte by byte on both dialects (SQLite's default; PostgreSQL's would
  // follow the server's locale), so the settings list has the same order everywhere.
  const nameType = postgres ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable("properties")
    // No cascade: a tenant that still has settings is not deleted (tenants.repository.ts).
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    .addColumn("name", nameType, (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("properties_pk", ["tenantId", "name"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("properties").execute();
}
