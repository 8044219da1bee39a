/**
 * An invoice's dates stay in a sane window, on both dialects, through the app's own SmartBill
 * emulator: a payment between the invoice's issue date and tomorrow, a storno not before its
 * original nor after tomorrow, an issue date within the configured window around today on
 * import, on save and again at the send, due days at most a year, and a due date that is never
 * an impossible text. Every refusal names the allowed days as Romanians write them.
 *
 * "Today" is Romania's. A test that names a day near today keeps a day or more away from the
 * window's ends, so a run across midnight cannot change its outcome.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Invoice, InvoiceImportResult, LoginResponse } from "../../contract/api";
import { MAX_DUE_DAYS } from "../../contract/constants";
import { ConfigError, loadConfig } from "../../server/config";
import { invoiceIssueDateOutsideAtSend, invoiceMessages, invoiceSendMessages, paymentInvalid, paymentMessages, reverseInvalid, reverseMessages } from "../../server/messages";
import { addDays, dueDateOf, issueDateWindow } from "../../server/routes/api/invoices/invoiceDates";
import { romanianDate } from "../../server/smartbill/bucharestTime";
import type { EmulatorState } from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { invoiceUpload, xlsxOf } from "../helpers/excelFiles";
import { addCustomer, addDraftInvoice, addSentInvoice } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

/** Romania's today, plus days. */
const today = (days = 0) => addDays(romanianDate(Date.now()), days)!;
/** "31.12.2026" */
const ro = (isoDate: string) => isoDate.split("-").reverse().join(".");
const sheet = () => xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"], ["Produs 1", "P1", 1, 10, 21]]);

