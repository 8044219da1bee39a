/**
 * e-Factura (ANAF's SPV), read with the company's own authorisation:
 * - efactura_connections: one row per connected tenant. Its OAuth tokens are encrypted at rest
 *   (AES-256-GCM with EFACTURA_TOKEN_KEY, server/efactura/tokenCipher.ts), never stored plain.
 * - efactura_authorizations: an authorisation started at ANAF and not yet come back: its `state`
 *   (single-use) and PKCE verifier, so only the browser that started it can finish it.
 * - efactura_messages: every SPV message read for a tenant, once (tenant + ANAF's id), with what
 *   was read from its ZIP (the signed invoice, or ANAF's errors) and the ZIP itself when archived:
 *   in `archive`, or as a file in EFACTURA_ARCHIVE_DIR named by `archivePath`.
 * - efactura_usage: calls made to ANAF per CIF, Romanian day and counted operation, shared by every
 *   process of a fleet, so together they stay within ANAF's daily limits.
 * - invoices: the SPV status of a sent invoice, and the message that set it.
 * Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("efactura_connections")
    .addColumn("tenantId", "integer", (c) => c.primaryKey().references("tenants.id"))
    .addColumn("cif", "text", (c) => c.notNull())
    .addColumn("accessToken", "text", (c) => c.notNull())
    .addColumn("refreshToken", "text", (c) => c.notNull())
    .addColumn("accessExpiresAt", "text", (c) => c.notNull())
    .addColumn("refreshExpiresAt", "text", (c) => c.notNull())
    .addColumn("connectedAt", "text", (c) => c.notNull())
    .addColumn("connectedByUserId", "integer")
    .addColumn("connectedByEmail", "text", (c) => c.notNull())
    .addColumn("refreshedAt", "text")
    // A refresh in progress holds the row since then: ANAF's refresh tokens rotate, so two at once would lose one.
    .addColumn("refreshStartedAt", "text")
    // Why the last refresh or sync failed (Romanian); null when it went well.
    .addColumn("problem", "text")
    .addColumn("syncedAt", "text")
    // Messages created before this instant (Unix ms) were all read.
    .addColumn("syncedUntilMs", "bigint")
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("efactura_authorizations")
    .addColumn("state", "text", (c) => c.primaryKey())
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    .addColumn("userId", "integer", (c) => c.notNull())
    .addColumn("userEmail", "text", (c) => c.notNull())
    .addColumn("codeVerifier", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("efactura_messages")
    .addColumn("id", postgres ? "serial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    .addColumn("messageId", "text", (c) => c.notNull())
    // ANAF's `tip`, as written: 'FACTURA TRIMISA', 'ERORI FACTURA', 'FACTURA PRIMITA', …
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("uploadId", "text")
    .addColumn("cif", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    // data_creare as an ISO instant.
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("readAt", "text", (c) => c.notNull())
    // Read from the ZIP: the invoice's number (cbc:ID), dates, parties and total; or ANAF's errors.
    .addColumn("number", "text")
    .addColumn("issueDate", "text")
    .addColumn("dueDate", "text")
    .addColumn("supplierName", "text")
    .addColumn("supplierCif", "text")
    .addColumn("buyerName", "text")
    .addColumn("buyerCif", "text")
    .addColumn("total", postgres ? "double precision" : "real")
    .addColumn("currency", "text")
    .addColumn("errorText", "text")
    .addColumn("invoiceId", "integer", (c) => c.references("invoices.id").onDelete("set null"))
    .addColumn("archive", postgres ? "bytea" : "blob")
    .addColumn("archivePath", "text")
    .addColumn("archivedAt", "text")
    .execute();
  await db.schema.createIndex("efactura_messages_tenantId_messageId").on("efactura_messages").columns(["tenantId", "messageId"]).unique().execute();
  // 'Facturi primite': a tenant's messages of one type, newest first.
  await db.schema.createIndex("efactura_messages_tenantId_type_createdAt").on("efactura_messages").columns(["tenantId", "type", "createdAt"]).execute();
  await db.schema.createIndex("efactura_messages_invoiceId").on("efactura_messages").column("invoiceId").execute();

  await db.schema
    .createTable("efactura_usage")
    .addColumn("cif", "text", (c) => c.notNull())
    // Romania's date: ANAF's days.
    .addColumn("day", "text", (c) => c.notNull())
    // 'list', 'status', or 'download:<message id>' (ANAF counts downloads per message).
    .addColumn("operation", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("efactura_usage_pk", ["cif", "day", "operation"])
    .execute();

  await db.schema
    .alterTable("invoices")
    .addColumn("efacturaStatus", "text", (c) => c.check(sql`"efacturaStatus" in ('sent', 'validated', 'rejected')`))
    .execute();
  await db.schema.alterTable("invoices").addColumn("efacturaMessageId", "integer").execute();
  await db.schema.alterTable("invoices").addColumn("efacturaError", "text").execute();
  await db.schema.alterTable("invoices").addColumn("efacturaUpdatedAt", "text").execute();
  await db.schema.createIndex("invoices_tenantId_efacturaStatus").on("invoices").columns(["tenantId", "efacturaStatus"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("invoices_tenantId_efacturaStatus").execute();
  for (const column of ["efacturaUpdatedAt", "efacturaError", "efacturaMessageId", "efacturaStatus"]) {
    await db.schema.alterTable("invoices").dropColumn(column).execute();
  }
  await db.schema.dropTable("efactura_usage").execute();
  await db.schema.dropTable("efactura_messages").execute();
  await db.schema.dropTable("efactura_authorizations").execute();
  await db.schema.dropTable("efactura_connections").execute();
}
