/**
 * Receipts ('Chitanțe') end to end through the app's own SmartBill emulator: issued on their own
 * exactly once whatever the clicks and lost answers (a lost answer confirmed from the receipt
 * series), listed with the receipts of invoices' cash payments, deleted only as SmartBill allows,
 * another tenant's refused as unknown, bad input refused in Romanian, each change audited.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LoginResponse, Receipt, ReceiptDeleteResult } from "../../contract/api";
import type { EmulatorCompanySeed, EmulatorState, Fault } from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addSentInvoice } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";
import { checkReceiptInput } from "../../server/routes/api/receipts/receiptInput";

afterAll(removeTemporaryDatabases);

describeEachDialect("receipts (/api/smartbill/receipt)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let otherTenant: LoginResponse;
  let clientId: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    invoicing = await t.signIn("facturare@demo.ro");
    const otherTenantId = await addTenant(t, "Alt Tenant Chitanțe SRL");
    await addUser(t, { email: "chitante@alt.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("chitante@alt.ro", "parola-alt-1");
    clientId = await addCustomer(t, undefined, "RO87654321");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
    await t.db.deleteFrom("receipts").execute();
    await t.db.deleteFrom("audit_log").where("action", "like", "receipts.%").execute();
    // The demo company's receipt series, seeded here rather than waiting for the demo data to have one.
    const state = (await emulator(t, "GET", "/state")) as EmulatorState;
    const companies = structuredClone(state.companies) as unknown as EmulatorCompanySeed[];
    companies[0].series = (companies[0].series ?? []).filter((s) => s.type !== "c");
    companies[0].series.push({ name: "CH", type: "c", nextNumber: 7 });
    await emulator(t, "PUT", "/state", { companies });
  });
  afterEach(() => vi.unstubAllEnvs());

  const issue = (body: object, session = invoicing) => t.api("POST", "/api/smartbill/receipt", { session, body });
  const receipt = (overrides: object = {}) => ({
    requestId: randomUUID(),
    kind: "Chitanta",
    clientId,
    amount: 150.5,
    currency: "RON",
    date: "2026-09-01",
    text: "Avans comanda 42",
    seriesName: "CH",
    ...overrides,
  });
  const fault = (body: Fault) => emulator(t, "POST", "/faults", body);
  const smartBillReceipts = async () =>
    ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0].payments.filter((p) => p.type === "Chitanta");
  const list = async (query = "", session = invoicing) => (await t.api("GET", `/api/smartbill/receipt${query}`, { session })).json<Receipt[]>();
  const auditRows = (action: string) => t.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();

  it("issues a receipt in the chosen series: SmartBill's number, listed, shown and audited", async () => {
    const response = await issue(receipt());
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json<Receipt>();
    expect(made).toMatchObject({ kind: "Chitanta", status: "issued", seriesName: "CH", number: "0007", amount: 150.5, currency: "RON", clientName: "Client RO87654321 SRL", text: "Avans comanda 42" });
    expect(await smartBillReceipts()).toEqual([expect.objectContaining({ series: "CH", number: "0007", value: 150.5, clientCif: "RO87654321", invoices: [] })]);
    expect((await list()).map((r) => r.number)).toEqual(["0007"]);
    const shown = await t.api("GET", `/api/smartbill/receipt/${made.id}`, { session: invoicing });
    expect(shown.json<Receipt>().id).toBe(made.id);
    expect(await auditRows("receipts.issue")).toHaveLength(1);
  });

  it("offers the company's receipt series for the form", async () => {
    const response = await t.api("GET", "/api/smartbill/receipt/series", { session: invoicing });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ series: [{ name: "CH", nextNumber: 7 }] });
  });

  it("issues one receipt for a double click: the same request twice at once", async () => {
    const body = receipt();
    const answers = await Promise.all([issue(body), issue(body)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // Either the second waited for nothing (409, being issued) or came after (201, answered from the row).
    expect([[201, 409], [201, 201]]).toContainEqual(statuses);
    const again = await issue(body);
    expect(again.statusCode).toBe(201);
    expect(again.json<Receipt>().number).toBe("0007");
    expect(await smartBillReceipts()).toHaveLength(1);
    expect(await list()).toHaveLength(1);
    expect(await auditRows("receipts.issue")).toHaveLength(1);
  });

  it("confirms a receipt whose answer was lost from its series, once, without asking again", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    const body = receipt();
    await fault({ fault: "hang-after-store", path: "/payment" });
    // The series read right after the lost answer is lost too: the receipt stays unclear.
    await fault({ fault: "timeout", path: "/series", after: "/payment" });
    const lost = await issue(body);
    expect(lost.statusCode, lost.body).toBe(504);
    expect(lost.json().message).toMatch(/Nu se știe dacă SmartBill a emis chitanța/);
    expect((await t.db.selectFrom("receipts").select("status").execute()).map((r) => r.status)).toEqual(["unclear"]);

    const retried = await issue(body);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json<Receipt>()).toMatchObject({ status: "issued", number: "0007" });
    expect(retried.json<Receipt>().message).toMatch(/confirmat din serie/);
    expect(await smartBillReceipts()).toHaveLength(1);
    expect(await auditRows("receipts.issue")).toHaveLength(1);
  });

  it("confirms at once a receipt whose reply was dropped after it was stored", async () => {
    await fault({ fault: "drop-after-store", path: "/payment" });
    const response = await issue(receipt());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Receipt>()).toMatchObject({ status: "issued", number: "0007" });
    expect(await smartBillReceipts()).toHaveLength(1);
  });

  it("issues a lost receipt again only when its series shows it was not made and its time-out has passed", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    const body = receipt();
    await fault({ fault: "timeout", path: "/payment" });
    expect((await issue(body)).statusCode).toBe(504);
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "600000");
    const tooSoon = await issue(body);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.headers["retry-after"]).toBeDefined();
    // Another receipt of the same series waits too: the series could not tell the two apart.
    expect((await issue(receipt())).statusCode).toBe(409);
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await issue(body);
    expect(again.statusCode, again.body).toBe(201);
    expect(await smartBillReceipts()).toHaveLength(1);
  });

  it("deletes the last receipt of its series, and refuses one that is not the last in SmartBill's words, keeping it", async () => {
    const first = (await issue(receipt())).json<Receipt>();
    const second = (await issue(receipt({ amount: 20 }))).json<Receipt>();
    const refused = await t.api("DELETE", `/api/smartbill/receipt/${first.id}`, { session: invoicing });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Chitanța nu a fost ștearsă: SmartBill permite ștergerea doar a ultimei chitanțe din serie\. Răspunsul SmartBill: .*CH.*0007/);
    expect((await t.api("GET", `/api/smartbill/receipt/${first.id}`, { session: invoicing })).json<Receipt>().status).toBe("issued");

    const deleted = await t.api("DELETE", `/api/smartbill/receipt/${second.id}`, { session: invoicing });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<ReceiptDeleteResult>().receipt.status).toBe("deleted");
    expect((await smartBillReceipts()).map((r) => r.number)).toEqual(["0007"]);
    expect(await auditRows("receipts.delete")).toHaveLength(1);
    // Now the first is the last of its series.
    expect((await t.api("DELETE", `/api/smartbill/receipt/${first.id}`, { session: invoicing })).statusCode).toBe(200);
  });

  it("answers another tenant's receipt as unknown (404), and lists none of it", async () => {
    const made = (await issue(receipt())).json<Receipt>();
    for (const [method, path] of [["GET", `${made.id}`], ["GET", `${made.id}/text`], ["DELETE", `${made.id}`]] as const) {
      const response = await t.api(method, `/api/smartbill/receipt/${path}`, { session: otherTenant });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Chitanța nu a fost găsită.");
    }
    expect(await list("", otherTenant)).toEqual([]);
    // Nor may a receipt be issued to another tenant's customer.
    const foreign = await issue(receipt(), otherTenant);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty("clientId");
  });

  it("refuses bad input with a Romanian sentence per field, asking nothing of SmartBill", async () => {
    await emulator(t, "DELETE", "/requests");
    const response = await issue({ ...receipt(), requestId: "nu-e-uuid", amount: 10.005, date: "2026-02-30", currency: "R0N", seriesName: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Chitanța nu a fost emisă/);
    expect(Object.keys(response.json().errors).sort()).toEqual(["amount", "currency", "date", "requestId", "seriesName"]);
    expect(response.json().errors.amount).toBe("Suma trebuie să fie un număr mai mare decât zero, cu cel mult două zecimale.");
    for (const amount of [0, -5]) expect((await issue(receipt({ amount }))).json().errors).toHaveProperty("amount");
    expect((await issue(receipt({ amount: 1e308 }))).json().errors.amount).toBe("Suma este prea mare.");
    // A receipt has an amount, not products: lines sent with it are refused, not dropped unseen.
    const withLines = await issue(receipt({ lines: [{ name: "Cafea", quantity: 1, price: 99, taxName: "Normala", taxPercentage: 21 }] }));
    expect(withLines.statusCode).toBe(400);
    expect(withLines.json().errors).toEqual({ lines: "Produsele se trec doar pe un bon fiscal; chitanța are doar o sumă. Alegeți „Bon fiscal” sau scoateți produsele." });
    expect(((await emulator(t, "GET", "/requests")) as { count: number }).count).toBe(0);
    // A series the company does not have: named, with the ones it has.
    const unknown = await issue(receipt({ seriesName: "XX" }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.seriesName).toBe("Seria „XX” nu este o serie de chitanțe a firmei în SmartBill. Alegeți dintre: CH.");
    expect(await smartBillReceipts()).toHaveLength(0);
  });

  it("refuses a fiscal receipt whose lines come to nothing or to more than a number holds, or whose amount is not its lines' total, asking nothing of SmartBill", async () => {
    await emulator(t, "DELETE", "/requests");
    const bon = (lines: object[], extra: object = {}) =>
      issue({ requestId: randomUUID(), kind: "Bon", clientId, currency: "RON", date: "2026-09-01", lines, ...extra });
    const line = { name: "Cafea", quantity: 1, price: 5, taxName: "Normala", taxPercentage: 21 };
    const nothing = await bon([{ ...line, price: 0 }]);
    expect(nothing.statusCode, nothing.body).toBe(400);
    expect(nothing.json().errors.lines).toBe("Totalul bonului fiscal trebuie să fie mai mare decât zero: produsele lui nu însumează nimic.");
    expect((await bon([{ ...line, quantity: 0.0000001, price: 0.01 }])).json().errors).toHaveProperty("lines");
    const infinite = await bon([{ ...line, quantity: 1e200, price: 1e200 }]);
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json().errors.amount).toBe("Suma este prea mare.");
    const differs = await bon([line], { amount: 999 });
    expect(differs.statusCode).toBe(400);
    expect(differs.json().errors.amount).toBe("Suma bonului fiscal este totalul produselor lui (5,00 lei); lăsați-o necompletată sau scrieți totalul.");
    expect((await bon([line], { amount: 5 })).statusCode).toBe(201);
    expect(((await emulator(t, "GET", "/requests")) as { count: number }).count).toBe(1);
    expect(await t.db.selectFrom("receipts").select("amount").execute()).toEqual([{ amount: 5 }]);
  });

  it("refuses a list's period that is not yyyy-mm-dd instead of comparing it as text", async () => {
    for (const query of ["?dateFrom=ieri", "?dateTo=2026-9-1", "?dateFrom=2026-09-01x"]) {
      const response = await t.api("GET", `/api/smartbill/receipt${query}`, { session: invoicing });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/^Date invalide: „date(From|To)”/);
    }
    expect((await t.api("GET", "/api/smartbill/receipt?dateFrom=2026-09-01&dateTo=2026-09-30", { session: invoicing })).statusCode).toBe(200);
  });

  it("lists the receipt of an invoice's cash payment, linked to its invoice, and filters by customer and date", async () => {
    const invoiceId = await addSentInvoice(t, invoicing, clientId);
    const paid = await t.api("POST", `/api/smartbill/invoice/${invoiceId}/payments`, {
      session: invoicing,
      body: { requestId: randomUUID(), amount: 21, date: "2026-09-02", type: "Chitanta" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await issue(receipt({ date: "2026-09-05" }))).statusCode).toBe(201);
    const all = await list();
    expect(all.map((r) => [r.number, r.invoiceId, r.date])).toEqual([["0008", null, "2026-09-05"], ["0007", invoiceId, "2026-09-02"]]);
    expect(all[1].invoiceSeries).toBeTruthy();
    // The invoice's payments name the receipt, for the link to it.
    const payments = (await t.api("GET", `/api/smartbill/invoice/${invoiceId}/payments`, { session: invoicing })).json();
    expect(payments).toEqual([expect.objectContaining({ type: "Chitanta", receiptId: all[1].id, receiptName: "CH 0007" })]);
    expect((await list("?dateTo=2026-09-03")).map((r) => r.number)).toEqual(["0007"]);
    expect((await list("?dateFrom=2026-09-03")).map((r) => r.number)).toEqual(["0008"]);
    expect(await list(`?clientId=${clientId}`)).toHaveLength(2);
    expect(await list(`?clientId=${clientId + 1000}`)).toEqual([]);
  });

  it("issues a fiscal receipt in lei from its lines, shows its text for the cash register, and never sends a lost one again", async () => {
    const line = { name: "Cafea boabe", quantity: 2, price: 7.5, taxName: "Redusa", taxPercentage: 11 };
    const response = await issue({ requestId: randomUUID(), kind: "Bon", clientId, currency: "RON", date: "2026-09-01", lines: [line] });
    expect(response.statusCode, response.body).toBe(201);
    const bon = response.json<Receipt>();
    expect(bon).toMatchObject({ kind: "Bon", status: "issued", amount: 15, currency: "RON", seriesName: "" });
    expect(bon.smartBillId).toBeTruthy();
    const text = await t.api("GET", `/api/smartbill/receipt/${bon.id}/text`, { session: invoicing });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json<{ text: string }>().text).toContain("Cafea boabe;7.50;2.000");
    // A receipt has no text for the register; a fiscal receipt is not deleted through the API.
    const chitanta = (await issue(receipt())).json<Receipt>();
    expect((await t.api("GET", `/api/smartbill/receipt/${chitanta.id}/text`, { session: invoicing })).statusCode).toBe(409);
    expect((await t.api("DELETE", `/api/smartbill/receipt/${bon.id}`, { session: invoicing })).statusCode).toBe(409);

    // A lost answer cannot be checked (a Bon takes no series): kept unclear, never sent again by itself.
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    const body = { requestId: randomUUID(), kind: "Bon", clientId, currency: "RON", date: "2026-09-01", lines: [line] };
    await fault({ fault: "hang-after-store", path: "/payment" });
    expect((await issue(body)).statusCode).toBe(504);
    const again = await issue(body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Verificați în SmartBill/);
    const bons = ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0].payments.filter((p) => p.type === "Bon");
    expect(bons).toHaveLength(2);
  });

  it("is for the invoicing role and the super-admin: an administrator is refused", async () => {
    const admin = await t.signIn("admin@demo.ro");
    expect((await t.api("GET", "/api/smartbill/receipt", { session: admin })).statusCode).toBe(403);
  });
});

describe("a fiscal receipt's input", () => {
  const base = { requestId: randomUUID(), kind: "Bon", clientId: 1, currency: "RON", date: "2026-09-01" };
  it("takes its amount from its lines and is issued in lei only", () => {
    const input = checkReceiptInput({ ...base, lines: [{ name: "Cafea", quantity: 2, price: 7.5, taxName: "Redusa", taxPercentage: 11 }] });
    expect(input).toMatchObject({ kind: "Bon", amount: 15, seriesName: "" });
    expect(() => checkReceiptInput({ ...base, currency: "EUR", lines: [{ name: "Cafea", quantity: 1, price: 1, taxName: "Normala", taxPercentage: 21 }] })).toThrow(
      "Bonul fiscal se emite doar în lei (RON).",
    );
    expect(() => checkReceiptInput({ ...base, lines: [] })).toThrow("Bonul fiscal trebuie să aibă cel puțin un produs.");
  });
});