describe("the day arithmetic of invoice dates", () => {
  it("never gives a due date whose year is not four digits (9999-12-31 plus ten years was '+010009-12')", () => {
    expect(dueDateOf("9999-12-31", 3650)).toBeUndefined();
    expect(dueDateOf("9999-12-31", 1)).toBeUndefined();
    expect(addDays("1000-01-01", -1)).toBeUndefined();
    expect(dueDateOf("9999-12-30", 1)).toBe("9999-12-31");
    expect(dueDateOf("2026-08-31", 14)).toBe("2026-09-14");
    expect(dueDateOf("2028-02-15", 14)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("reads the issue-date window from the environment: a year back and 30 days ahead by default, capped", () => {
    const base = { NODE_ENV: "test", JWT_SECRET: "x".repeat(32) };
    expect(loadConfig(base).invoiceDates).toEqual({ daysBack: 365, daysAhead: 30 });
    expect(loadConfig({ ...base, INVOICE_DATE_DAYS_BACK: "0", INVOICE_DATE_DAYS_AHEAD: "7" }).invoiceDates).toEqual({ daysBack: 0, daysAhead: 7 });
    expect(() => loadConfig({ ...base, INVOICE_DATE_DAYS_BACK: "3651" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, INVOICE_DATE_DAYS_AHEAD: "366" })).toThrow(/INVOICE_DATE_DAYS_AHEAD must be a whole number from 0 to 365/);
    expect(() => loadConfig({ ...base, INVOICE_DATE_DAYS_AHEAD: "-1" })).toThrow(ConfigError);
  });
});

describeEachDialect("an invoice's dates in a sane window", (dialect) => {
  /** The default window (a year back, 30 days ahead), not the tests' wide one. */
  let t: TestApp;
  /** A narrow window set by the environment: 10 days back, none ahead. */
  let narrow: TestApp;
  let invoicing: LoginResponse;
  let narrowInvoicing: LoginResponse;
  let clientId: number;

  beforeAll(async () => {
    [t, narrow] = await Promise.all([
      liveApp(dialect, { env: { INVOICE_DATE_DAYS_BACK: "", TASK_WORKER: "off" } }),
      liveApp(dialect, { env: { INVOICE_DATE_DAYS_BACK: "10", INVOICE_DATE_DAYS_AHEAD: "0", TASK_WORKER: "off" } }),
    ]);
    [invoicing, narrowInvoicing] = await Promise.all([t.signIn("facturare@demo.ro"), narrow.signIn("facturare@demo.ro")]);
    clientId = await addCustomer(t);
  });
  afterAll(() => Promise.all([t.close(), narrow.close()]));
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
  });

  const smartBill = async () => ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0];
  const smartBillCalls = async () =>
    ((await emulator(t, "GET", "/requests")) as { requests: { method: string; path: string }[] }).requests.map((r) => `${r.method} ${r.path}`);
  const pay = (id: number, date: string, amount = 10) =>
    t.api("POST", `/api/smartbill/invoice/${id}/payments`, { session: invoicing, body: { requestId: randomUUID(), amount, date, type: "Ordin plata" } });
  const reverse = (id: number, issueDate?: string) =>
    t.api("POST", `/api/smartbill/invoice/${id}/reverse`, { session: invoicing, body: { requestId: randomUUID(), ...(issueDate ? { issueDate } : {}) } });
  const importInto = async (app: TestApp, session: LoginResponse, payload: object) =>
    app.api("POST", "/api/smartbill/invoice/import", { session, ...invoiceUpload(await sheet(), payload) });
  const get = async (id: number): Promise<Invoice> => (await t.api("GET", `/api/smartbill/invoice/${id}`, { session: invoicing })).json<Invoice>();
  const send = (id: number) => t.api("POST", `/api/smartbill/invoice/send/${id}`, { session: invoicing });
  const invoiceCount = async (app: TestApp) => (await app.db.selectFrom("invoices").select("id").execute()).length;
  /** The window's refusal as the server words it, at the request's moment (before or after it: midnight may pass). */
  const windowMessages = (app: TestApp, before: number) =>
    [before, Date.now()].map((at) => {
      const { from, to } = issueDateWindow(app.config, at);
      return invoiceMessages.issueDateOutside(from, to);
    });

  describe("payments", () => {
    it("refuses a payment dated 9999-12-31 or 1000-01-01, naming the days allowed; SmartBill is never asked to pay", async () => {
      const id = await addSentInvoice(t, invoicing, clientId);
      for (const date of ["9999-12-31", "1000-01-01", "2026-08-30", today(3)]) {
        const before = Date.now();
        const response = await pay(id, date);
        expect(response.statusCode, `${date}: ${response.body}`).toBe(400);
        const allowed = [before, Date.now()].map((at) => paymentMessages.dateOutside("2026-08-31", addDays(romanianDate(at), 1)!));
        expect(allowed).toContain(response.json().errors.date);
        expect(response.json().message).toBe(paymentInvalid([response.json().errors.date]));
        expect(response.json().message).toMatch(/între data emiterii facturii, 31\.08\.2026, și \d{2}\.\d{2}\.\d{4}\.$/);
      }
      expect((await smartBill()).payments).toEqual([]);
      expect(await t.db.selectFrom("invoice_payments").select("id").where("invoiceId", "=", id).execute()).toEqual([]);
      // Refused, not stuck: the invoice is free for the next action.
      const { actionStartedAt } = await t.db.selectFrom("invoices").select("actionStartedAt").where("id", "=", id).executeTakeFirstOrThrow();
      expect(actionStartedAt).toBeNull();
    });

    it("records a payment dated on the invoice's issue date, and one dated today", async () => {
      const id = await addSentInvoice(t, invoicing, clientId);
      for (const date of ["2026-08-31", today()]) {
        const response = await pay(id, date);
        expect(response.statusCode, response.body).toBe(200);
      }
      expect((await smartBill()).payments.map((p) => p.value)).toEqual([10, 10]);
    });

    it("refuses any payment of an invoice dated in the future until its day comes, saying from when", async () => {
      const id = await addSentInvoice(t, invoicing, clientId, { issueDate: today(10) });
      const response = await pay(id, today());
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.date).toBe(paymentMessages.dateOutside(today(10), today(1)));
      expect(response.json().errors.date).toBe(`Încasarea poate fi înregistrată începând cu data emiterii facturii, ${ro(today(10))}.`);
    });
  });

  describe("the storno", () => {
    it("refuses a storno dated 9999-12-31, or before the original, in its own words; SmartBill is never asked", async () => {
      const id = await addSentInvoice(t, invoicing, clientId);
      await emulator(t, "DELETE", "/requests");
      for (const issueDate of ["9999-12-31", "2026-08-30", today(3)]) {
        const response = await reverse(id, issueDate);
        expect(response.statusCode, `${issueDate}: ${response.body}`).toBe(400);
        expect(response.json().errors.issueDate).toMatch(/^Data facturii storno trebuie să fie între data emiterii facturii stornate, 31\.08\.2026, și \d{2}\.\d{2}\.\d{4}\.$/);
        expect(response.json().message).toBe(reverseInvalid([response.json().errors.issueDate]));
      }
      expect(await smartBillCalls()).toEqual([]);
      expect((await smartBill()).invoices.filter((invoice) => invoice.reverses)).toEqual([]);
      const row = await t.db.selectFrom("invoices").select(["reversedById", "actionStartedAt", "reversalNextNumber"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toEqual({ reversedById: null, actionStartedAt: null, reversalNextNumber: null });
      // The refusal is in the invoice's history, as SmartBill's refusals are.
      const history = (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing })).json<{ action: string; outcome: string }[]>();
      expect(history.filter((e) => e.action === "reverse").map((e) => e.outcome)).toEqual(["refused", "refused", "refused"]);
    });

    it("issues a storno dated on the original's day or today", async () => {
      for (const issueDate of ["2026-08-31", today()]) {
        const id = await addSentInvoice(t, invoicing, clientId);
        const response = await reverse(id, issueDate);
        expect(response.statusCode, response.body).toBe(200);
      }
    });

    it("refuses a storno of an invoice dated ahead, even without a date (SmartBill would date it today)", async () => {
      const id = await addSentInvoice(t, invoicing, clientId, { issueDate: today(10) });
      const response = await reverse(id);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.issueDate).toBe(reverseMessages.issueDateOutside(today(10), today(1)));
      expect(response.json().errors.issueDate).toBe(`Factura poate fi stornată începând cu data ei de emitere, ${ro(today(10))}.`);
    });
  });

  describe("the issue date on import and on save", () => {
    it("refuses an import dated 9999-12-31 at its field, naming the window, and stores nothing", async () => {
      const count = await invoiceCount(t);
      for (const issueDate of ["9999-12-31", "1900-01-01", today(-400), today(40)]) {
        const before = Date.now();
        const response = await importInto(t, invoicing, { clientId, issueDate });
        expect(response.statusCode, `${issueDate}: ${response.body}`).toBe(400);
        expect(windowMessages(t, before)).toContain(response.json().errors.issueDate);
        expect(response.json()).toMatchObject({ error: true, message: response.json().errors.issueDate });
        expect(response.json().message).toMatch(/^Data emiterii trebuie să fie între \d{2}\.\d{2}\.\d{4} și \d{2}\.\d{2}\.\d{4}\.$/);
      }
      expect(await invoiceCount(t)).toBe(count);
    });

    it(`refuses due days over ${MAX_DUE_DAYS} (3650 made a due date of year 10009) on import and on save`, async () => {
      const count = await invoiceCount(t);
      const refused = await importInto(t, invoicing, { clientId, issueDate: "2026-08-31", dueDays: 3650 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ dueDays: `„dueDays” trebuie să fie cel mult ${MAX_DUE_DAYS}` });
      expect(await invoiceCount(t)).toBe(count);

      const imported = await importInto(t, invoicing, { clientId, issueDate: today(-200), dueDays: MAX_DUE_DAYS });
      expect(imported.statusCode, imported.body).toBe(200);
      const invoice = await get(imported.json<InvoiceImportResult>().importRequestId!);
      expect(invoice.dueDate).toBe(addDays(today(-200), MAX_DUE_DAYS));
      const saved = await t.api("PUT", `/api/smartbill/invoice/${invoice.id}`, { session: invoicing, body: { ...invoice, dueDays: 3650 } });
      expect(saved.statusCode).toBe(400);
      expect(saved.json().errors).toHaveProperty("dueDays");
    });

    it("accepts an import a year back or a month ahead by default", async () => {
      for (const issueDate of [today(-360), today(20)]) {
        const response = await importInto(t, invoicing, { clientId, issueDate });
        expect(response.statusCode, `${issueDate}: ${response.body}`).toBe(200);
      }
    });

    it("takes its window from the environment: INVOICE_DATE_DAYS_BACK=10 and INVOICE_DATE_DAYS_AHEAD=0 refuse what the default accepts", async () => {
      const narrowClient = await addCustomer(narrow);
      expect(narrow.config.invoiceDates).toEqual({ daysBack: 10, daysAhead: 0 });
      for (const issueDate of [today(-20), today(3)]) {
        const before = Date.now();
        const response = await importInto(narrow, narrowInvoicing, { clientId: narrowClient, issueDate });
        expect(response.statusCode, `${issueDate}: ${response.body}`).toBe(400);
        expect(windowMessages(narrow, before)).toContain(response.json().errors.issueDate);
      }
      expect((await importInto(narrow, narrowInvoicing, { clientId: narrowClient, issueDate: today(-3) })).statusCode).toBe(200);
    });

    it("refuses a save (the auto-save's PUT) with a date outside the window, and of an old draft until its date is corrected", async () => {
      const imported = await importInto(t, invoicing, { clientId, issueDate: today(-30) });
      const invoice = await get(imported.json<InvoiceImportResult>().importRequestId!);
      const put = (body: object) => t.api("PUT", `/api/smartbill/invoice/${invoice.id}`, { session: invoicing, body: { ...invoice, ...body } });
      for (const issueDate of ["9999-12-31", today(-400)]) {
        const before = Date.now();
        const response = await put({ issueDate });
        expect(response.statusCode, response.body).toBe(400);
        expect(windowMessages(t, before)).toContain(response.json().errors.issueDate);
      }
      // A draft imported long ago (as stored then): no other change is saved with its old date.
      await t.db.updateTable("invoices").set({ issueDate: today(-400) }).where("id", "=", invoice.id).execute();
      expect((await put({ issueDate: today(-400), mentions: "altceva" })).statusCode).toBe(400);
      expect((await put({ issueDate: today(-5), mentions: "altceva" })).statusCode).toBe(200);
      expect(await get(invoice.id)).toMatchObject({ issueDate: today(-5), mentions: "altceva" });
    });
  });

  describe("the send", () => {
    it("refuses an invoice stored with issue date 9999-12-31 and 3650 due days before SmartBill is asked; its due date is never '+010009-12'", async () => {
      const id = await addDraftInvoice(t, clientId, { issueDate: "9999-12-31" });
      await t.db.updateTable("invoices").set({ dueDays: 3650 }).where("id", "=", id).execute();
      expect((await get(id)).dueDate).toBe("");
      await emulator(t, "DELETE", "/requests");
      const before = Date.now();
      const response = await send(id);
      expect(response.statusCode).toBe(400);
      const allowed = [before, Date.now()].map((at) => {
        const { from, to } = issueDateWindow(t.config, at);
        return invoiceIssueDateOutsideAtSend("9999-12-31", from, to);
      });
      expect(allowed).toContain(response.json().message);
      expect(response.json().message).toMatch(/^Data emiterii facturii, 31\.12\.9999, nu este între \d{2}\.\d{2}\.\d{4} și \d{2}\.\d{2}\.\d{4}/);
      expect(await smartBillCalls()).toEqual([]);
      expect(await get(id)).toMatchObject({ status: "draft", sentNumber: null });
    });

    it("re-checks an old draft's date at the send: refused with the window named, sent once corrected", async () => {
      const id = await addDraftInvoice(t, clientId, { issueDate: today(-400) });
      const refused = await send(id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(`Data emiterii facturii, ${ro(today(-400))}, nu este între`);
      expect((await smartBill()).invoices).toEqual([]);
      const history = (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing })).json<{ action: string; outcome: string }[]>();
      expect(history.map((e) => [e.action, e.outcome])).toEqual([["send", "refused"]]);

      const invoice = await get(id);
      expect((await t.api("PUT", `/api/smartbill/invoice/${id}`, { session: invoicing, body: { ...invoice, issueDate: today(-2) } })).statusCode).toBe(200);
      await emulator(t, "DELETE", "/requests");
      const sent = await send(id);
      expect(sent.statusCode, sent.body).toBe(200);
      const { requests } = (await emulator(t, "GET", "/requests")) as { requests: { method: string; body?: Record<string, unknown> }[] };
      expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({ issueDate: today(-2), dueDate: addDays(today(-2), 14) });
    });

    it("refuses a stored due date past year 9999 in words, before SmartBill is asked", async () => {
      const id = await addDraftInvoice(t, clientId, { issueDate: today(-2) });
      await t.db.updateTable("invoices").set({ dueDays: 3_000_000 }).where("id", "=", id).execute();
      await emulator(t, "DELETE", "/requests");
      const response = await send(id);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(invoiceSendMessages.dueDateImpossible);
      expect(await smartBillCalls()).toEqual([]);
    });
  });
});
