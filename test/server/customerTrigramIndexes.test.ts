/**
 * PostgreSQL answers the customer list's text searches from trigram indexes (migration 0016):
 * the search expression the app builds (listQuery.ts textContains, `like … escape` included)
 * over the searched columns, and a location filter, can be read through the indexes instead of
 * every row. With reading the whole table priced out, the plan shows it: an index is used only
 * if it matches the app's own expression. (Which plan wins on real data is bench:load's to show:
 * with 20,000 customers the searches went from table scans to a BitmapOr of these indexes.)
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { customerList } from "../../server/routes/api/customers/customers.repository";
import { textContains } from "../../server/routes/api/listQuery";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

describeEachDialect("the customers' text search on PostgreSQL", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
  });
  afterAll(() => t.close());

  /** The plan of the customers matching `where` when reading the whole table costs the most. */
  async function planOf(where: ReturnType<typeof textContains>): Promise<string> {
    return t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await trx.selectFrom("customers").select("id").where(where).explain();
      return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
    });
  }

  it.skipIf(dialect !== "postgres")("can read a search of the searched columns, and a location filter, through the trigram indexes", async () => {
    const search = await planOf(textContains({ columns: customerList.searchable, text: "alfa" }));
    for (const column of ["clientName", "codClient", "cif", "email"]) expect(search).toContain(`customers_${column}_trigram`);
    expect(search).not.toMatch(/Seq Scan/);
    expect(await planOf(textContains({ columns: ["customers.judet"], text: "cluj" }))).toContain("customers_judet_trigram");
  });
});
