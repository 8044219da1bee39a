/**
 * Migration 0009 on both dialects: the lines of invoices made before it (in `invoice_products`)
 * are in `invoice_lines` afterwards, every row and id as it was, new lines continue the ids, an
 * invoice's deletion still takes its lines, and going back down restores the old table.
 */
import { type Kysely, Migrator, sql } from "kysely";
import { afterAll, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import { migrations } from "../../server/db/migrations/index";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";

afterAll(removeTemporaryDatabases);

const BEFORE = "0008_fair_tasks";
const RENAME = "0009_invoice_lines";

describeEachDialect("migration 0009: invoice_products becomes invoice_lines", (dialect) => {
  it("keeps every line, its id and its invoice, continues the ids, cascades, and goes back down", async () => {
    // Kysely<any>: the tables as they were before the migration, not as the app types them now.
    const db: Kysely<any> = createDatabase(await freshDatabaseUrl(dialect));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const now = new Date().toISOString();
      const { id: tenantId } = await db.insertInto("tenants").values({ name: "Linii SRL", createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
      const invoice = { tenantId, issueDate: "2026-01-05", dueDays: 14, useStock: 0, draft: 1, saveToDb: 0, seriesName: "SBL", currency: "RON", language: "RO", precision: 2, createdAt: now, updatedAt: now };
      const { id: invoiceId } = await db.insertInto("invoices").values(invoice).returning("id").executeTakeFirstOrThrow();
      const line = (name: string) => ({
        invoiceId, name, code: name, quantity: 1.5, price: 10.01, measuringUnitName: "buc", currency: "RON", taxName: "Normala",
        taxPercentage: 21, saveToDb: 0, service: 1, warehouseName: "Depozit", createdAt: now, updatedAt: now,
      });
      await db.insertInto("invoice_products").values([line("Ștergător"), line("Țeavă"), line("Ac")]).execute();
      const before = await db.selectFrom("invoice_products").selectAll().orderBy("id").execute();

      expect((await migrator.migrateTo(RENAME)).error).toBeUndefined();
      expect(await db.selectFrom("invoice_lines").selectAll().orderBy("id").execute()).toEqual(before);
      const { id: next } = await db.insertInto("invoice_lines").values(line("Nou")).returning("id").executeTakeFirstOrThrow();
      expect(next).toBeGreaterThan(before.at(-1)!.id);
      await expect(sql`select 1 from invoice_products`.execute(db)).rejects.toThrow();
      // No index, sequence or constraint keeps the old name.
      const leftovers =
        dialect === "postgres"
          ? sql`select relname as name from pg_class where relname like 'invoice!_products%' escape '!'
                union all select conname from pg_constraint where conname like 'invoice!_products%' escape '!'`
          : sql`select name from sqlite_master where name like 'invoice!_products%' escape '!'`;
      expect((await leftovers.execute(db)).rows).toEqual([]);

      const { id: otherInvoice } = await db.insertInto("invoices").values(invoice).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("invoice_lines").values({ ...line("Șters"), invoiceId: otherInvoice }).execute();
      await db.deleteFrom("invoices").where("id", "=", otherInvoice).execute();
      expect(await db.selectFrom("invoice_lines").select("id").where("invoiceId", "=", otherInvoice).execute()).toEqual([]);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect((await db.selectFrom("invoice_products").selectAll().orderBy("id").execute()).map((row) => row.id)).toEqual([...before.map((row) => row.id), next]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
    }
  });
});
