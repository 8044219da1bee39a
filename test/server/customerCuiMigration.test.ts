/**
 * Migration 0019 on both dialects: the customers already stored get their CIF's CUI (the digits
 * of a valid Romanian CIF however it was written; null for a foreign VAT code, a wrong control
 * digit, a person's '-'), in every batch of a long table; going down takes the column away.
 */
import { type Kysely, Migrator } from "kysely";
import { afterAll, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import { migrations } from "../../server/db/migrations/index";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";

afterAll(removeTemporaryDatabases);

const BEFORE = "0017_vat_from_tax_list";
const MIGRATION = "0019_customer_cui";

/** More customers than the migration reads at a time, so the last ones are in a later batch. */
const MANY = 1205;

describeEachDialect("migration 0019: customers' CUI", (dialect) => {
  it("fills the CUI of the customers already stored, null where the CIF has none, and goes back down", async () => {
    // Kysely<any>: the tables as they were before the migration, not as the app types them now.
    const db: Kysely<any> = createDatabase(await freshDatabaseUrl(dialect));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const now = new Date().toISOString();
      const { id: tenantId } = await db.insertInto("tenants").values({ name: "Cu Clienți SRL", createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
      const customer = (codClient: string, cif: string) => ({ tenantId, codClient, cif, clientName: codClient, createdAt: now, updatedAt: now });
      const named = [
        customer("PLAIN", "18547290"),
        customer("RO", "RO18547290"),
        customer("SPACED", "ro 185 472 90"),
        customer("DOTTED", "18.547.290"),
        customer("WRONG", "RO18547291"),
        customer("FOREIGN", "DE123456789"),
        customer("PERSON", "-"),
        customer("EMPTY", ""),
      ];
      await db.insertInto("customers").values(named).execute();
      const many = Array.from({ length: MANY }, (_, i) => customer(`M${i}`, "RO18547290"));
      for (let start = 0; start < many.length; start += 200) await db.insertInto("customers").values(many.slice(start, start + 200)).execute();

      expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

      const cuis = await db.selectFrom("customers").select(["codClient", "cui"]).orderBy("id").execute();
      expect(cuis.slice(0, named.length)).toEqual([
        { codClient: "PLAIN", cui: "18547290" },
        { codClient: "RO", cui: "18547290" },
        { codClient: "SPACED", cui: "18547290" },
        { codClient: "DOTTED", cui: "18547290" },
        { codClient: "WRONG", cui: null },
        { codClient: "FOREIGN", cui: null },
        { codClient: "PERSON", cui: null },
        { codClient: "EMPTY", cui: null },
      ]);
      expect(cuis.slice(named.length).filter((row) => row.cui !== "18547290")).toEqual([]);
      expect(cuis).toHaveLength(named.length + MANY);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await expect(db.selectFrom("customers").select("cui").execute()).rejects.toThrow();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
    }
  });
});
