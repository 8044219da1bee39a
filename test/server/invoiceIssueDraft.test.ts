/**
 * 'Emite factura' for an invoice sent earlier as a SmartBill draft (POST /api/smartbill/invoice/{id}/issue),
 * end to end through the app's own SmartBill emulator: SmartBill's API cannot number a draft it
 * holds, so the invoice is sent again as a final one, exactly once however many clicks and tabs;
 * the draft stays in SmartBill; history and audit say what happened. And the send's own check of
 * the lines' VAT against the tenant's tax list, before SmartBill is asked.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Invoice, InvoiceEvent, InvoiceSendResult, LoginResponse } from "../../contract/api";
import type { EmulatorInvoice, EmulatorState } from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addDraftInvoice } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

describeEachDialect("issuing a SmartBill draft (POST /api/smartbill/invoice/{id}/issue)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let otherTenant: LoginResponse;
  let clientId: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    invoicing = await t.signIn("facturare@demo.ro");
    const otherTenantId = await addTenant(t, "Alt Tenant Ciorne SRL");
    await addUser(t, { email: "ciorne@alt.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("ciorne@alt.ro", "parola-alt-1");
    clientId = await addCustomer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
    await t.db.deleteFrom("tax_lists").execute();
  });

  const send = (id: number) => t.api("POST", `/api/smartbill/invoice/send/${id}`, { session: invoicing });
  const issue = (id: number, session = invoicing) => t.api("POST", `/api/smartbill/invoice/${id}/issue`, { session });
  const smartBillInvoices = async () => ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0].invoices as EmulatorInvoice[];
  const calls = async () =>
    ((await emulator(t, "GET", "/requests")) as { requests: { method: string; path: string }[] }).requests.map((r) => `${r.method} ${r.path}`);
  const history = async (id: number) => (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing })).json<InvoiceEvent[]>();
  const auditRows = (action: string, id: number) =>
    t.db.selectFrom("audit_log").select(["action", "targetLabel"]).where("action", "=", action).where("target", "=", String(id)).execute();
  const stored = (id: number) => t.db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** An invoice sent as a SmartBill draft ('Salvează ca ciornă în SmartBill'); answers its id. */
  async function sentDraft(): Promise<number> {
    const id = await addDraftInvoice(t, clientId);
    await t.db.updateTable("invoices").set({ draft: 1 }).where("id", "=", id).execute();
    const response = await send(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvoiceSendResult>().invoice).toMatchObject({ status: "sent", draft: true, sentNumber: "" });
    return id;
  }

  it("sends the draft again as a final invoice: numbered, fiscal, no longer a draft; the draft stays in SmartBill; in the history and the audit log", async () => {
    const id = await sentDraft();
    const response = await issue(id);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<InvoiceSendResult>();
    expect(result.importResult).toMatchObject({ errorText: "", number: "0001", series: "SBL" });
    expect(result.invoice).toMatchObject({ status: "sent", draft: false, sentSeries: "SBL", sentNumber: "0001" });
    expect((await smartBillInvoices()).map((invoice) => [invoice.isDraft, invoice.number])).toEqual([
      [true, ""],
      [false, "0001"],
    ]);
    expect((await history(id)).map((event) => [event.action, event.outcome])).toEqual([
      ["send", "ok"],
      ["issue", "ok"],
    ]);
    expect(await auditRows("invoices.issue", id)).toEqual([{ action: "invoices.issue", targetLabel: "SBL 0001" }]);
  });

  it("issues one fiscal invoice when 'Emite factura' is pressed in several tabs at once: the others are told it is under way or done", async () => {
    await emulator(t, "PUT", "/settings", { delays: { series: 50 } });
    const id = await sentDraft();
    const responses = await Promise.all(Array.from({ length: 5 }, () => issue(id)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toMatch(/^Factura se trimite chiar acum către SmartBill|^Factura a fost deja trimisă \(seria SBL, numărul 0001\)/);
    }
    expect((await smartBillInvoices()).filter((invoice) => !invoice.isDraft)).toHaveLength(1);
    expect((await calls()).filter((call) => call === "POST /invoice/v2")).toHaveLength(2); // the draft, then the invoice
    // Issued, it is issued: another click, or a plain send, changes nothing.
    expect((await issue(id)).json().message).toBe("Factura a fost deja trimisă (seria SBL, numărul 0001).");
    expect((await send(id)).statusCode).toBe(409);
    expect(await auditRows("invoices.issue", id)).toHaveLength(1);
  });

  it("puts the draft back as it was when nothing could be issued (a series SmartBill lacks), and says why", async () => {
    const id = await sentDraft();
    const before = await stored(id);
    await t.db.updateTable("invoices").set({ seriesName: "XYZ" }).where("id", "=", id).execute();
    const response = await issue(id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Seria „XYZ” nu există în SmartBill/);
    expect(await stored(id)).toEqual({ ...before, seriesName: "XYZ" });
    expect((await history(id)).map((event) => [event.action, event.outcome])).toEqual([
      ["send", "ok"],
      ["issue", "refused"],
    ]);
  });

  it("issues only a SmartBill draft: an invoice not sent is sent with 'Trimite Factura' (409); another tenant's is 404", async () => {
    const request = await addDraftInvoice(t, clientId);
    const notDraft = await issue(request);
    expect(notDraft.statusCode).toBe(409);
    expect(notDraft.json().message).toBe("Factura nu este o ciornă trimisă în SmartBill: o factură netrimisă se emite cu „Trimite Factura”.");
    expect((await stored(request)).status).toBe("draft");
    const draft = await sentDraft();
    expect((await issue(draft, otherTenant)).statusCode).toBe(404);
    expect(await stored(draft)).toMatchObject({ status: "sent", draft: 1, sentNumber: "" });
  });

  it("refuses before SmartBill is asked a line whose VAT differs from its tax in the tax list kept, or whose tax the list lacks", async () => {
    const id = await addDraftInvoice(t, clientId, {
      lines: [
        { name: "Laptop", code: "L1", quantity: 1, price: 10 },
        { name: "Cablu", code: "C1", quantity: 1, price: 10 },
      ],
    });
    await t.db.updateTable("invoice_lines").set({ taxPercentage: 19 }).where("invoiceId", "=", id).where("code", "=", "L1").execute();
    // The list as the dialog last read it.
    expect((await t.api("GET", "/api/smartbill/tax", { session: invoicing })).json()).toMatchObject({ source: "smartbill" });
    await emulator(t, "DELETE", "/requests");
    const before = await stored(id);
    const stale = await send(id);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(
      "Factura nu a fost trimisă: produsul „Laptop” are TVA 19%, dar cota „Normala” din SmartBill este 21%. " +
        "Deschideți produsul în „Produse” și salvați-l: procentul TVA se ia din lista SmartBill.",
    );
    expect(await stored(id)).toEqual(before);
    await t.db.updateTable("invoice_lines").set({ taxName: "Cota veche" }).where("invoiceId", "=", id).where("code", "=", "C1").execute();
    expect((await send(id)).json().message).toBe(
      "Factura nu a fost trimisă: cota „Cota veche” a produsului „Cablu” nu există în SmartBill " +
        "(cotele din SmartBill: Normala 21%, Redusa 11%, Taxare inversa 0%). Alegeți o cotă din listă în „Produse”.",
    );
    expect(await calls()).toEqual([]);

    // Corrected, it goes.
    await t.db.updateTable("invoice_lines").set({ taxName: "Normala", taxPercentage: 21 }).where("invoiceId", "=", id).execute();
    const sent = await send(id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ invoice: Invoice }>().invoice.sentNumber).toBe("0001");
  });
});
