/**
 * The home's largest readings are answered from their partial indexes alone on SQLite
 * (migrations 0023 and 0025): what was invoiced by day and currency, what was received, what is
 * owed by due date and by customer. Without the conditions' columns in the index, every row of
 * 13 months was also read from its table (bench:home: about a third of the home's time).
 */
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import { migrateToLatest } from "../../server/db/migrate";
import { countedAsInvoiced, owing } from "../../server/routes/api/invoices/countedAsInvoiced";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";

afterAll(removeTemporaryDatabases);

describe("the home's readings on SQLite", () => {
  it("read only their covering indexes", async () => {
    const db = createDatabase(await freshDatabaseUrl("sqlite"));
    try {
      await migrateToLatest(db);
      const plan = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
        const compiled = query.compile();
        const { rows } = await sql.raw<{ detail: string }>(`explain query plan ${compiled.sql}`).execute(db.withoutPlugins());
        return rows.map((row) => row.detail).join(" | ");
      };
      const withParameters = (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => ({
        compile: () => {
          const compiled = query.compile();
          let i = 0;
          return { sql: compiled.sql.replace(/\?/g, () => `'${String(compiled.parameters[i++])}'`), parameters: [] };
        },
      });
      const invoiced = db
        .selectFrom("invoices")
        .select(["currency", "issueDate", sql`sum("sentTotal")`.as("amount")])
        .where("tenantId", "=", 2)
        .where(countedAsInvoiced())
        .where("issueDate", ">=", "2025-11-01")
        .where("issueDate", "<", "2026-12-01")
        .groupBy(["issueDate", "currency"]);
      expect(await plan(withParameters(invoiced))).toMatch(/COVERING INDEX invoices_invoiced/);
      const received = db
        .selectFrom("invoice_payments")
        .select(["currency", "date", sql`sum(amount)`.as("amount")])
        .where("tenantId", "=", 2)
        .where(sql<boolean>`status = 'recorded'`)
        .where("date", ">=", "2025-11-01")
        .where("date", "<", "2026-12-01")
        .groupBy(["date", "currency"]);
      expect(await plan(withParameters(received))).toMatch(/COVERING INDEX invoice_payments_received/);
      const byDueDate = db.selectFrom("invoices").select(["currency", "dueDate", sql`sum(unpaid)`.as("amount")]).where("tenantId", "=", 2).where(owing()).groupBy(["dueDate", "currency"]);
      expect(await plan(withParameters(byDueDate))).toMatch(/COVERING INDEX invoices_unpaid\b/);
      const byClient = db.selectFrom("invoices").select(["clientId", "currency", sql`sum(unpaid)`.as("amount")]).where("tenantId", "=", 2).where(owing()).groupBy(["clientId", "currency"]);
      expect(await plan(withParameters(byClient))).toMatch(/COVERING INDEX invoices_unpaid_client/);
    } finally {
      await db.destroy();
    }
  });
});
