/**
 * SmartBill's call budget shared by every process of a fleet (smartbill/sharedBudget.ts): one row
 * per API token, named by the token's SHA-256 (the token itself is a secret and stays in the
 * tenant's settings only). `calls` is the JSON list of the calls that still count against the
 * window, each with the instant it stops counting (epoch ms); the lockout and the hold SmartBill
 * announced are ISO-8601 UTC text, as every time here. Created on both dialects so the schema is
 * one; only PostgreSQL uses it (a single SQLite process keeps its budget in memory). Frozen like
 * every migration: it imports nothing from the application.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("smartbill_budget")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("calls", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("lockedUntil", "text")
    .addColumn("heldUntil", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("smartbill_budget").execute();
}
