/**
 * PostgreSQL answers the customer list's text searches from the folded copies of the searched
 * columns and their trigram indexes (migration 0016, customerSearch.ts): the copies hold what
 * `fold` makes of the text, follow every change of a row, and the search the list builds can be
 * read through the indexes instead of every row. With reading the whole table priced out, the
 * plan shows it. (Which plan wins on real data is bench:load's to show.)
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { customerTextSearch } from "../../server/routes/api/customers/customerSearch";
import { customerList } from "../../server/routes/api/customers/customers.repository";
import type { SearchTerm } from "../../server/routes/api/listQuery";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

describeEachDialect("the customers' folded text on PostgreSQL", (dialect) => {
  let t: TestApp;
  let tenantId: number;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    tenantId = (await t.db.selectFrom("tenants").select("id").where("name", "=", "Demo SRL").executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  /** The plan of the customers matching the terms when reading the whole table costs the most. */
  async function planOf(terms: SearchTerm[]): Promise<string> {
    const matches = await customerTextSearch(t.db, tenantId)!(terms);
    expect(matches).toBeDefined();
    return t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await trx.selectFrom("customers").select("id").where(matches!.where).explain();
      return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
    });
  }

  it.skipIf(dialect !== "postgres")("keeps each searched column folded in the row, through inserts and updates", async () => {
    const now = new Date().toISOString();
    const { id } = await t.db
      .insertInto("customers")
      .values({ tenantId, clientName: "Șerban Țăranu SRL", cif: "RO123", judet: "Timiș", localitate: "Timișoara", createdAt: now, updatedAt: now } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const folded = async () =>
      (await sql<{ name: string; county: string }>`select "clientNameFolded" as name, "judetFolded" as county from customers where id = ${id}`.execute(t.db)).rows[0];
    expect(await folded()).toEqual({ name: "serban taranu srl", county: "timis" });
    await t.db.updateTable("customers").set({ clientName: "ŞTEFAN ÎNTÂI" }).where("id", "=", id).execute();
    expect((await folded()).name).toBe("stefan intai");
  });

  it.skipIf(dialect !== "postgres")("reads a search of the searched columns, and a location filter, through the trigram indexes", async () => {
    const search = await planOf([{ columns: customerList.searchable, text: "alfa" }]);
    for (const column of ["clientName", "codClient", "cif", "email"]) expect(search).toContain(`customers_${column}_trigram`);
    expect(search).not.toMatch(/Seq Scan|fold\(|translate\(/);
    expect(await planOf([{ columns: ["customers.judet"], text: "cluj" }])).toContain("customers_judet_trigram");
  });
});
