/**
 * The CUIs a process of the fleet is reading again from ANAF right now (tasks/kinds/anafRefresh.ts):
 * a CUI is claimed by inserting its row, so two tenants' refreshes running at once on two
 * processes never both ask ANAF for a CUI their customers share. A row is removed when its run
 * ends; one whose process died is free again after `claimedUntil` (ISO-8601 UTC text).
 * Frozen like every migration: it imports nothing from the application.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("anaf_refresh_claims")
    .addColumn("cui", "text", (c) => c.primaryKey())
    .addColumn("claimedUntil", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("anaf_refresh_claims").execute();
}
