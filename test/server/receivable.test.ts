/**
 * What is owed on each document (invoices.sentTotal, dueDate, unpaid), kept by
 * recountReceivable() through every write, end to end through the app's own SmartBill emulator
 * as a clerk does it, on both databases; and migration 0023 filling in the rows already stored.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, Migrator } from "kysely";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { InvoiceReverseResult, LoginResponse } from "../../contract/api";
import { createDatabase } from "../../server/db/connection";
import { migrations } from "../../server/db/migrations/index";
import { recountReceivable } from "../../server/routes/api/invoices/receivable";
import { smartBillClientForTenant } from "../../server/smartbill/client";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addDraftInvoice, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { addSentProforma } from "../helpers/sentProformas";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

describeEachDialect("what is owed on a document (sentTotal, dueDate, unpaid)", (dialect) => {
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

  const stored = async (id: number) => {
    const row = await t.db.selectFrom("invoices").select(["sentTotal", "dueDate", "unpaid"]).where("id", "=", id).executeTakeFirstOrThrow();
    return { sentTotal: row.sentTotal === null ? null : Number(row.sentTotal), dueDate: row.dueDate, unpaid: Number(row.unpaid) };
  };
  const pay = (id: number, amount: number) =>
    t.api("POST", `/api/smartbill/invoice/${id}/payments`, {
      session: invoicing,
      body: { requestId: randomUUID(), amount, date: "2026-09-01", type: "Ordin plata" },
    });
  const action = async (method: "POST" | "DELETE", url: string, body?: object) => {
    const response = await t.api(method, url, { session: invoicing, ...(body ? { body } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it("owes nothing on a draft; a sent invoice owes its total with VAT from issueDate + dueDays", async () => {
    const draft = await addDraftInvoice(t, clientId);
    expect(await stored(draft)).toEqual({ sentTotal: null, dueDate: null, unpaid: 0 });
    const id = await addSentInvoice(t, invoicing, clientId, { issueDate: "2026-08-31" });
    expect(await stored(id)).toEqual({ sentTotal: 121, dueDate: "2026-09-14", unpaid: 121 });
  });

  it("a partly paid invoice owes the rest; the payment carries the invoice's tenant and currency", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    const response = await pay(id, 21);
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored(id)).unpaid).toBe(100);
    const payments = await t.db.selectFrom("invoice_payments").select(["tenantId", "currency", "status"]).where("invoiceId", "=", id).execute();
    expect(payments).toEqual([{ tenantId: DEMO_TENANT, currency: "RON", status: "recorded" }]);
    // Deleting the payment in SmartBill owes the whole total again.
    const [payment] = await t.db.selectFrom("invoice_payments").select("id").where("invoiceId", "=", id).execute();
    await action("DELETE", `/api/smartbill/invoice/${id}/payments/${payment.id}`);
    expect((await stored(id)).unpaid).toBe(121);
  });

  it("without SmartBill's payment status read, the total less the payments recorded here", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    expect((await pay(id, 21.5)).statusCode).toBe(200);
    await t.db.updateTable("invoices").set({ paymentCheckedAt: null, paymentTotal: null, paymentPaid: null, unpaid: 0 }).where("id", "=", id).execute();
    await recountReceivable(t.db, id);
    expect((await stored(id)).unpaid).toBe(99.5);
  });

  it("an invoice paid in SmartBill itself owes nothing once its payment status is read", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    const invoice = await t.db.selectFrom("invoices").select(["sentSeries", "sentNumber"]).where("id", "=", id).executeTakeFirstOrThrow();
    const client = await smartBillClientForTenant(t.db, DEMO_TENANT, t.app.smartBillUrls);
    await client.addPayment({
      type: "Card",
      value: 121,
      isCash: false,
      client: { name: "Client RO12345678 SRL", vatCode: "RO12345678" },
      invoicesList: [{ seriesName: invoice.sentSeries!, number: invoice.sentNumber! }],
    });
    expect((await stored(id)).unpaid).toBe(121);
    await action("POST", `/api/smartbill/invoice/${id}/payment-status`);
    expect(await stored(id)).toMatchObject({ sentTotal: 121, unpaid: 0 });
  });

  it("an invoice with a line in another currency counts at SmartBill's total once its payment status is read", async () => {
    const draft = await addDraftInvoice(t, clientId);
    await t.db.updateTable("invoice_lines").set({ currency: "EUR" }).where("invoiceId", "=", draft).execute();
    await action("POST", `/api/smartbill/invoice/send/${draft}`);
    // No one sum of its lines: nothing is counted until SmartBill says what the invoice totals.
    expect(await stored(draft)).toEqual({ sentTotal: null, dueDate: "2026-09-14", unpaid: 0 });
    await action("POST", `/api/smartbill/invoice/${draft}/payment-status`);
    const { paymentTotal } = await t.db.selectFrom("invoices").select("paymentTotal").where("id", "=", draft).executeTakeFirstOrThrow();
    expect(Number(paymentTotal)).toBeGreaterThan(0);
    expect(await stored(draft)).toEqual({ sentTotal: Number(paymentTotal), dueDate: "2026-09-14", unpaid: Number(paymentTotal) });
    const [month] = await t.db.selectFrom("receivable_months").select("invoiced").where("tenantId", "=", DEMO_TENANT).where("month", "=", "2026-08").execute();
    expect(Number(month.invoiced)).toBeGreaterThanOrEqual(Number(paymentTotal));
  });

  it("a cancelled invoice owes nothing; restored, it owes again", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    await action("POST", `/api/smartbill/invoice/${id}/cancel`);
    expect((await stored(id)).unpaid).toBe(0);
    await action("POST", `/api/smartbill/invoice/${id}/restore`);
    expect((await stored(id)).unpaid).toBe(121);
  });

  it("an invoice deleted from SmartBill owes nothing", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    await action("DELETE", `/api/smartbill/invoice/${id}/smartbill`);
    expect(await stored(id)).toMatchObject({ sentTotal: 121, unpaid: 0 });
  });

  it("a reversed invoice and its storno owe nothing; the storno's total is negative", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    const response = await action("POST", `/api/smartbill/invoice/${id}/reverse`, { requestId: randomUUID(), issueDate: "2026-09-02" });
    const stornoId = response.json<InvoiceReverseResult>().storno.id;
    expect(await stored(id)).toMatchObject({ sentTotal: 121, unpaid: 0 });
    expect(await stored(stornoId)).toEqual({ sentTotal: -121, dueDate: "2026-09-16", unpaid: 0 });
  });

  it("a proforma has its total and due date but owes nothing (its invoice will)", async () => {
    const id = await addSentProforma(t, invoicing, clientId, { issueDate: "2026-08-31" });
    expect(await stored(id)).toEqual({ sentTotal: 121, dueDate: "2026-09-14", unpaid: 0 });
  });
});

describeEachDialect("migration 0023: the amounts of the documents already stored", (dialect) => {
  it("fills sentTotal, dueDate and unpaid by the same rule, and the payments' tenant and currency; goes back down", async () => {
    // Kysely<any>: the tables as they were before the migration, not as the app types them now.
    const db: Kysely<any> = createDatabase(await freshDatabaseUrl(dialect));
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("0022_receipts")).error).toBeUndefined();
      const now = new Date().toISOString();
      const { id: tenantId } = await db.insertInto("tenants").values({ name: "Cu Facturi SRL", createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
      const document = async (name: string, values: Record<string, unknown>, lines: [number, number][] = [[2, 50]]) => {
        const { id } = await db
          .insertInto("invoices")
          .values({
            tenantId,
            issueDate: "2026-08-31",
            dueDays: 30,
            useStock: 0,
            draft: 0,
            saveToDb: 0,
            seriesName: "SBL",
            currency: "RON",
            language: "RO",
            precision: 2,
            status: "sent",
            sentSeries: "SBL",
            sentNumber: name,
            createdAt: now,
            updatedAt: now,
            ...values,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        for (const [quantity, price] of lines) {
          await db
            .insertInto("invoice_lines")
            .values({ invoiceId: id, name, code: name, quantity, price, measuringUnitName: "buc", currency: values.currency ?? "RON", taxName: "Normala", taxPercentage: 21, saveToDb: 0, service: 1, createdAt: now, updatedAt: now })
            .execute();
        }
        return id as number;
      };
      const paid = (invoiceId: number, amount: number, status = "recorded") =>
        db
          .insertInto("invoice_payments")
          .values({ invoiceId, requestId: randomUUID(), amount, date: "2026-09-01", type: "Card", status, clientName: "C", clientCif: "RO1", startedAt: now, userEmail: "x@y.ro", createdAt: now })
          .execute();

      const unpaid = await document("1", {});
      // 3 × 33.333 = 99.999 → 100.00 net, 21.00 VAT.
      const rounded = await document("2", { currency: "EUR" }, [[3, 33.333]]);
      const partly = await document("3", {});
      await paid(partly, 21);
      await paid(partly, 50, "deleted");
      const readThere = await document("4", { paymentTotal: 121, paymentPaid: 100.25, paymentCheckedAt: now });
      const cancelled = await document("5", { cancelledAt: now });
      const deleted = await document("6", { deletedAt: now });
      const storno = await document("7", {}, [[-2, 50]]);
      const reversed = await document("8", { reversedById: storno });
      await db.updateTable("invoices").set({ reversalOfId: reversed }).where("id", "=", storno).execute();
      const proforma = await document("9", { documentType: "proforma" });
      const draft = await document("10", { status: "draft", sentSeries: null, sentNumber: null });
      const smartBillDraft = await document("11", { draft: 1, sentSeries: null, sentNumber: null });

      expect((await migrator.migrateTo("0023_receivables")).error).toBeUndefined();

      const rows = await db.selectFrom("invoices").select(["id", "sentTotal", "dueDate", "unpaid"]).orderBy("id").execute();
      const byId = new Map(rows.map((row) => [row.id, { sentTotal: row.sentTotal === null ? null : Number(row.sentTotal), dueDate: row.dueDate, unpaid: Number(row.unpaid) }]));
      expect(byId.get(unpaid)).toEqual({ sentTotal: 121, dueDate: "2026-09-30", unpaid: 121 });
      expect(byId.get(rounded)).toEqual({ sentTotal: 121, dueDate: "2026-09-30", unpaid: 121 });
      expect(byId.get(partly)).toEqual({ sentTotal: 121, dueDate: "2026-09-30", unpaid: 100 });
      expect(byId.get(readThere)?.unpaid).toBe(20.75);
      expect(byId.get(cancelled)).toEqual({ sentTotal: 121, dueDate: "2026-09-30", unpaid: 0 });
      expect(byId.get(deleted)?.unpaid).toBe(0);
      expect(byId.get(storno)).toEqual({ sentTotal: -121, dueDate: "2026-09-30", unpaid: 0 });
      expect(byId.get(reversed)?.unpaid).toBe(0);
      expect(byId.get(proforma)).toEqual({ sentTotal: 121, dueDate: "2026-09-30", unpaid: 0 });
      expect(byId.get(draft)).toEqual({ sentTotal: null, dueDate: null, unpaid: 0 });
      expect(byId.get(smartBillDraft)).toEqual({ sentTotal: null, dueDate: null, unpaid: 0 });
      const payments = await db.selectFrom("invoice_payments").select(["tenantId", "currency"]).execute();
      expect(payments).toEqual([
        { tenantId, currency: "RON" },
        { tenantId, currency: "RON" },
      ]);

      expect((await migrator.migrateTo("0022_receipts")).error).toBeUndefined();
      const columns = await db.selectFrom("invoices").selectAll().limit(1).executeTakeFirstOrThrow();
      expect(Object.keys(columns)).not.toContain("unpaid");
    } finally {
      await db.destroy();
    }
  });
});
