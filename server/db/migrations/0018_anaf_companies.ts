/**
 * What ANAF last said of each CUI (server/anaf/lookup.ts): global, not per tenant, because ANAF's
 * public data is the same for every tenant. `state` is active | inactive | struckOff | notFound;
 * `company` the JSON of the company as read (null when ANAF did not know the CUI); `checkedAt`
 * the database's clock when ANAF answered (ISO-8601 UTC text, as every time here). A row younger
 * than a day answers a lookup without asking ANAF; older ones stay as the last known state.
 * Frozen like every migration: it imports nothing from the application.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("anaf_companies")
    .addColumn("cui", "text", (c) => c.primaryKey())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("company", "text")
    .addColumn("checkedAt", "text", (c) => c.notNull())
    .execute();
  // The periodic refresh reads the oldest answers first.
  await db.schema.createIndex("anaf_companies_checked_at").on("anaf_companies").column("checkedAt").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("anaf_companies").execute();
}
