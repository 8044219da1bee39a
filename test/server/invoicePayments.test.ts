/**
 * Payments ('Încasări') of a sent invoice, end to end through the app's own SmartBill emulator:
 * recorded exactly once whatever the clicks, tabs and lost answers; SmartBill's refusals in its
 * words; its payment status read on demand; history and audit rows for what was done.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { Invoice, InvoiceEvent, InvoicePayment, InvoicePaymentResult, LoginResponse } from "../../contract/api";
import type { EmulatorCompanySeed, EmulatorState, Fault } from "../../server/smartbill/emulator/index";
import { smartBillClientForTenant } from "../../server/smartbill/client";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addDraftInvoice, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp, waitForTask } from "../helpers/smartbillData";
import { schedulePaymentStatusRefresh } from "../../server/plugins/paymentStatusRefresh";
import { invoicesAwaitingPayment } from "../../server/tasks/kinds/paymentStatusRefresh";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

describeEachDialect("payments of a sent invoice (/api/smartbill/invoice/{id}/payments)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let otherTenant: LoginResponse;
  let clientId: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    const otherTenantId = await addTenant(t, "Alt Tenant Plăți SRL");
    await addUser(t, { email: "plati@alt.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("plati@alt.ro", "parola-alt-1");
    clientId = await addCustomer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
  });
  afterEach(() => vi.unstubAllEnvs());

  const pay = (id: number, body: object, session = invoicing) => t.api("POST", `/api/smartbill/invoice/${id}/payments`, { session, body });
  const payment = (amount: number, type = "Ordin plata", requestId = randomUUID()) => ({ requestId, amount, date: "2026-09-01", type });
  const fault = (body: Fault) => emulator(t, "POST", "/faults", body);
  const smartBillPayments = async () => ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0].payments;
  const ourPayments = (id: number) => t.db.selectFrom("invoice_payments").selectAll().where("invoiceId", "=", id).execute();
  const listed = async (id: number) => (await t.api("GET", `/api/smartbill/invoice/${id}/payments`, { session: invoicing })).json<InvoicePayment[]>();
  /** A payment whose answer is lost twice: SmartBill stores it and hangs, then the status read after it hangs too. */
  const payLosingAnswers = async (id: number, body: object) => {
    await fault({ fault: "hang-after-store", path: "/payment" });
    // The status read after the payment, not the one before it (which checks what is left to pay).
    await fault({ fault: "timeout", path: "/invoice/paymentstatus", after: "/payment" });
    return pay(id, body);
  };
  const history = async (id: number) => (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing })).json<InvoiceEvent[]>();
  const auditRows = (action: string, id: number) =>
    t.db.selectFrom("audit_log").selectAll().where("action", "=", action).where("target", "=", String(id)).execute();

  it("lists SmartBill's payment types, without the fiscal receipt", async () => {
    const response = await t.api("GET", "/api/smartbill/invoice/payment-types", { session: invoicing });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expect.arrayContaining(["Ordin plata", "Card", "Chitanta", "CEC"]));
    expect(response.json()).not.toContain("Bon");
  });

  it("records a partial then a full payment: the invoice is 'partial', then 'paid', each payment listed, in the history and audited once", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    const first = await pay(id, payment(21));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<InvoicePaymentResult>().invoice.payment).toMatchObject({ total: 121, paid: 21, unpaid: 100, status: "partial" });
    const second = await pay(id, payment(100, "Card"));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<InvoicePaymentResult>().invoice.payment).toMatchObject({ total: 121, paid: 121, unpaid: 0, status: "paid" });

    expect((await smartBillPayments()).map((p) => [p.value, p.type])).toEqual([[21, "Ordin plata"], [100, "Card"]]);
    expect((await listed(id)).map((p) => [p.amount, p.type, p.date, p.userEmail])).toEqual([
      [21, "Ordin plata", "2026-09-01", "facturare@demo.ro"],
      [100, "Card", "2026-09-01", "facturare@demo.ro"],
    ]);
    expect((await history(id)).filter((e) => e.action === "payment").map((e) => e.outcome)).toEqual(["ok", "ok"]);
    expect(await auditRows("invoices.paymentAdd", id)).toHaveLength(2);
  });

  it("records a receipt ('Chitanta') in the company's receipt series", async () => {
    const state = (await emulator(t, "GET", "/state")) as EmulatorState;
    const companies = structuredClone(state.companies) as unknown as EmulatorCompanySeed[];
    companies[0].series!.find((series) => series.type === "c")!.nextNumber = 7;
    await emulator(t, "PUT", "/state", { companies });
    const id = await addSentInvoice(t, invoicing, clientId);
    const response = await pay(id, payment(10, "Chitanta"));
    expect(response.statusCode, response.body).toBe(200);
    const [made] = await smartBillPayments();
    expect(made).toMatchObject({ type: "Chitanta", value: 10, isCash: true });
    expect(made).toMatchObject({ series: "CH", number: "0007" });
  });

  it("answers SmartBill's own refusal of a receipt when the company has no receipt series", async () => {
    const state = (await emulator(t, "GET", "/state")) as EmulatorState;
    const companies = structuredClone(state.companies) as unknown as EmulatorCompanySeed[];
    companies[0].series = companies[0].series!.filter((series) => series.type !== "c");
    await emulator(t, "PUT", "/state", { companies });
    const id = await addSentInvoice(t, invoicing, clientId);
    const response = await pay(id, payment(10, "Chitanta"));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Seria nu a fost gasita! Folositi o serie creata in contul de cloud\./);
  });

  it("refuses an over-payment itself, before SmartBill is asked to pay: what is left, read from SmartBill, in words; nothing recorded", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    expect((await pay(id, payment(21))).statusCode).toBe(200);
    await emulator(t, "DELETE", "/requests");
    const response = await pay(id, payment(100.01));
    expect(response.statusCode).toBe(400);
    const refusal = "Încasarea nu a fost înregistrată: suma de 100,01 RON depășește restul de încasat pe factură, 100,00 RON (după SmartBill).";
    expect(response.json()).toEqual({ message: refusal, errors: { amount: refusal } });
    // SmartBill was asked what is left to pay, never asked to pay.
    const { requests } = (await emulator(t, "GET", "/requests")) as { requests: { method: string; path: string }[] };
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /invoice/paymentstatus"]);
    expect((await smartBillPayments()).map((p) => p.value)).toEqual([21]);
    expect((await ourPayments(id)).map((p) => Number(p.amount))).toEqual([21]);
    expect(await auditRows("invoices.paymentAdd", id)).toHaveLength(1);
    expect((await history(id)).filter((e) => e.action === "payment").map((e) => e.outcome)).toEqual(["ok", "refused"]);
    // Exactly what is left is taken; then nothing is.
    expect((await pay(id, payment(100))).statusCode).toBe(200);
    const paid = await pay(id, payment(0.01));
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe("Încasarea nu a fost înregistrată: factura este încasată integral în SmartBill, nu mai este nimic de încasat.");
  });

  it("refuses bad input with a Romanian sentence per field, asking nothing of SmartBill", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    await emulator(t, "DELETE", "/requests");
    const response = await pay(id, { requestId: "nu-e-uuid", amount: 10.005, date: "2026-02-30", type: "Bon" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(["amount", "date", "requestId", "type"]);
    expect(response.json().message).toMatch(/^Încasarea nu a fost înregistrată/);
    for (const amount of [0, -5]) expect((await pay(id, payment(amount))).json().errors).toHaveProperty("amount");
    expect(((await emulator(t, "GET", "/requests")) as { count: number }).count).toBe(0);
  });

  it("records a payment whose answer was lost (stored, then no answer, then no status) once, when it is retried", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    const id = await addSentInvoice(t, invoicing, clientId);
    const body = payment(30);
    // The check right after the lost answer is lost too: the payment stays unclear.
    const lost = await payLosingAnswers(id, body);
    expect(lost.statusCode, lost.body).toBe(504);
    expect(lost.json().message).toMatch(/Nu se știe dacă SmartBill a înregistrat încasarea/);
    expect((await ourPayments(id)).map((p) => p.status)).toEqual(["unclear"]);

    const retried = await pay(id, body);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<InvoicePaymentResult>().message).toMatch(/confirmat din starea plății/);
    expect(retried.json<InvoicePaymentResult>().invoice.payment).toMatchObject({ paid: 30, status: "partial" });
    expect(await smartBillPayments()).toHaveLength(1);
    expect(await listed(id)).toHaveLength(1);
    expect(await auditRows("invoices.paymentAdd", id)).toHaveLength(1);
    expect((await history(id)).filter((e) => e.action === "payment").map((e) => e.outcome)).toEqual(["failed", "ok"]);
  });

  it("confirms a payment whose reply was dropped after it was stored from SmartBill's paid amount, at once", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    await fault({ fault: "drop-after-store", path: "/payment" });
    const response = await pay(id, payment(40));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvoicePaymentResult>().invoice.payment).toMatchObject({ paid: 40 });
    expect(await smartBillPayments()).toHaveLength(1);
    expect(await listed(id)).toHaveLength(1);
  });

  it("sends a lost payment again only once SmartBill shows it was not made and its time-out has passed", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    const id = await addSentInvoice(t, invoicing, clientId);
    const body = payment(25);
    await fault({ fault: "timeout", path: "/payment" });
    expect((await pay(id, body)).statusCode).toBe(504);
    // A time-out far longer than the test while the retry comes "too soon", however slow the machine.
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "600000");
    const tooSoon = await pay(id, body);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.headers["retry-after"]).toBeDefined();
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await pay(id, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(await smartBillPayments()).toHaveLength(1);
    expect(await listed(id)).toHaveLength(1);
  });

  it("does not pay again from a new dialog when the earlier payment's lost answer turns out made: it is recorded, and the clerk told", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "400");
    const id = await addSentInvoice(t, invoicing, clientId);
    expect((await payLosingAnswers(id, payment(30))).statusCode).toBe(504);
    const fresh = await pay(id, payment(30));
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().message).toMatch(/O încasare anterioară/);
    expect(await smartBillPayments()).toHaveLength(1);
    expect(await listed(id)).toHaveLength(1);
    expect(await auditRows("invoices.paymentAdd", id)).toHaveLength(1);
  });

  it("makes one payment of a double click (two concurrent requests with the same request id)", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    await emulator(t, "PUT", "/settings", { delays: { payment: 300 } });
    const body = payment(50);
    const answers = await Promise.all([pay(id, body), pay(id, body)]);
    await emulator(t, "PUT", "/settings", { delays: {} });
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await smartBillPayments()).toHaveLength(1);
    expect(await ourPayments(id)).toHaveLength(1);
    // The same request asked again once answered: the same payment, nothing sent.
    const again = await pay(id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/deja înregistrată/);
    expect(await smartBillPayments()).toHaveLength(1);
  });

  it("lets one of two tabs pay at a time: the other is told another action is under way", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    await emulator(t, "PUT", "/settings", { delays: { payment: 300 } });
    const answers = await Promise.all([pay(id, payment(50)), pay(id, payment(50))]);
    await emulator(t, "PUT", "/settings", { delays: {} });
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/O altă acțiune pe această factură este în curs/);
    expect(await smartBillPayments()).toHaveLength(1);
  });

  it("deletes a payment from SmartBill: the paid amount goes back, the payment leaves the list, audited", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    await pay(id, payment(21));
    await pay(id, payment(30, "Card"));
    const [first] = await listed(id);
    const response = await t.api("DELETE", `/api/smartbill/invoice/${id}/payments/${first.id}`, { session: invoicing });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvoicePaymentResult>().invoice.payment).toMatchObject({ paid: 30 });
    expect((await smartBillPayments()).map((p) => p.value)).toEqual([30]);
    expect((await listed(id)).map((p) => p.amount)).toEqual([30]);
    expect(await auditRows("invoices.paymentDelete", id)).toHaveLength(1);
    const again = await t.api("DELETE", `/api/smartbill/invoice/${id}/payments/${first.id}`, { session: invoicing });
    expect(again.statusCode).toBe(409);
  });

  it("deletes a receipt payment ('Chitanta') through SmartBill's receipt deletion: the last of its series only, the receipt marked deleted with it", async () => {
    const state = (await emulator(t, "GET", "/state")) as EmulatorState;
    const companies = structuredClone(state.companies) as unknown as EmulatorCompanySeed[];
    companies[0].series!.find((series) => series.type === "c")!.nextNumber = 7;
    await emulator(t, "PUT", "/state", { companies });
    const id = await addSentInvoice(t, invoicing, clientId);
    expect((await pay(id, payment(10, "Chitanta"))).statusCode).toBe(200);
    expect((await pay(id, payment(20, "Chitanta"))).statusCode).toBe(200);
    const [first, second] = await listed(id);
    expect([first.receiptName, second.receiptName]).toEqual(["CH 0007", "CH 0008"]);
    const remove = (paymentId: number) => t.api("DELETE", `/api/smartbill/invoice/${id}/payments/${paymentId}`, { session: invoicing });
    const deletions = async () =>
      ((await emulator(t, "GET", "/requests")) as { requests: { method: string; path: string; query: string }[] }).requests
        .filter((r) => r.method === "DELETE")
        .map((r) => `${r.path} ${new URLSearchParams(r.query).get("seriesname") ?? ""} ${new URLSearchParams(r.query).get("number") ?? ""}`.trim());
    const receiptStatus = async (paymentId: number) =>
      (await t.db.selectFrom("receipts").select("status").where("paymentId", "=", paymentId).executeTakeFirstOrThrow()).status;
    await emulator(t, "DELETE", "/requests");

    // Not the last of its series: SmartBill's 403, in our sentence; nothing changes here.
    const refused = await remove(first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Chitanța nu a fost ștearsă: SmartBill permite ștergerea doar a ultimei chitanțe din serie\. Răspunsul SmartBill: /);
    expect(await deletions()).toEqual(["/payment/chitanta CH 0007"]);
    expect(await receiptStatus(first.id)).toBe("issued");
    expect((await listed(id)).map((p) => p.amount)).toEqual([10, 20]);

    // The last one: deleted in SmartBill with its payment, and here the receipt, the payment and the history together.
    await emulator(t, "DELETE", "/requests");
    const deleted = await remove(second.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await deletions()).toEqual(["/payment/chitanta CH 0008"]);
    expect(deleted.json<InvoicePaymentResult>().invoice.payment).toMatchObject({ paid: 10 });
    expect((await smartBillPayments()).map((p) => p.value)).toEqual([10]);
    expect(await receiptStatus(second.id)).toBe("deleted");
    expect((await listed(id)).map((p) => p.amount)).toEqual([10]);
    const event = (await history(id)).filter((e) => e.action === "paymentDelete").at(-1)!;
    expect(event).toMatchObject({ outcome: "ok", detail: { amount: 20, type: "Chitanta", receipt: "CH 0008" } });
    expect(await auditRows("invoices.paymentDelete", id)).toHaveLength(1);

    // Now the first is the last of its series.
    expect((await remove(first.id)).statusCode).toBe(200);
    expect(await receiptStatus(first.id)).toBe("deleted");
    expect(await smartBillPayments()).toEqual([]);
  });

  it("refuses to delete a receipt payment whose receipt number was never known, telling the clerk to delete it in SmartBill", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    expect((await pay(id, payment(10, "Chitanta"))).statusCode).toBe(200);
    const [made] = await listed(id);
    // As a payment confirmed from the paid amount after a lost answer is: no receipt number.
    await t.db.deleteFrom("receipts").where("paymentId", "=", made.id).execute();
    await t.db.updateTable("invoice_payments").set({ receiptSeries: null, receiptNumber: null }).where("id", "=", made.id).execute();
    await emulator(t, "DELETE", "/requests");
    const response = await t.api("DELETE", `/api/smartbill/invoice/${id}/payments/${made.id}`, { session: invoicing });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/numărul chitanței ei nu este cunoscut.*Ștergeți chitanța direct în SmartBill/);
    const { requests } = (await emulator(t, "GET", "/requests")) as { requests: { method: string }[] };
    expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);
    expect((await listed(id)).map((p) => p.amount)).toEqual([10]);
  });

  it("reads SmartBill's payment status on demand (a payment made in SmartBill itself), in the history, not audited", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    const client = await smartBillClientForTenant(t.db, DEMO_TENANT, t.app.smartBillUrls);
    const invoice = await t.db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await client.addPayment({ type: "Card", value: 121, isCash: false, client: { name: "Client RO12345678 SRL", vatCode: "RO12345678" }, invoicesList: [{ seriesName: invoice.sentSeries!, number: invoice.sentNumber! }] });
    const response = await t.api("POST", `/api/smartbill/invoice/${id}/payment-status`, { session: invoicing });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvoicePaymentResult>().message).toMatch(/Încasată/);
    expect(response.json<InvoicePaymentResult>().invoice.payment).toMatchObject({ total: 121, paid: 121, status: "paid" });
    expect((await history(id)).map((e) => e.action)).toContain("paymentStatus");
    expect(await t.db.selectFrom("audit_log").select("id").where("target", "=", String(id)).where("action", "like", "invoices.payment%").execute()).toEqual([]);
  });

  it("refreshes the payment status of the tenant's unpaid invoices by a periodic task, one at a time per tenant, leaving paid and unsent ones alone", async () => {
    const paidThere = await addSentInvoice(t, invoicing, clientId);
    const unpaid = await addSentInvoice(t, invoicing, clientId);
    const draft = await addDraftInvoice(t, clientId);
    const client = await smartBillClientForTenant(t.db, DEMO_TENANT, t.app.smartBillUrls);
    const ref = await t.db.selectFrom("invoices").select(["sentSeries", "sentNumber"]).where("id", "=", paidThere).executeTakeFirstOrThrow();
    await client.addPayment({ type: "Card", value: 121, isCash: false, client: { name: "Client RO12345678 SRL", vatCode: "RO12345678" }, invoicesList: [{ seriesName: ref.sentSeries!, number: ref.sentNumber! }] });

    expect(await schedulePaymentStatusRefresh(t.db)).toBeGreaterThanOrEqual(1);
    // A second pass while the first is queued or running adds nothing for the tenant.
    await schedulePaymentStatusRefresh(t.db);
    const tasks = await t.db.selectFrom("tasks").selectAll().where("tenantId", "=", DEMO_TENANT).where("kind", "=", "payment-status").execute();
    expect(tasks.filter((task) => task.status === "queued" || task.status === "running").length).toBeLessThanOrEqual(1);
    const task = await waitForTask(t, invoicing, tasks.at(-1)!.id);
    expect(task.status, task.errorText ?? "").toBe("done");

    const payment = async (id: number) => (await t.api("GET", `/api/smartbill/invoice/${id}`, { session: invoicing })).json<Invoice>().payment;
    expect(await payment(paidThere)).toMatchObject({ paid: 121, status: "paid" });
    expect(await payment(unpaid)).toMatchObject({ paid: 0, status: "unpaid" });
    expect(await payment(draft)).toBeNull();
    // A paid invoice is read no more.
    const awaiting = await invoicesAwaitingPayment(t.db, DEMO_TENANT).select("id").execute();
    expect(awaiting.map((row) => row.id)).not.toContain(paidThere);
    expect(awaiting.map((row) => row.id)).toContain(unpaid);
  });

  it("is for the invoicing role on the tenant's sent invoices: an admin gets 403, another tenant 404, an unsent invoice 409", async () => {
    const id = await addSentInvoice(t, invoicing, clientId);
    expect((await pay(id, payment(10), admin)).statusCode).toBe(403);
    expect((await t.api("GET", `/api/smartbill/invoice/${id}/payments`, { session: admin })).statusCode).toBe(403);
    expect((await pay(id, payment(10), otherTenant)).statusCode).toBe(404);
    expect((await t.api("GET", `/api/smartbill/invoice/${id}/payments`, { session: otherTenant })).statusCode).toBe(404);
    const draft = await addDraftInvoice(t, clientId);
    expect((await pay(draft, payment(10))).statusCode).toBe(409);
    expect(await smartBillPayments()).toEqual([]);
  });
});
