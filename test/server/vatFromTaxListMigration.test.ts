/**
 * Migration 0017 on both dialects: where a tenant's SmartBill tax list is known, its catalogue's
 * VAT percents (and those of its unsent invoices' lines) become their tax's rate and spelling in
 * the list; a tax the list lacks, a sent invoice and a tenant with no list are left alone; a price
 * of 0 becomes not set (null), a real price stays; the ids go on; going down puts 0 back.
 */
import { type Kysely, Migrator } from "kysely";
import { afterAll, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import { migrations } from "../../server/db/migrations/index";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";

afterAll(removeTemporaryDatabases);

const BEFORE = "0016_customer_folded_text";
const MIGRATION = "0017_vat_from_tax_list";

describeEachDialect("migration 0017: VAT from the tenant's SmartBill tax list, prices not set", (dialect) => {
  it("corrects the stale VAT of the catalogue and unsent lines where the list is known, turns 0 prices into not set, and goes back down", async () => {
    // Kysely<any>: the tables as they were before the migration, not as the app types them now.
    const db: Kysely<any> = createDatabase(await freshDatabaseUrl(dialect));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const now = new Date().toISOString();
      const tenant = async (name: string) =>
        (await db.insertInto("tenants").values({ name, createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow()).id as number;
      const known = await tenant("Cu Cote SRL");
      const unknown = await tenant("Fără Cote SRL");
      await db
        .insertInto("tax_lists")
        .values({
          tenantId: known,
          taxes: JSON.stringify([
            { name: "Normala", percentage: 21 },
            { name: "Redusa", percentage: 11 },
            { name: "Taxare inversa", percentage: 0 },
          ]),
          readAt: now,
        })
        .execute();

      const product = (tenantId: number, code: string, taxName: string, taxPercentage: number, price: number) => ({
        tenantId, code, name: code, unit: "buc", price, currency: "RON", taxName, taxPercentage, isService: 0, createdAt: now, updatedAt: now,
      });
      await db
        .insertInto("products")
        .values([
          product(known, "STOC-1", "Normala", 19, 0),
          product(known, "MIC", "normală", 19, 12.5),
          product(known, "CARTE", "Redusa", 9, 40),
          product(known, "BUN", "Normala", 21, 100),
          product(known, "SCUTIT", "Scutit", 0, 5),
          product(unknown, "STOC-1", "Normala", 19, 0),
          product(known, "STERS", "Normala", 19, 1),
        ])
        .execute();
      // The highest id deleted: the sequence must not give it again.
      const deleted = await db.deleteFrom("products").where("code", "=", "STERS").returning("id").executeTakeFirstOrThrow();

      const invoice = async (tenantId: number, status: string) =>
        (
          await db
            .insertInto("invoices")
            .values({
              tenantId, issueDate: "2026-01-05", dueDays: 14, useStock: 0, draft: 0, saveToDb: 0, seriesName: "SBL", currency: "RON",
              language: "RO", precision: 2, status, createdAt: now, updatedAt: now,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id as number;
      const line = (invoiceId: number, name: string, taxName: string, taxPercentage: number) => ({
        invoiceId, name, code: name, quantity: 1, price: 10, measuringUnitName: "buc", currency: "RON", taxName, taxPercentage,
        saveToDb: 0, service: 0, warehouseName: "", createdAt: now, updatedAt: now,
      });
      const draft = await invoice(known, "draft");
      const refused = await invoice(known, "refused");
      const sent = await invoice(known, "sent");
      const elsewhere = await invoice(unknown, "draft");
      await db
        .insertInto("invoice_lines")
        .values([
          line(draft, "D1", "Normala", 19),
          line(draft, "D2", "redusa", 9),
          line(draft, "D3", "Scutit", 0),
          line(refused, "R1", "Normala", 19),
          line(sent, "S1", "Normala", 19),
          line(elsewhere, "E1", "Normala", 19),
        ])
        .execute();

      expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

      const products = await db.selectFrom("products").select(["tenantId", "code", "taxName", "taxPercentage", "price"]).orderBy("id").execute();
      expect(products.map((row) => ({ ...row, taxPercentage: Number(row.taxPercentage), price: row.price === null ? null : Number(row.price) }))).toEqual([
        { tenantId: known, code: "STOC-1", taxName: "Normala", taxPercentage: 21, price: null },
        { tenantId: known, code: "MIC", taxName: "Normala", taxPercentage: 21, price: 12.5 },
        { tenantId: known, code: "CARTE", taxName: "Redusa", taxPercentage: 11, price: 40 },
        { tenantId: known, code: "BUN", taxName: "Normala", taxPercentage: 21, price: 100 },
        { tenantId: known, code: "SCUTIT", taxName: "Scutit", taxPercentage: 0, price: 5 },
        { tenantId: unknown, code: "STOC-1", taxName: "Normala", taxPercentage: 19, price: null },
      ]);
      const lines = await db.selectFrom("invoice_lines").select(["name", "taxName", "taxPercentage"]).orderBy("id").execute();
      expect(lines.map((row) => `${row.name} ${row.taxName} ${Number(row.taxPercentage)}`)).toEqual([
        "D1 Normala 21",
        "D2 Redusa 11",
        "D3 Scutit 0",
        "R1 Normala 21",
        "S1 Normala 19",
        "E1 Normala 19",
      ]);

      // A price not set can be stored now; a negative one still cannot; the ids go on past the deleted one.
      const { id: next } = await db.insertInto("products").values({ ...product(known, "NOU", "Normala", 21, 0), price: null }).returning("id").executeTakeFirstOrThrow();
      expect(next).toBeGreaterThan(deleted.id);
      await expect(db.insertInto("products").values(product(known, "NEG", "Normala", 21, -1)).execute()).rejects.toThrow();
      await expect(db.insertInto("products").values(product(known, "NOU", "Normala", 21, 1)).execute()).rejects.toThrow();

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const prices = await db.selectFrom("products").select(["code", "price"]).where("tenantId", "=", known).orderBy("id").execute();
      expect(prices.map((row) => `${row.code} ${Number(row.price)}`)).toEqual(["STOC-1 0", "MIC 12.5", "CARTE 40", "BUN 100", "SCUTIT 5", "NOU 0"]);
      await expect(db.insertInto("products").values({ ...product(known, "NUL", "Normala", 21, 0), price: null }).execute()).rejects.toThrow();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
    }
  });
});
