/**
 * The audit log: one row per state-changing call that succeeded, written in the same transaction
 * as the change (who, which tenant, what, on what, with what result, when, from where). It is the
 * record of what was done, so it outlives what it names: no foreign keys, the user's e-mail kept
 * as it was, and a deleted tenant's rows stay until AUDIT_RETENTION_DAYS removes them by age.
 * Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("audit_log")
    .addColumn("id", postgres ? "serial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("createdAt", "text", (c) => c.notNull())
    // The tenant whose data changed; null for a change of no tenant's data.
    .addColumn("tenantId", "integer")
    .addColumn("userId", "integer")
    .addColumn("userEmail", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text")
    .addColumn("targetLabel", "text")
    .addColumn("result", "text")
    .addColumn("clientAddress", "text", (c) => c.notNull())
    .execute();
  // A tenant's log newest first (the screen); everyone's (the super-admin, the retention's delete).
  await db.schema.createIndex("audit_log_tenantId_createdAt").on("audit_log").columns(["tenantId", "createdAt", "id"]).execute();
  await db.schema.createIndex("audit_log_createdAt").on("audit_log").columns(["createdAt", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
