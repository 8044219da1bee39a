/**
 * 'Transformă în factură' (POST /api/smartbill/proforma/{id}/invoice), end to end through the
 * app's own SmartBill emulator: one invoice per proforma whatever the clicks, tabs and lost
 * answers, issued with useEstimateDetails, linked both ways, confirmed from SmartBill's list of
 * the proforma's invoices (GET /estimate/invoices) when its answer is lost; refusals in Romanian.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Invoice, InvoiceEvent, LoginResponse } from "../../contract/api";
import type { ProformaInvoiceResult } from "../../contract/schemas/proformaInvoice";
import { proformaInvoiceMessages } from "../../server/messages";
import { smartBillClientForTenant } from "../../server/smartbill/client";
import type { EmulatorState, Fault, RequestLogEntry } from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { addDraftProforma, addSentProforma, PROFORMA_SERIES } from "../helpers/sentProformas";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

/** The POST that issues an invoice (/invoice or /invoice/v2), not a storno. */
const issuesInvoice = (entry: RequestLogEntry) => entry.method === "POST" && /^\/invoice(\/v2)?$/.test(entry.path);

describeEachDialect("'Transformă în factură' (POST /api/smartbill/proforma/{id}/invoice)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let otherTenant: LoginResponse;
  let clientId: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    const otherTenantId = await addTenant(t, "Alt Tenant Proforme SRL");
    await addUser(t, { email: "proforme@alt.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("proforme@alt.ro", "parola-alt-1");
    clientId = await addCustomer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
    await emulator(t, "DELETE", "/requests");
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await emulator(t, "DELETE", "/faults");
  });

  const transform = (id: number, body: object = {}, session = invoicing) => t.api("POST", `/api/smartbill/proforma/${id}/invoice`, { session, body });
  const fault = (body: Fault) => emulator(t, "POST", "/faults", body);
  const requests = async () => ((await emulator(t, "GET", "/requests")) as { requests: RequestLogEntry[] }).requests;
  /** What SmartBill was asked to issue from a proforma. */
  const invoicesAsked = async () => (await requests()).filter((entry) => issuesInvoice(entry) && (entry.body as { useEstimateDetails?: boolean })?.useEstimateDetails);
  const ourInvoicesOf = (proformaId: number) => t.db.selectFrom("invoices").selectAll().where("proformaId", "=", proformaId).execute();
  const get = async (resource: "invoice" | "proforma", id: number) => {
    const response = await t.api("GET", `/api/smartbill/${resource}/${id}`, { session: invoicing });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Invoice>();
  };
  const history = async (resource: "invoice" | "proforma", id: number) =>
    (await t.api("GET", `/api/smartbill/${resource}/${id}/history`, { session: invoicing })).json<InvoiceEvent[]>();
  const auditRows = (id: number) => t.db.selectFrom("audit_log").selectAll().where("action", "=", "proformas.invoice").where("target", "=", String(id)).execute();
  /** SmartBill's list of the proforma's invoices, asked directly. */
  const smartBillInvoicesOf = async (number: string) => {
    const client = await smartBillClientForTenant(t.db, DEMO_TENANT, t.app.smartBillUrls);
    return client.estimateInvoices({ seriesName: PROFORMA_SERIES, number });
  };

  it("issues the invoice from the proforma with useEstimateDetails: linked both ways, the proforma shows what SmartBill says it became; history on both, audited", async () => {
    const proformaId = await addSentProforma(t, invoicing, clientId);
    const response = await transform(proformaId);
    expect(response.statusCode, response.body).toBe(200);
    const { proforma, invoice, importResult } = response.json<ProformaInvoiceResult>();

    expect(importResult).toMatchObject({ errorText: "", series: "SBL", number: "0001" });
    expect(invoice).toMatchObject({ documentType: "invoice", status: "sent", sentSeries: "SBL", sentNumber: "0001", proformaId, clientId, seriesName: "SBL" });
    expect(invoice.products!.map((line) => [line.name, line.quantity, line.price])).toEqual([["Serviciu consultanță", 2, 50]]);
    expect(proforma).toMatchObject({ id: proformaId, documentType: "proforma", invoiceId: invoice.id, invoicedAs: { series: "SBL", number: "0001" } });
    expect(await get("proforma", proformaId)).toMatchObject({ invoiceId: invoice.id, invoicedAs: { series: "SBL", number: "0001" } });
    expect(await get("invoice", invoice.id)).toMatchObject({ proformaId });

    // What SmartBill was asked: an invoice from this proforma, once.
    const asked = await invoicesAsked();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ useEstimateDetails: true, estimate: { seriesName: PROFORMA_SERIES, number: "0001" }, seriesName: "SBL" });
    expect(await smartBillInvoicesOf("0001")).toMatchObject({ invoices: [{ series: "SBL", number: "0001" }] });

    expect((await history("proforma", proformaId)).filter((e) => e.action === "invoiced")).toMatchObject([
      { outcome: "ok", detail: { invoiceId: invoice.id, series: "SBL", number: "0001" } },
    ]);
    expect((await history("invoice", invoice.id)).filter((e) => e.action === "issuedFromProforma")).toMatchObject([
      { outcome: "ok", detail: { proformaId, series: PROFORMA_SERIES, number: "0001" } },
    ]);
    expect(await auditRows(proformaId)).toMatchObject([{ result: "SBL 0001" }]);
  });

  it("refuses a second transformation: one invoice per proforma, named in the refusal (409), SmartBill not asked", async () => {
    const proformaId = await addSentProforma(t, invoicing, clientId);
    expect((await transform(proformaId)).statusCode).toBe(200);
    await emulator(t, "DELETE", "/requests");
    const again = await transform(proformaId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Proforma a fost deja transformată în factura SBL 0001.");
    expect(await invoicesAsked()).toEqual([]);
    expect(await ourInvoicesOf(proformaId)).toHaveLength(1);
  });

  it("makes one invoice of 20 parallel requests (a double click, two tabs): one wins, the others get 409 in Romanian", async () => {
    const proformaId = await addSentProforma(t, invoicing, clientId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => transform(proformaId)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.every((answer) => answer.statusCode === 409)).toBe(true);
    for (const answer of refused) expect(answer.json().message).toMatch(/[ăâîșț]/);
    expect(await invoicesAsked()).toHaveLength(1);
    expect(await ourInvoicesOf(proformaId)).toHaveLength(1);
    expect((await smartBillInvoicesOf("0001")).invoices).toHaveLength(1);
    expect(await auditRows(proformaId)).toHaveLength(1);
  });

  it("confirms an invoice whose reply was dropped from the proforma's invoices in SmartBill, even when the series cannot be read", async () => {
    const proformaId = await addSentProforma(t, invoicing, clientId);
    await fault({ fault: "drop-after-store", path: "/invoice/v2" });
    await fault({ fault: "timeout", path: "/series", after: "/invoice/v2", times: 3 });
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    const response = await transform(proformaId);
    expect(response.statusCode, response.body).toBe(200);
    const { invoice, proforma, importResult } = response.json<ProformaInvoiceResult>();
    expect(importResult.message).toMatch(/confirmat din lista facturilor proformei/);
    expect(invoice).toMatchObject({ status: "sent", sentSeries: "SBL", sentNumber: "0001", proformaId });
    expect(proforma).toMatchObject({ invoiceId: invoice.id, invoicedAs: { series: "SBL", number: "0001" } });
    expect(await invoicesAsked()).toHaveLength(1);
  });

  it("retried after a time-out makes one invoice, not two: the retry confirms it from /estimate/invoices without sending again", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    const proformaId = await addSentProforma(t, invoicing, clientId);
    await fault({ fault: "hang-after-store", path: "/invoice/v2" });
    // Every check right after the lost answer is lost too: the invoice stays unclear.
    await fault({ fault: "timeout", path: "/estimate/invoices" });
    await fault({ fault: "timeout", path: "/series", after: "/estimate/invoices" });
    const lost = await transform(proformaId);
    expect(lost.statusCode, lost.body).toBe(504);
    expect(lost.json().message).toMatch(/Nu se știe dacă SmartBill a emis factura/);
    const [unclear] = await ourInvoicesOf(proformaId);
    expect(unclear).toMatchObject({ status: "unclear" });
    expect((await get("proforma", proformaId)).invoicedAs).toBeNull();

    const retried = await transform(proformaId);
    expect(retried.statusCode, retried.body).toBe(200);
    const { invoice, proforma, importResult } = retried.json<ProformaInvoiceResult>();
    expect(importResult.message).toMatch(/confirmat din lista facturilor proformei/);
    expect(invoice).toMatchObject({ id: unclear!.id, status: "sent", sentSeries: "SBL", sentNumber: "0001" });
    expect(proforma.invoicedAs).toEqual({ series: "SBL", number: "0001" });
    expect(await invoicesAsked()).toHaveLength(1);
    expect(await ourInvoicesOf(proformaId)).toHaveLength(1);
    expect((await smartBillInvoicesOf("0001")).invoices).toHaveLength(1);
    expect(await auditRows(proformaId)).toHaveLength(1);
    expect((await history("proforma", proformaId)).filter((e) => e.action === "invoiced").map((e) => e.outcome)).toEqual(["failed", "ok"]);
  });

  it("keeps SmartBill's refusal on the invoice (refused) and leaves the proforma as it was; a later try issues the same row", async () => {
    const proformaId = await addSentProforma(t, invoicing, clientId);
    await fault({ fault: "errortext-200", path: "/invoice/v2", text: "Proforma nu contine produse!" });
    const refused = await transform(proformaId);
    expect(refused.statusCode, refused.body).toBe(200);
    const first = refused.json<ProformaInvoiceResult>();
    expect(first.importResult.errorText).toBe("Proforma nu contine produse!");
    expect(first.invoice).toMatchObject({ status: "refused", sentNumber: null, proformaId });
    expect(first.proforma.invoicedAs).toBeNull();
    expect(await auditRows(proformaId)).toEqual([]);
    expect((await history("proforma", proformaId)).filter((e) => e.action === "invoiced").map((e) => e.outcome)).toEqual(["refused"]);
    // Not by the invoice's own send: it would be issued without its link to the proforma.
    const plainSend = await t.api("POST", `/api/smartbill/invoice/send/${first.invoice.id}`, { session: invoicing });
    expect(plainSend.statusCode).toBe(409);
    expect(plainSend.json().message).toBe(proformaInvoiceMessages.sendFromProforma);

    await emulator(t, "DELETE", "/faults");
    const issued = await transform(proformaId);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json<ProformaInvoiceResult>().invoice).toMatchObject({ id: first.invoice.id, status: "sent", sentNumber: "0001" });
  });

  it("refuses a proforma not issued (never sent, a SmartBill draft), cancelled or deleted, in Romanian (409), asking SmartBill nothing", async () => {
    const neverSent = await addDraftProforma(t, clientId);
    const smartBillDraft = await addDraftProforma(t, clientId);
    await t.db.updateTable("invoices").set({ status: "sent", sentSeries: PROFORMA_SERIES, sentNumber: "" }).where("id", "=", smartBillDraft).execute();
    const cancelled = await addSentProforma(t, invoicing, clientId);
    expect((await t.api("POST", `/api/smartbill/proforma/${cancelled}/cancel`, { session: invoicing })).statusCode).toBe(200);
    const deleted = await addSentProforma(t, invoicing, clientId);
    await t.db.updateTable("invoices").set({ deletedAt: new Date().toISOString() }).where("id", "=", deleted).execute();
    await emulator(t, "DELETE", "/requests");
    const cases: [number, string][] = [
      [neverSent, proformaInvoiceMessages.notSent],
      [smartBillDraft, proformaInvoiceMessages.draft],
      [cancelled, proformaInvoiceMessages.cancelled],
      [deleted, proformaInvoiceMessages.deleted],
    ];
    for (const [id, message] of cases) {
      const response = await transform(id);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(message);
      expect(await ourInvoicesOf(id)).toEqual([]);
    }
    expect(await requests()).toEqual([]);
  });

  it("is for the invoicing role on the tenant's proformas: an admin 403, another tenant's proforma 404, an invoice's id 404, a bad series 400", async () => {
    const proformaId = await addSentProforma(t, invoicing, clientId);
    expect((await transform(proformaId, {}, admin)).statusCode).toBe(403);
    const foreign = await transform(proformaId, {}, otherTenant);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toMatch(/nu a fost găsită/);
    const invoiceId = await addSentInvoice(t, invoicing, clientId);
    expect((await transform(invoiceId)).statusCode).toBe(404);
    const badSeries = await transform(proformaId, { seriesName: "S B\nL" });
    expect(badSeries.statusCode).toBe(400);
    expect(Object.keys(badSeries.json().errors ?? {})).toEqual(["seriesName"]);
    expect(await ourInvoicesOf(proformaId)).toEqual([]);
    expect(await invoicesAsked()).toEqual([]);
  });

  describe("what the invoice made from a proforma is", () => {
    it("is an invoice: 404 on the proformas' routes, listed with the invoices", async () => {
      const proformaId = await addSentProforma(t, invoicing, clientId);
      const { invoice } = (await transform(proformaId)).json<ProformaInvoiceResult>();
      expect((await t.api("GET", `/api/smartbill/proforma/${invoice.id}`, { session: invoicing })).statusCode).toBe(404);
      const list = await t.api("GET", `/api/smartbill/invoice?id=${invoice.id}`, { session: invoicing });
      expect(list.json<Invoice[]>().map((row) => row.id)).toEqual([invoice.id]);
    });
  });

  it("does not keep a series SmartBill does not have: a retry without one issues in the tenant's series", async () => {
    const proformaId = await addSentProforma(t, invoicing, clientId);
    const wrong = await transform(proformaId, { seriesName: "NUEXISTA" });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().message).toMatch(/Seria „NUEXISTA” nu există în SmartBill/);
    const retried = await transform(proformaId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<ProformaInvoiceResult>().invoice).toMatchObject({ seriesName: "SBL", sentSeries: "SBL", status: "sent", proformaId });
    expect(await ourInvoicesOf(proformaId)).toHaveLength(1);
  });

  // Last: it leaves an invoice in a series the emulator's reset removes, the default of later transformations.
  it("issues in the invoice series asked for, else in the series of the tenant's last invoice issued", async () => {
    const state = (await emulator(t, "GET", "/state")) as EmulatorState;
    state.companies[0]!.series.push({ name: "FCT", type: "f", nextNumber: 7 });
    await emulator(t, "PUT", "/state", state);
    const asked = await transform(await addSentProforma(t, invoicing, clientId), { seriesName: "FCT" });
    expect(asked.statusCode, asked.body).toBe(200);
    const { invoice, proforma } = asked.json<ProformaInvoiceResult>();
    expect(invoice).toMatchObject({ seriesName: "FCT", sentSeries: "FCT", sentNumber: "0007" });
    expect(proforma.invoicedAs).toEqual({ series: "FCT", number: "0007" });
    const byDefault = await transform(await addSentProforma(t, invoicing, clientId));
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(byDefault.json<ProformaInvoiceResult>().invoice).toMatchObject({ seriesName: "FCT", sentNumber: "0008" });
  });

});
