/**
 * receivable_months (migration 0026): what was invoiced and received per tenant, currency and
 * month, moved by recountReceivable() through every write, always equal to the sums recomputed
 * from the base rows (invoices counted as invoiced, payments recorded), on both databases; and
 * under concurrent writes, each contribution added exactly once.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, Migrator } from "kysely";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { InvoiceReverseResult, LoginResponse } from "../../contract/api";
import { recountReceivable } from "../../server/routes/api/invoices/receivable";
import { createDatabase } from "../../server/db/connection";
import { migrations } from "../../server/db/migrations/index";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const cents = (amount: number) => Math.round(amount * 100) / 100;

describeEachDialect("receivable_months, the monthly sums of what was invoiced and received", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let clientId: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    invoicing = await t.signIn("facturare@demo.ro");
    clientId = await addCustomer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
  });

  /** Every non-zero cell, keyed "tenant currency month", in cents. */
  const cells = async () => {
    const rows = await t.db.selectFrom("receivable_months").selectAll().execute();
    const found: Record<string, { invoiced: number; received: number }> = {};
    for (const row of rows) {
      const cell = { invoiced: cents(Number(row.invoiced)), received: cents(Number(row.received)) };
      if (cell.invoiced !== 0 || cell.received !== 0) found[`${row.tenantId} ${row.currency} ${row.month}`] = cell;
    }
    return found;
  };
  /** The same sums from the base rows, by the home's rules (contract §1), not from the stored contributions. */
  const recomputed = async () => {
    const found: Record<string, { invoiced: number; received: number }> = {};
    const cell = (key: string) => (found[key] ??= { invoiced: 0, received: 0 });
    const invoices = await t.db
      .selectFrom("invoices")
      .select(["tenantId", "currency", "issueDate", "sentTotal"])
      .where("documentType", "=", "invoice")
      .where("status", "=", "sent")
      .where("cancelledAt", "is", null)
      .where("deletedAt", "is", null)
      .where("sentTotal", "is not", null)
      .execute();
    for (const row of invoices) cell(`${row.tenantId} ${row.currency} ${row.issueDate.slice(0, 7)}`).invoiced += Number(row.sentTotal);
    const payments = await t.db
      .selectFrom("invoice_payments")
      .innerJoin("invoices", "invoices.id", "invoice_payments.invoiceId")
      .select(["invoices.tenantId", "invoices.currency", "invoice_payments.date", "invoice_payments.amount"])
      .where("invoice_payments.status", "=", "recorded")
      .execute();
    for (const row of payments) cell(`${row.tenantId} ${row.currency} ${row.date.slice(0, 7)}`).received += Number(row.amount);
    for (const [key, value] of Object.entries(found)) {
      found[key] = { invoiced: cents(value.invoiced), received: cents(value.received) };
      if (found[key].invoiced === 0 && found[key].received === 0) delete found[key];
    }
    return found;
  };
  const ok = async (method: "POST" | "DELETE", url: string, body?: object) => {
    const response = await t.api(method, url, { session: invoicing, ...(body ? { body } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const pay = (id: number, amount: number, date: string, type = "Ordin plata") =>
    ok("POST", `/api/smartbill/invoice/${id}/payments`, { requestId: randomUUID(), amount, date, type });
  const paymentsOf = (id: number) => t.db.selectFrom("invoice_payments").select(["id", "status"]).where("invoiceId", "=", id).orderBy("id").execute();

  it("equal the sums recomputed from the invoices and payments after every kind of write", async () => {
    const check = async () => expect(await cells()).toEqual(await recomputed());

    const a = await addSentInvoice(t, invoicing, clientId, { issueDate: "2026-08-31" });
    const b = await addSentInvoice(t, invoicing, clientId, { issueDate: "2026-09-02" });
    const c = await addSentInvoice(t, invoicing, clientId, { issueDate: "2026-09-03" });
    const d = await addSentInvoice(t, invoicing, clientId, { issueDate: "2026-09-04" });
    await check();
    expect((await cells())["2 RON 2026-09"]?.invoiced).toBeGreaterThanOrEqual(363);

    await pay(a, 21, "2026-09-01");
    await pay(b, 50.5, "2026-10-01");
    await pay(c, 10, "2026-09-05", "Chitanta");
    await check();

    // A payment deleted; a cash payment's receipt deleted (its payment with it).
    const [paymentOfB] = await paymentsOf(b);
    await ok("DELETE", `/api/smartbill/invoice/${b}/payments/${paymentOfB.id}`);
    await check();
    const [paymentOfC] = await paymentsOf(c);
    const receipt = await t.db.selectFrom("receipts").select("id").where("paymentId", "=", paymentOfC.id).executeTakeFirst();
    if (receipt) await ok("DELETE", `/api/smartbill/receipt/${receipt.id}`);
    else await ok("DELETE", `/api/smartbill/invoice/${c}/payments/${paymentOfC.id}`);
    expect((await paymentsOf(c)).map((row) => row.status)).toEqual(["deleted"]);
    await check();

    // Cancelled, restored, deleted from SmartBill, reversed (the storno in its own month, negative).
    await ok("POST", `/api/smartbill/invoice/${a}/cancel`);
    await check();
    await ok("POST", `/api/smartbill/invoice/${a}/restore`);
    await check();
    // SmartBill deletes only the last of a series.
    await ok("DELETE", `/api/smartbill/invoice/${d}/smartbill`);
    await check();
    const reversed = await ok("POST", `/api/smartbill/invoice/${c}/reverse`, { requestId: randomUUID(), issueDate: "2026-10-02" });
    const stornoId = reversed.json<InvoiceReverseResult>().storno.id;
    expect(Number((await t.db.selectFrom("invoices").select("countedTotal").where("id", "=", stornoId).executeTakeFirstOrThrow()).countedTotal)).toBe(-121);
    await check();

    // Recounting again changes nothing: each contribution is added once.
    for (const id of [a, b, c, d, stornoId]) await recountReceivable(t.db, id);
    await check();

    // A row removed outright (by hand; the product never does) takes its contribution with it, payments too.
    await pay(a, 30, "2026-09-07");
    await check();
    await t.db.deleteFrom("invoices").where("id", "in", [a, b]).execute();
    await check();
  });

  it("add each contribution once when many payments and recounts run at the same time", async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => addSentInvoice(t, invoicing, clientId, { issueDate: "2026-11-02" })));
    // Recorded in parallel, each on its own invoice, all in one month's cell.
    await Promise.all(ids.map((id) => pay(id, 12.34, "2026-11-20")));
    expect(await cells()).toEqual(await recomputed());

    // Two "processes" (three here) recounting the same invoices at once, as after a write each
    // made: the contributions put back to "not yet moved" (the stored amounts to 0 and the cell
    // without them), then moved by every recount in parallel, must be added exactly once.
    await t.db.updateTable("invoice_payments").set({ countedAmount: 0 }).where("invoiceId", "in", ids).execute();
    await t.db.updateTable("invoices").set({ countedTotal: 0 }).where("id", "in", ids).execute();
    await t.db
      .updateTable("receivable_months")
      .set((eb) => ({ invoiced: eb("invoiced", "-", 6 * 121), received: eb("received", "-", 6 * 12.34) }))
      .where("tenantId", "=", DEMO_TENANT)
      .where("currency", "=", "RON")
      .where("month", "=", "2026-11")
      .execute();
    expect(await cells()).not.toEqual(await recomputed());
    await Promise.all(ids.flatMap((id) => [1, 2, 3].map(() => t.db.transaction().execute((trx) => recountReceivable(trx, id)))));
    expect(await cells()).toEqual(await recomputed());
  });

  it("are filled in by the migration from the rows already there (the same backfill the bench runs)", async () => {
    const { backfillReceivableMonths } = await import("../../server/db/migrations/0026_receivable_months");
    const expected = await recomputed();
    await t.db.deleteFrom("receivable_months").execute();
    await t.db.updateTable("invoices").set({ countedTotal: 0 }).execute();
    await backfillReceivableMonths(t.db);
    expect(await cells()).toEqual(expected);
  });

  it("go back down with the migration (the table, both columns and the triggers), and up again", async () => {
    const db: Kysely<any> = createDatabase(await freshDatabaseUrl(dialect));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect((await migrator.migrateTo("0025_covering_receivable_indexes")).error).toBeUndefined();
      const tables = await db.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain("receivable_months");
      expect(tables.find((table) => table.name === "invoices")!.columns.map((column) => column.name)).not.toContain("countedTotal");
      expect(tables.find((table) => table.name === "invoice_payments")!.columns.map((column) => column.name)).not.toContain("countedAmount");
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
    }
  });
});
