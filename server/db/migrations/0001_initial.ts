/**
 * Tenants, users, roles and everything sign-in needs. Frozen: once released, never edit a
 * migration; add the next one. It therefore imports nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // The one dialect difference: how an integer key is generated.
  const idType = postgres ? "serial" : "integer";
  // Times are ISO-8601 UTC text on both dialects (see server/db/database.ts).
  const time = "text";

  await db.schema
    .createTable("tenants")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("description", "text")
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("passwordHash", "text")
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_tenantId").on("users").column("tenantId").execute();

  await db.schema
    .createTable("roles")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("roleId", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_roles_pk", ["userId", "roleId"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("revokedAt", time)
    .execute();
  await db.schema.createIndex("sessions_userId").on("sessions").column("userId").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("sessionId", "text", (c) =>
      c.notNull().references("sessions.id").onDelete("cascade"),
    )
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("usedAt", time)
    .execute();
  await db.schema
    .createIndex("refresh_tokens_sessionId")
    .on("refresh_tokens")
    .column("sessionId")
    .execute();

  await db.schema
    .createTable("password_tokens")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`"kind" in ('set', 'reset')`))
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("usedAt", time)
    .execute();
  await db.schema
    .createIndex("password_tokens_userId")
    .on("password_tokens")
    .column("userId")
    .execute();

  await db.schema
    .createTable("login_failures")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("windowStartedAt", time, (c) => c.notNull())
    .addColumn("lockedUntil", time)
    .execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("sentAt", time)
    .execute();

  await db.schema
    .createTable("secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "secrets",
    "outbox",
    "login_failures",
    "password_tokens",
    "refresh_tokens",
    "sessions",
    "user_roles",
    "roles",
    "users",
    "tenants",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
