/**
 * SmartBill answers a send while the database refuses the write of its outcome: the clerk gets
 * 503, and the invoice is not left `sending` until its claim goes stale (5 minutes) — it is put
 * back as `unclear` as soon as the database takes writes again, and the next send confirms it
 * from SmartBill's series at once, issuing nothing twice. The database goes away for real, in
 * the very moment the emulator takes the POST: SQLite refuses every write (`query_only`);
 * PostgreSQL's database stops accepting connections and the app's are ended.
 */
import { sql } from "kysely";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import type { InvoiceSendResult } from "../../contract/api";
import { messages } from "../../server/messages";
import type { EmulatorInvoice, EmulatorState } from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addDraftInvoice } from "../helpers/sentInvoices";
import { emulator, eventually, liveApp } from "../helpers/smartbillData";

afterAll(removeTemporaryDatabases);

describeEachDialect("a send whose outcome could not be stored", (dialect) => {
  it("is confirmed from SmartBill by the next send once the database is back, not held for the claim's 5 minutes", async () => {
    let away: (() => Promise<void>) | undefined;
    let back: (() => Promise<void>) | undefined;
    const t = await liveApp(dialect, {
      prepare(app) {
        app.addHook("onRequest", async (request) => {
          if (request.method === "POST" && request.url.endsWith("/SBORO/api/invoice/v2") && away) {
            const goAway = away;
            away = undefined;
            await goAway();
          }
        });
      },
    });
    const admin = dialect === "postgres" ? new pg.Client({ connectionString: t.databaseUrl.replace(/\/[^/]*$/, "/postgres") }) : undefined;
    try {
      const session = await t.signIn("facturare@demo.ro");
      const invoiceId = await addDraftInvoice(t, await addCustomer(t));

      if (admin) {
        await admin.connect();
        const name = new URL(t.databaseUrl).pathname.slice(1);
        away = async () => {
          await admin.query(`alter database "${name}" allow_connections false`);
          await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
        };
        back = async () => {
          await admin.query(`alter database "${name}" allow_connections true`);
        };
      } else {
        away = async () => {
          await sql`pragma query_only = on`.execute(t.db);
        };
        back = async () => {
          await sql`pragma query_only = off`.execute(t.db);
        };
      }

      const lost = await t.api("POST", `/api/smartbill/invoice/send/${invoiceId}`, { session });
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toEqual({ message: messages.serviceUnavailable });
      expect(away).toBeUndefined(); // the database went away while SmartBill issued the invoice
      const issued = ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0].invoices as EmulatorInvoice[];
      expect(issued).toHaveLength(1);

      await back();
      // Put back as soon as the database takes writes: unclear, with the attempt to check.
      await eventually(async () => {
        const row = await t.db.selectFrom("invoices").select("status").where("id", "=", invoiceId).executeTakeFirst().catch(() => undefined);
        return row?.status === "unclear";
      }, 30_000);

      const again = await t.api("POST", `/api/smartbill/invoice/send/${invoiceId}`, { session });
      expect(again.statusCode, again.body).toBe(200);
      const { invoice } = again.json<InvoiceSendResult>();
      expect(invoice.status).toBe("sent");
      expect(invoice.sentNumber).toBe(issued[0].number);
      // Nothing issued twice.
      expect(((await emulator(t, "GET", "/state")) as EmulatorState).companies[0].invoices).toHaveLength(1);
    } finally {
      await admin?.end();
      await t.close();
    }
  }, 60_000);
});
