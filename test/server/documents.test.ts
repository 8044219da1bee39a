/**
 * Documents started here rather than imported, and each kind sent to its own SmartBill routes,
 * end to end (the app listening, with its SmartBill emulator; what SmartBill holds and was asked
 * is read from the emulator's admin API):
 * - 'Factură nouă' / 'Proformă nouă': POST / with the form, checked as PUT checks it;
 * - 'Duplică': POST /{id}/duplicate, the form and lines copied, nothing of the send;
 * - an invoice goes to /invoice/v2 and keeps SmartBill's documentId and public view link;
 * - a proforma goes to /estimate/v2 exactly once (a double click, a reply lost after SmartBill
 *   stored it), and its PDF, e-mail, cancel, restore and delete go to SmartBill's /estimate routes.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Invoice, InvoiceEvent, InvoiceSendResult, LoginResponse } from "../../contract/api";
import { duplicatedFrom, proformaWords } from "../../server/messages";
import { romanianDate } from "../../server/smartbill/bucharestTime";
import type { OutboxMail } from "../../server/smartbill/emulator/documentSend";
import type { EmulatorInvoice, EmulatorState } from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addDraftInvoice } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const INVOICES = "/api/smartbill/invoice";
const PROFORMAS = "/api/smartbill/proforma";

interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  body?: Record<string, unknown>;
}

describeEachDialect("documents started here, duplicated, and sent by kind", (dialect) => {
  let t: TestApp;
  let clerk: LoginResponse;
  let otherClerk: LoginResponse;
  let clientId: number;
  let otherTenantClientId: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    clerk = await t.signIn("facturare@demo.ro");
    const otherTenant = await addTenant(t, "Alt Tenant Documente SRL");
    await addUser(t, { email: "facturare@alt-documente.ro", tenantId: otherTenant, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherClerk = await t.signIn("facturare@alt-documente.ro", "parola-alt-1");
    clientId = await addCustomer(t);
    otherTenantClientId = await addCustomer(t, otherTenant, "RO87654321");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
  });

  const state = async () => ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0];
  const smartBillEstimates = async () => (await state()).estimates as EmulatorInvoice[];
  const requests = async () => ((await emulator(t, "GET", "/requests")) as { requests: LoggedRequest[] }).requests;
  const calls = async () => (await requests()).map((r) => `${r.method} ${r.path}`);
  const outbox = async () => ((await emulator(t, "GET", "/outbox")) as { mails: OutboxMail[] }).mails;
  /** The audit rows of a document (a user's or a tenant's row may have the same key). */
  const auditRows = (target: number) =>
    t.db
      .selectFrom("audit_log")
      .select(["action", "result"])
      .where("target", "=", String(target))
      .where((eb) => eb.or([eb("action", "like", "invoices.%"), eb("action", "like", "proformas.%")]))
      .orderBy("id")
      .execute();
  const history = async (prefix: string, id: number) =>
    (await t.api("GET", `${prefix}/${id}/history`, { session: clerk })).json<InvoiceEvent[]>();
  const send = (prefix: string, id: number) => t.api("POST", `${prefix}/send/${id}`, { session: clerk });

  /** The form as a clerk fills it on 'Factură nouă'. */
  const newForm = (fields: Record<string, unknown> = {}) => ({
    clientId,
    warehouseId: null,
    issueDate: romanianDate(Date.now()),
    dueDays: 15,
    useStock: false,
    mentions: "Comanda 7",
    observations: "",
    draft: false,
    saveToDb: false,
    seriesName: "SBL",
    currency: "RON",
    language: "RO",
    precision: 2,
    ...fields,
  });

  it("creates an invoice and a proforma from the form: 201, a draft of its kind without lines, audited", async () => {
    const invoice = await t.api("POST", INVOICES, { session: clerk, body: newForm() });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const created = invoice.json<Invoice>();
    expect(created).toMatchObject({
      ...newForm(),
      documentType: "invoice",
      status: "draft",
      version: 1,
      clientName: "Client RO12345678 SRL",
      sentNumber: null,
      documentViewUrl: null,
      products: [],
      total: 0,
    });
    expect(await auditRows(created.id)).toEqual([{ action: "invoices.create", result: null }]);

    const proforma = await t.api("POST", PROFORMAS, { session: clerk, body: newForm({ seriesName: "SBL-PF", mentions: "  Avans  " }) });
    expect(proforma.statusCode, proforma.body).toBe(201);
    const made = proforma.json<Invoice>();
    expect(made).toMatchObject({ documentType: "proforma", seriesName: "SBL-PF", mentions: "Avans", status: "draft" });
    expect(await auditRows(made.id)).toEqual([{ action: "proformas.create", result: null }]);
    // Each on its own kind's routes only.
    expect((await t.api("GET", `${INVOICES}/${made.id}`, { session: clerk })).statusCode).toBe(404);
    expect((await t.api("GET", `${PROFORMAS}/${made.id}`, { session: clerk })).statusCode).toBe(200);
    // Lines are added on its screen, as on an imported one's.
    const line = await t.api("POST", `${PROFORMAS}/${made.id}/line`, { session: clerk, body: { name: "Cablu", code: "CBL", quantity: 2, price: 10 } });
    expect(line.statusCode, line.body).toBe(200);
  });

  it("refuses a bad form as PUT does, naming each field, and stores nothing", async () => {
    const count = async () => Number((await t.db.selectFrom("invoices").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const bad = await t.api("POST", INVOICES, { session: clerk, body: newForm({ seriesName: " ", issueDate: "2026-02-30", currency: "" }) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string> }>().errors).sort()).toEqual(["currency", "issueDate", "seriesName"]);
    expect(bad.json<{ errors: Record<string, string> }>().errors.seriesName).toBe("Seria facturii este obligatorie.");
    const foreign = await t.api("POST", PROFORMAS, { session: clerk, body: newForm({ clientId: otherTenantClientId }) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ errors: { clientId: "Clientul ales nu există în lista de clienți." } });
    const unknownField = await t.api("POST", INVOICES, { session: clerk, body: { ...newForm(), total: 5, paid: true } });
    expect(unknownField.statusCode).toBe(400);
    const missing = await t.api("POST", INVOICES, { session: clerk, body: { clientId } });
    expect(missing.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it("duplicates a sent invoice: same kind, form and lines, issued today, a draft, nothing of the send", async () => {
    const fromId = await addDraftInvoice(t, clientId, {
      issueDate: romanianDate(Date.now()),
      lines: [
        { name: "Serviciu consultanță", code: "SRV1", quantity: 2, price: 50 },
        { name: "Instalare", code: "SRV2", quantity: 1, price: 30.5 },
      ],
    });
    expect((await send(INVOICES, fromId)).statusCode).toBe(200);
    const original = (await t.api("GET", `${INVOICES}/${fromId}`, { session: clerk })).json<Invoice>();
    await t.db.updateTable("invoices").set({ issueDate: "2026-08-01" }).where("id", "=", fromId).execute();

    const response = await t.api("POST", `${INVOICES}/${fromId}/duplicate`, { session: clerk });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<Invoice>();
    expect(copy.id).not.toBe(fromId);
    const form = (invoice: Invoice) => ({
      clientId: invoice.clientId,
      warehouseId: invoice.warehouseId,
      dueDays: invoice.dueDays,
      useStock: invoice.useStock,
      mentions: invoice.mentions,
      observations: invoice.observations,
      draft: invoice.draft,
      saveToDb: invoice.saveToDb,
      seriesName: invoice.seriesName,
      currency: invoice.currency,
      language: invoice.language,
      precision: invoice.precision,
    });
    expect(form(copy)).toEqual(form(original));
    expect(copy).toMatchObject({
      documentType: "invoice",
      issueDate: romanianDate(Date.now()),
      status: "draft",
      version: 1,
      sentSeries: null,
      sentNumber: null,
      sentAt: null,
      errorText: null,
      documentViewUrl: null,
      proformaId: null,
      cancelled: false,
      payment: null,
      total: original.total,
    });
    const lineOf = ({ id: _id, invoiceId: _invoiceId, ...line }: NonNullable<Invoice["products"]>[number]) => line;
    expect(copy.products!.map(lineOf)).toEqual(original.products!.map(lineOf));
    expect(copy.products!.every((line) => line.invoiceId === copy.id)).toBe(true);
    const row = await t.db.selectFrom("invoices").selectAll().where("id", "=", copy.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sendSeriesNextNumber: null, sendStartedAt: null, sentMessage: null, sentUrl: null, documentId: null, documentUrl: null });

    const events = await history(INVOICES, copy.id);
    expect(events.map(({ action, outcome, detail, userEmail }) => ({ action, outcome, detail, userEmail }))).toEqual([
      { action: "duplicated", outcome: "ok", detail: { fromId }, userEmail: "facturare@demo.ro" },
    ]);
    expect(await auditRows(copy.id)).toEqual([{ action: "invoices.duplicate", result: duplicatedFrom(`SBL ${original.sentNumber}`) }]);
    // The original is as it was; the copy is sent on its own.
    expect((await t.api("GET", `${INVOICES}/${fromId}`, { session: clerk })).json<Invoice>()).toMatchObject({ status: "sent", sentNumber: original.sentNumber });
    const sentCopy = await send(INVOICES, copy.id);
    expect(sentCopy.statusCode, sentCopy.body).toBe(200);
    expect(sentCopy.json<InvoiceSendResult>().invoice.sentNumber).not.toBe(original.sentNumber);
  });

  it("duplicates a proforma as a proforma; another tenant's document, or the other kind's, is not found", async () => {
    const proformaId = await addDraftInvoice(t, clientId, { documentType: "proforma" });
    const response = await t.api("POST", `${PROFORMAS}/${proformaId}/duplicate`, { session: clerk, body: {} });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<Invoice>();
    expect(copy).toMatchObject({ documentType: "proforma", seriesName: "SBL-PF", status: "draft" });
    expect(copy.products).toHaveLength(1);
    expect(await auditRows(copy.id)).toEqual([{ action: "proformas.duplicate", result: duplicatedFrom(`#${proformaId}`) }]);

    const before = await t.db.selectFrom("invoices").select("id").execute();
    const otherKind = await t.api("POST", `${INVOICES}/${proformaId}/duplicate`, { session: clerk });
    expect(otherKind.statusCode).toBe(404);
    const otherTenant = await t.api("POST", `${PROFORMAS}/${proformaId}/duplicate`, { session: otherClerk });
    expect(otherTenant.statusCode).toBe(404);
    expect(otherTenant.json()).toEqual({ message: proformaWords.notFound });
    expect(await t.db.selectFrom("invoices").select("id").execute()).toEqual(before);
  });

  it("sends an invoice through /invoice/v2 and keeps SmartBill's documentId and public view link", async () => {
    const id = await addDraftInvoice(t, clientId, { issueDate: romanianDate(Date.now()) });
    const response = await send(INVOICES, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(await calls()).toEqual(["GET /series", "POST /invoice/v2"]);
    const [issued] = (await state()).invoices as EmulatorInvoice[];
    const invoice = response.json<InvoiceSendResult>().invoice;
    expect(invoice.documentViewUrl).toMatch(/\/documente\/extern\/pf\/factura\/[0-9a-f]+\?srvid=2$/);
    const row = await t.db.selectFrom("invoices").select(["documentId", "documentUrl", "documentViewUrl"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({
      documentId: issued!.documentId,
      documentUrl: expect.stringMatching(new RegExp(`/documente/editare/factura/${issued!.documentId}/$`)),
      documentViewUrl: invoice.documentViewUrl,
    });
    // Read back as the screen shows it.
    expect((await t.api("GET", `${INVOICES}/${id}`, { session: clerk })).json<Invoice>().documentViewUrl).toBe(invoice.documentViewUrl);
  });

  it("sends a proforma to /estimate/v2 exactly once: three clicks at once make one proforma, the others are refused", async () => {
    const id = await addDraftInvoice(t, clientId, { documentType: "proforma", issueDate: romanianDate(Date.now()) });
    const answers = await Promise.all([send(PROFORMAS, id), send(PROFORMAS, id), send(PROFORMAS, id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const sent = answers.find((answer) => answer.statusCode === 200)!.json<InvoiceSendResult>();
    expect(sent.invoice).toMatchObject({ documentType: "proforma", status: "sent", sentSeries: "SBL-PF", sentNumber: "0001" });
    expect(sent.invoice.documentViewUrl).toMatch(/\/documente\/extern\/pf\/proforma\/[0-9a-f]+\?srvid=2$/);
    const estimates = await smartBillEstimates();
    expect(estimates.map(({ series, number }) => ({ series, number }))).toEqual([{ series: "SBL-PF", number: "0001" }]);
    expect((await state()).invoices).toEqual([]);
    const logged = await requests();
    expect(logged.filter((r) => r.path === "/estimate/v2")).toHaveLength(1);
    expect(logged.some((r) => r.path.startsWith("/invoice"))).toBe(false);
    // The proforma series were read (type p), and the body carries nothing a proforma does not take.
    const seriesQuery = logged.find((r) => r.path === "/series")!.query;
    expect(new URLSearchParams(seriesQuery).get("type")).toBe("p");
    const body = logged.find((r) => r.path === "/estimate/v2")!.body!;
    for (const field of ["payment", "useStock", "estimate", "usePaymentTax"]) expect(body).not.toHaveProperty(field);
    expect(await auditRows(id)).toEqual([{ action: "proformas.send", result: null }]);
    // Sent again later: already sent, nothing asked of SmartBill.
    const again = await send(PROFORMAS, id);
    expect(again.statusCode).toBe(409);
    expect((await requests()).filter((r) => r.path === "/estimate/v2")).toHaveLength(1);
  });

  it("confirms a proforma from its series when the reply is lost after SmartBill stored it: one proforma", async () => {
    const id = await addDraftInvoice(t, clientId, { documentType: "proforma", issueDate: romanianDate(Date.now()) });
    await emulator(t, "POST", "/faults", { fault: "drop-after-store", path: "/estimate/v2" });
    const response = await send(PROFORMAS, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvoiceSendResult>().invoice).toMatchObject({ status: "sent", sentSeries: "SBL-PF", sentNumber: "0001", documentViewUrl: null });
    expect(await calls()).toEqual(["GET /series", "POST /estimate/v2", "GET /series"]);
    expect(await smartBillEstimates()).toHaveLength(1);
    expect((await send(PROFORMAS, id)).statusCode).toBe(409);
    expect(await smartBillEstimates()).toHaveLength(1);
  });

  it("refuses a proforma whose series is not one of SmartBill's proforma series, naming those", async () => {
    const id = await addDraftInvoice(t, clientId, { documentType: "proforma", seriesName: "SBL", issueDate: romanianDate(Date.now()) });
    const response = await send(PROFORMAS, id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: proformaWords.seriesNotFound("SBL", ["SBL-PF"]) });
    expect(await calls()).toEqual(["GET /series"]);
    expect(await smartBillEstimates()).toEqual([]);
  });

  it("names the proforma, not an invoice, in the send's refusals and in its outcome confirmed from the series", async () => {
    const speaksOfProforma = (message: string) => {
      expect(message).toMatch(/proform/i);
      expect(message).not.toMatch(/factur/i);
    };
    const empty = await addDraftInvoice(t, clientId, { documentType: "proforma", issueDate: romanianDate(Date.now()) });
    await t.db.deleteFrom("invoice_lines").where("invoiceId", "=", empty).execute();
    const noLines = await send(PROFORMAS, empty);
    expect(noLines.statusCode).toBe(400);
    speaksOfProforma(noLines.json().message);

    const noClientId = await addDraftInvoice(t, clientId, { documentType: "proforma", issueDate: romanianDate(Date.now()) });
    await t.db.updateTable("invoices").set({ clientId: null }).where("id", "=", noClientId).execute();
    const noClient = await send(PROFORMAS, noClientId);
    expect(noClient.statusCode).toBe(400);
    speaksOfProforma(noClient.json().message);

    const id = await addDraftInvoice(t, clientId, { documentType: "proforma", issueDate: romanianDate(Date.now()) });
    await emulator(t, "POST", "/faults", { fault: "drop-after-store", path: "/estimate/v2" });
    const confirmed = await send(PROFORMAS, id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const outcome = confirmed.json<InvoiceSendResult>().importResult?.message ?? "";
    expect(outcome).toMatch(/seria SBL-PF a avansat: proforma a fost emisă cu numărul 0001/);
    speaksOfProforma(outcome);

    const again = await send(PROFORMAS, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Proforma a fost deja trimisă (seria SBL-PF, numărul 0001).");
  });

  it("asks SmartBill's /estimate routes for a sent proforma's PDF, e-mail, cancel, restore and delete", async () => {
    const id = await addDraftInvoice(t, clientId, { documentType: "proforma", issueDate: romanianDate(Date.now()) });
    expect((await send(PROFORMAS, id)).statusCode).toBe(200);
    await emulator(t, "DELETE", "/requests");

    const pdf = await t.api("GET", `${PROFORMAS}/${id}/pdf`, { session: clerk });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain("proformaSBL-PF0001.pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const form = await t.api("GET", `${PROFORMAS}/${id}/email`, { session: clerk });
    expect(form.statusCode, form.body).toBe(200);
    const mail = await t.api("POST", `${PROFORMAS}/${id}/email`, {
      session: clerk,
      body: { to: "client@exemplu.ro", subject: "Proforma SBL-PF 0001", body: "Bună ziua, vă trimitem proforma." },
    });
    expect(mail.statusCode, mail.body).toBe(200);
    expect(mail.json()).toEqual({ message: proformaWords.emailed("SBL-PF 0001", "client@exemplu.ro") });
    expect((await outbox()).map(({ type, series, number, to }) => ({ type, series, number, to }))).toEqual([
      { type: "proforma", series: "SBL-PF", number: "0001", to: ["client@exemplu.ro"] },
    ]);

    const cancelled = await t.api("POST", `${PROFORMAS}/${id}/cancel`, { session: clerk });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: proformaWords.cancelled("SBL-PF 0001"), invoice: { cancelled: true } });
    expect((await smartBillEstimates())[0]).toMatchObject({ cancelled: true });
    const restored = await t.api("POST", `${PROFORMAS}/${id}/restore`, { session: clerk });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ invoice: { cancelled: false } });
    const deleted = await t.api("DELETE", `${PROFORMAS}/${id}/smartbill`, { session: clerk });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ message: proformaWords.deletedFromSmartBill("SBL-PF 0001"), invoice: { deletedFromSmartBill: true } });
    expect(await smartBillEstimates()).toEqual([]);

    expect(await calls()).toEqual([
      "GET /estimate/pdf",
      "POST /document/send",
      "PUT /estimate/cancel",
      "PUT /estimate/restore",
      "DELETE /estimate",
    ]);
    expect((await history(PROFORMAS, id)).map((event) => `${event.action} ${event.outcome}`)).toEqual([
      "send ok",
      "pdf ok",
      "email ok",
      "cancel ok",
      "restore ok",
      "delete ok",
    ]);
    expect((await auditRows(id)).map((row) => row.action)).toEqual([
      "proformas.send",
      "proformas.email",
      "proformas.cancel",
      "proformas.restore",
      "proformas.delete",
    ]);
  });
});

