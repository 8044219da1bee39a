/**
 * The storno ('Stornează') of a sent invoice, end to end through the app's own SmartBill
 * emulator: one storno whatever the clicks and lost answers, recorded as an invoice of ours
 * linked both ways; SmartBill's refusals in its words; history and audit for what was done.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { InvoiceEvent, InvoiceReverseResult, LoginResponse } from "../../contract/api";
import { smartBillClientForTenant } from "../../server/smartbill/client";
import type { EmulatorInvoice, EmulatorState, Fault } from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addDraftInvoice, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

describeEachDialect("the storno of a sent invoice (POST /api/smartbill/invoice/{id}/reverse)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let otherTenant: LoginResponse;
  let clientId: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    const otherTenantId = await addTenant(t, "Alt Tenant Storno SRL");
    await addUser(t, { email: "storno@alt.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("storno@alt.ro", "parola-alt-1");
    clientId = await addCustomer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
  });
  afterEach(() => vi.unstubAllEnvs());

  const reverse = (id: number, body: object = { requestId: randomUUID() }, session = invoicing) =>
    t.api("POST", `/api/smartbill/invoice/${id}/reverse`, { session, body });
  const fault = (body: Fault) => emulator(t, "POST", "/faults", body);
  const smartBillInvoices = async () => ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0].invoices as EmulatorInvoice[];
  const smartBillStornos = async () => (await smartBillInvoices()).filter((invoice) => invoice.reverses);
  const ourStornos = (id: number) => t.db.selectFrom("invoices").selectAll().where("reversalOfId", "=", id).execute();
  const history = async (id: number) => (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing })).json<InvoiceEvent[]>();
  const auditRows = (id: number) => t.db.selectFrom("audit_log").selectAll().where("action", "=", "invoices.reverse").where("target", "=", String(id)).execute();
  const smartBillRef = async (id: number) => {
    const row = await t.db.selectFrom("invoices").select(["sentSeries", "sentNumber"]).where("id", "=", id).executeTakeFirstOrThrow();
    return { seriesName: row.sentSeries!, number: row.sentNumber! };
  };

  it("reverses a sent invoice: the storno is an invoice of ours, sent, with SmartBill's number and negated lines, linked both ways; in the history and audited", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    const response = await reverse(id, { requestId: randomUUID(), issueDate: "2026-09-02" });
    expect(response.statusCode, response.body).toBe(200);
    const { invoice, storno, message } = response.json<InvoiceReverseResult>();
    expect(message).toBeTruthy();
    expect(storno).toMatchObject({ status: "sent", sentSeries: "SBL", sentNumber: "0002", reversalOfId: id, clientId, issueDate: "2026-09-02" });
    expect(storno.products!.map((line) => [line.name, line.quantity, line.price])).toEqual([["Serviciu consultanță", -2, 50]]);
    expect(invoice.reversedById).toBe(storno.id);
    expect(await smartBillStornos()).toHaveLength(1);
    const list = await t.api("GET", `/api/smartbill/invoice?id=${id}&id=${storno.id}`, { session: invoicing });
    expect(list.json<{ id: number }[]>().map((row) => row.id).sort()).toEqual([id, storno.id].sort());
    expect((await history(id)).filter((e) => e.action === "reverse").map((e) => e.outcome)).toEqual(["ok"]);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it("makes one storno of 50 parallel requests", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => reverse(id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code !== 200).every((code) => code === 409)).toBe(true);
    expect(await smartBillStornos()).toHaveLength(1);
    expect(await ourStornos(id)).toHaveLength(1);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it("answers the same request again with the storno it made, asking SmartBill nothing", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    const body = { requestId: randomUUID() };
    const first = await reverse(id, body);
    await emulator(t, "DELETE", "/requests");
    const again = await reverse(id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<InvoiceReverseResult>().storno.id).toBe(first.json<InvoiceReverseResult>().storno.id);
    expect(((await emulator(t, "GET", "/requests")) as { count: number }).count).toBe(0);
    const other = await reverse(id);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/deja stornată prin factura SBL 0002/);
  });

  it("creates one storno, not two, when its reply is lost: the retry confirms it from the series", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    const id = await addSentInvoice(t, invoicing, clientId);
    await fault({ fault: "hang-after-store", path: "/invoice/reverse" });
    // The series read right after is lost too (the one before the POST went through): the storno stays unclear.
    await fault({ fault: "timeout", path: "/series", after: "/invoice/reverse" });
    const lost = await reverse(id);
    expect(lost.statusCode, lost.body).toBe(504);
    expect(lost.json().message).toMatch(/Nu se știe dacă SmartBill a emis factura storno/);
    expect(await ourStornos(id)).toEqual([]);
    expect(await smartBillStornos()).toHaveLength(1);

    const retried = await reverse(id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<InvoiceReverseResult>().message).toMatch(/confirmat din serie/);
    expect(retried.json<InvoiceReverseResult>().storno).toMatchObject({ sentSeries: "SBL", sentNumber: "0002", reversalOfId: id });
    expect(await smartBillStornos()).toHaveLength(1);
    expect(await ourStornos(id)).toHaveLength(1);
    expect(await auditRows(id)).toHaveLength(1);
    expect((await history(id)).filter((e) => e.action === "reverse").map((e) => e.outcome)).toEqual(["failed", "ok"]);
  });

  it("confirms a storno whose reply was dropped from the series at once", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    await fault({ fault: "drop-after-store", path: "/invoice/reverse" });
    const response = await reverse(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvoiceReverseResult>().storno.sentNumber).toBe("0002");
    expect(await smartBillStornos()).toHaveLength(1);
  });

  // A date before the original's is refused before SmartBill is asked (invoiceDates.test.ts).
  it("passes on SmartBill's refusals in its words (409), recording nothing: already reversed there, cancelled, a storno itself", async () => {
    const client = await smartBillClientForTenant(t.db, DEMO_TENANT, t.app.smartBillUrls);
    const reversedThere = await addSentInvoice(t, invoicing, clientId);
    await client.reverseInvoice(await smartBillRef(reversedThere));
    const cancelled = await addSentInvoice(t, invoicing, clientId);
    await client.cancelInvoice(await smartBillRef(cancelled));
    const original = await addSentInvoice(t, invoicing, clientId);
    const storno = (await reverse(original)).json<InvoiceReverseResult>().storno;
    const cases: [number, object, RegExp][] = [
      [reversedThere, { requestId: randomUUID() }, /Factura este deja stornata/],
      [cancelled, { requestId: randomUUID() }, /este anulata/],
      [storno.id, { requestId: randomUUID() }, /este de tip storno/],
    ];
    for (const [id, body, words] of cases) {
      const response = await reverse(id, body);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toMatch(words);
      expect(await ourStornos(id)).toEqual([]);
      expect(await auditRows(id)).toEqual([]);
      expect((await history(id)).filter((e) => e.action === "reverse").map((e) => e.outcome)).toEqual(["refused"]);
    }
    // Refused, not stuck: the invoice is free for the next action.
    const row = await t.db.selectFrom("invoices").select(["actionStartedAt", "reversalNextNumber"]).where("id", "=", cancelled).executeTakeFirstOrThrow();
    expect(row).toEqual({ actionStartedAt: null, reversalNextNumber: null });
  });

  it("refuses bad input with a Romanian sentence per field", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    const response = await reverse(id, { requestId: "x", issueDate: "2026-13-01" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(["issueDate", "requestId"]);
  });

  it("is for the invoicing role on the tenant's sent invoices: an admin gets 403, another tenant 404, an unsent invoice 409", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    expect((await reverse(id, undefined, admin)).statusCode).toBe(403);
    expect((await reverse(id, undefined, otherTenant)).statusCode).toBe(404);
    expect((await reverse(await addDraftInvoice(t, clientId))).statusCode).toBe(409);
    expect(await smartBillStornos()).toEqual([]);
  });
});
