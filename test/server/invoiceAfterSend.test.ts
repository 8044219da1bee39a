/**
 * A sent invoice's PDF, e-mail, cancel and restore, and its deletion from SmartBill, end to end:
 * the app listening on a real port with its SmartBill emulator (tenant 2's smartbill.url points
 * at it); each invoice is first sent through POST /api/smartbill/invoice/send/{id}, then acted on
 * through the real SmartBill client. The emulator's admin API shows what SmartBill holds and
 * what it e-mailed; the invoice's history and the audit log show what was recorded.
 */
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Invoice, InvoiceEvent, LoginResponse, Property } from "../../contract/api";
import { timestamp } from "../../server/db/timestamps";
import { afterSendMessages, invoiceActionMessages, invoiceEmailDefaults, invoiceMessages } from "../../server/messages";
import type { EmulatorCompanySeed, EmulatorInvoice, EmulatorState } from "../../server/smartbill/emulator/index";
import type { OutboxMail } from "../../server/smartbill/emulator/documentSend";
import { texts } from "../../server/smartbill/emulator/texts";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { addWarehouse, emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const DEMO_TENANT = 2;
const CUSTOMER_EMAIL = "contact@exemplu.ro";

interface ActionAnswer {
  message: string;
  invoice: Invoice;
}

describeEachDialect("a sent invoice's PDF, e-mail, cancel, restore and delete in SmartBill", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let otherTenant: LoginResponse;
  let clientId: number;
  let centralId: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    const otherTenantId = await addTenant(t, "Alt Tenant Acțiuni SRL");
    await addUser(t, { email: "facturare@alt-actiuni.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("facturare@alt-actiuni.ro", "parola-alt-1");
    const now = timestamp();
    clientId = (
      await t.db
        .insertInto("customers")
        .values({
          tenantId: DEMO_TENANT,
          clientName: "Client Acțiuni SRL",
          cif: "RO12345678",
          regCom: "J40/123/2020",
          codClient: "CA01",
          adresa: "Str. Exemplu 1",
          localitate: "Sector 1",
          judet: "Bucuresti",
          banca: "",
          iban: "",
          tara: "",
          email: CUSTOMER_EMAIL,
          persContact: "",
          telefon: "",
          mentions: null,
          observations: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    centralId = await addWarehouse(t, DEMO_TENANT, "Depozit Acțiuni");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
    await t.db.deleteFrom("properties").where("tenantId", "=", DEMO_TENANT).where("name", "like", "smartbill.email.%").execute();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** An imported invoice written straight into the database (one line, no stock). */
  async function addInvoice(fields: { status?: "draft" | "sent"; sentSeries?: string | null; sentNumber?: string | null } = {}): Promise<number> {
    const now = timestamp();
    const { id } = await t.db
      .insertInto("invoices")
      .values({
        tenantId: DEMO_TENANT,
        clientId,
        warehouseId: centralId,
        issueDate: "2026-08-31",
        dueDays: 14,
        useStock: 0,
        mentions: "",
        observations: "",
        draft: 0,
        saveToDb: 0,
        seriesName: "SBL",
        currency: "RON",
        language: "RO",
        precision: 2,
        status: fields.status ?? "draft",
        sendSeriesNextNumber: null,
        sendStartedAt: null,
        sentSeries: fields.sentSeries ?? null,
        sentNumber: fields.sentNumber ?? null,
        sentMessage: null,
        sentUrl: null,
        errorText: null,
        sentAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("invoice_lines")
      .values({
        invoiceId: id,
        name: "Laptop Lenovo",
        code: "PRD001",
        quantity: 2,
        price: 100,
        measuringUnitName: "buc",
        currency: "RON",
        taxName: "Normala",
        taxPercentage: 21,
        saveToDb: 0,
        service: 0,
        warehouseName: "",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return id;
  }

  /** An invoice sent through the API: SmartBill issued it. */
  async function sentInvoice(): Promise<{ id: number; series: string; number: string }> {
    const id = await addInvoice();
    const response = await t.api("POST", `/api/smartbill/invoice/send/${id}`, { session: invoicing });
    expect(response.statusCode, response.body).toBe(200);
    const { sentSeries, sentNumber } = response.json<{ invoice: Invoice }>().invoice;
    return { id, series: sentSeries!, number: sentNumber! };
  }

  const history = async (id: number) =>
    (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing })).json<InvoiceEvent[]>().filter((event) => event.action !== "send");
  const auditRows = (id: number) =>
    t.db.selectFrom("audit_log").selectAll().where("target", "=", String(id)).where("action", "like", "invoices.%").where("action", "!=", "invoices.send").orderBy("id").execute();
  const smartBillInvoices = async () => ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0].invoices as EmulatorInvoice[];
  const outbox = async () => ((await emulator(t, "GET", "/outbox")) as { mails: OutboxMail[] }).mails;
  const emulatorCalls = async () =>
    ((await emulator(t, "GET", "/requests")) as { requests: { method: string; path: string }[] }).requests.map((r) => `${r.method} ${r.path}`);
  /** The demo company in the emulator, changed (and its invoices kept or changed with it). */
  const changeCompany = async (change: (company: EmulatorCompanySeed) => void) => {
    const state = (await emulator(t, "GET", "/state")) as EmulatorState;
    const companies = structuredClone(state.companies) as unknown as EmulatorCompanySeed[];
    change(companies[0]);
    await emulator(t, "PUT", "/state", { companies });
  };

  const pdf = (id: number, session = invoicing) => t.api("GET", `/api/smartbill/invoice/${id}/pdf`, { session });
  const emailForm = (id: number, session = invoicing) => t.api("GET", `/api/smartbill/invoice/${id}/email`, { session });
  const email = (id: number, body: object, session = invoicing) => t.api("POST", `/api/smartbill/invoice/${id}/email`, { session, body });
  const cancel = (id: number, session = invoicing) => t.api("POST", `/api/smartbill/invoice/${id}/cancel`, { session });
  const restore = (id: number, session = invoicing) => t.api("POST", `/api/smartbill/invoice/${id}/restore`, { session });
  const remove = (id: number, session = invoicing) => t.api("DELETE", `/api/smartbill/invoice/${id}/smartbill`, { session });
  const validEmail = { to: CUSTOMER_EMAIL, subject: "Factura SBL 0001", body: invoiceEmailDefaults.body };

  describe("'Descarcă PDF'", () => {
    it("downloads SmartBill's PDF of the invoice, named factura<series><number>.pdf, with its series and number inside", async () => {
      const { id, series, number } = await sentInvoice();
      const response = await pdf(id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="factura${series}${number}.pdf"`);
      expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
      expect(text).toContain(`Seria ${series} nr. ${number}`);
      expect(text).toContain("Client Actiuni SRL");
    });

    it("keeps the download in the invoice's history, and not in the audit log (a read)", async () => {
      const { id } = await sentInvoice();
      expect((await pdf(id)).statusCode).toBe(200);
      expect(await history(id)).toMatchObject([{ action: "pdf", outcome: "ok", userEmail: "facturare@demo.ro" }]);
      expect(await auditRows(id)).toEqual([]);
    });

    it("says clearly, not with SmartBill's HTML page, that SmartBill does not have the invoice (502, failed in the history)", async () => {
      const { id } = await sentInvoice();
      await changeCompany((company) => {
        company.invoices = [];
      });
      const response = await pdf(id);
      expect(response.statusCode).toBe(502);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json().message).toBe(invoiceActionMessages.pdfUnavailable("SBL 0001"));
      expect(response.body).not.toMatch(/<html|nginx/i);
      expect(await history(id)).toMatchObject([{ action: "pdf", outcome: "failed", answer: invoiceActionMessages.pdfUnavailable("SBL 0001") }]);
    });

    it("answers 504 when SmartBill does not answer in time, with a failed event", async () => {
      vi.stubEnv("SMARTBILL_TIMEOUT_MS", "300");
      const { id } = await sentInvoice();
      await emulator(t, "POST", "/faults", { fault: "timeout", path: "/invoice/pdf" });
      const response = await pdf(id);
      expect(response.statusCode).toBe(504);
      expect(response.json().message).toMatch(/^SmartBill nu a putut fi întrebat: SmartBill nu a răspuns/);
      expect(await history(id)).toMatchObject([{ action: "pdf", outcome: "failed" }]);
    });
  });

  describe("'Trimite pe e-mail'", () => {
    it("prefills the form: the customer's address, and the default subject (with the number) and body (with SmartBill's placeholders)", async () => {
      const { id } = await sentInvoice();
      const response = await emailForm(id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ to: CUSTOMER_EMAIL, cc: "", subject: "Factura SBL 0001", body: invoiceEmailDefaults.body });
      expect(invoiceEmailDefaults.body).toContain("#serie numar document#");
      expect(invoiceEmailDefaults.body).toContain("#total document#");
      // Only our database was read: SmartBill was not asked, and nothing is in the history.
      expect(await emulatorCalls()).toEqual(["GET /series", "POST /invoice/v2"]);
      expect(await history(id)).toEqual([]);
    });

    it("prefills cc, subject and body from the tenant's settings, which the settings screen keeps unmasked", async () => {
      const { id } = await sentInvoice();
      const settings = {
        "smartbill.email.cc": "contabilitate@demo.ro",
        "smartbill.email.subject": "Demo SRL: factura #serie numar document#",
        "smartbill.email.body": "Stimate client,\natașăm factura #serie numar document# (#total document#).",
      };
      for (const [name, value] of Object.entries(settings)) {
        const saved = await t.api("POST", "/api/property/properties", { session: admin, body: { name, value } });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json<Property>()).toEqual({ name, value });
      }
      const response = await emailForm(id);
      expect(response.json()).toEqual({
        to: CUSTOMER_EMAIL,
        cc: "contabilitate@demo.ro",
        subject: "Demo SRL: factura SBL 0001",
        body: settings["smartbill.email.body"],
      });
    });

    it("e-mails the invoice through SmartBill: the mail is in its outbox with the subject and body decoded and the placeholders filled", async () => {
      const { id } = await sentInvoice();
      const response = await email(id, { ...validEmail, to: `${CUSTOMER_EMAIL}; director@exemplu.ro`, cc: "contabilitate@demo.ro" });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: invoiceActionMessages.emailed("SBL 0001", `${CUSTOMER_EMAIL}, director@exemplu.ro`) });
      const mails = await outbox();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        series: "SBL",
        number: "0001",
        to: [CUSTOMER_EMAIL, "director@exemplu.ro"],
        cc: ["contabilitate@demo.ro"],
        subject: "Factura SBL 0001",
        attachment: "facturaSBL0001.pdf",
      });
      expect(mails[0].bodyText).toBe("Bună ziua,\n\nVă transmitem atașat factura SBL0001, în valoare de 242.00 RON.\n\nVă mulțumim!");
      expect(await history(id)).toMatchObject([
        { action: "email", outcome: "ok", answer: texts.documentSent, detail: { to: `${CUSTOMER_EMAIL},director@exemplu.ro`, cc: "contabilitate@demo.ro" } },
      ]);
      expect(await auditRows(id)).toMatchObject([
        { action: "invoices.email", targetLabel: "SBL 0001", result: invoiceActionMessages.emailRecipients(`${CUSTOMER_EMAIL},director@exemplu.ro`, "contabilitate@demo.ro") },
      ]);
    });

    it("refuses a bad address, a blank subject or body, or too long a text, naming each field, and sends nothing", async () => {
      const { id } = await sentInvoice();
      const bad = await email(id, { to: "nu-este-adresa", cc: "bun@exemplu.ro, rau@", subject: "  ", body: "" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        to: invoiceActionMessages.addressInvalid("nu-este-adresa"),
        cc: invoiceActionMessages.addressInvalid("rau@"),
        subject: invoiceActionMessages.subjectRequired,
        body: invoiceActionMessages.bodyRequired,
      });
      expect(bad.json().message).toMatch(/^E-mailul nu a fost trimis/);
      const none = await email(id, { ...validEmail, to: " , " });
      expect(none.json().errors).toEqual({ to: invoiceActionMessages.recipientRequired });
      const long = await email(id, { ...validEmail, subject: "x".repeat(256) });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toHaveProperty("subject");
      const tooMany = await email(id, { ...validEmail, to: Array.from({ length: 11 }, (_, i) => `a${i}@exemplu.ro`).join(",") });
      expect(tooMany.json().errors).toEqual({ to: invoiceActionMessages.tooManyAddresses(10) });
      expect(await outbox()).toEqual([]);
      expect(await emulatorCalls()).toEqual(["GET /series", "POST /invoice/v2"]);
      expect(await history(id)).toEqual([]);
      expect(await auditRows(id)).toEqual([]);
    });

    it("shows SmartBill's own refusal ({status:{code,message}}) in its words: 409, refused in the history, no audit row", async () => {
      const { id } = await sentInvoice();
      await changeCompany((company) => {
        company.emailServerConfigured = false;
      });
      const response = await email(id, validEmail);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(texts.emailServerMissing);
      expect(await outbox()).toEqual([]);
      expect(await history(id)).toMatchObject([{ action: "email", outcome: "refused", answer: texts.emailServerMissing }]);
      expect(await auditRows(id)).toEqual([]);
    });

    it("says the e-mail may have gone when the answer is lost after SmartBill sent it (502, failed)", async () => {
      const { id } = await sentInvoice();
      await emulator(t, "POST", "/faults", { fault: "drop-after-store", path: "/document/send" });
      const response = await email(id, validEmail);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toContain("E-mailul poate să fi fost totuși trimis");
      expect(await history(id)).toMatchObject([{ action: "email", outcome: "failed" }]);
      expect(await auditRows(id)).toEqual([]);
    });
  });

  describe("'Anulează' and 'Restaurează'", () => {
    it("cancels the invoice in SmartBill, twice without error, and restores it, twice too; each success has one audit row", async () => {
      const { id } = await sentInvoice();
      const first = await cancel(id);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<ActionAnswer>()).toMatchObject({ message: invoiceActionMessages.cancelled("SBL 0001"), invoice: { id, cancelled: true } });
      expect(first.json<ActionAnswer>().invoice.products).toHaveLength(1);
      expect((await smartBillInvoices())[0].cancelled).toBe(true);
      const cancelledAt = (await t.db.selectFrom("invoices").select("cancelledAt").where("id", "=", id).executeTakeFirstOrThrow()).cancelledAt;
      expect(cancelledAt).not.toBeNull();

      const again = await cancel(id);
      expect(again.statusCode).toBe(200);
      expect(again.json<ActionAnswer>().invoice.cancelled).toBe(true);
      // The first cancel's time is kept.
      expect((await t.db.selectFrom("invoices").select("cancelledAt").where("id", "=", id).executeTakeFirstOrThrow()).cancelledAt).toBe(cancelledAt);

      const restored = await restore(id);
      expect(restored.statusCode).toBe(200);
      expect(restored.json<ActionAnswer>()).toMatchObject({ message: invoiceActionMessages.restored("SBL 0001"), invoice: { cancelled: false } });
      expect((await smartBillInvoices())[0].cancelled).toBeFalsy();
      expect((await restore(id)).json<ActionAnswer>().invoice.cancelled).toBe(false);
      expect((await t.api("GET", `/api/smartbill/invoice/${id}`, { session: invoicing })).json<Invoice>().cancelled).toBe(false);

      expect(await history(id)).toMatchObject([
        { action: "cancel", outcome: "ok", answer: texts.cancelled("SBL0001") },
        { action: "cancel", outcome: "ok" },
        { action: "restore", outcome: "ok", answer: texts.restored("SBL0001") },
        { action: "restore", outcome: "ok", answer: texts.restoreNotNeeded("SBL0001") },
      ]);
      expect((await auditRows(id)).map((row) => [row.action, row.targetLabel])).toEqual([
        ["invoices.cancel", "SBL 0001"],
        ["invoices.cancel", "SBL 0001"],
        ["invoices.restore", "SBL 0001"],
        ["invoices.restore", "SBL 0001"],
      ]);
    });

    it("leaves the invoice as it was when SmartBill does not answer in time (504, failed, no audit row)", async () => {
      vi.stubEnv("SMARTBILL_TIMEOUT_MS", "300");
      const { id } = await sentInvoice();
      await emulator(t, "POST", "/faults", { fault: "timeout", path: "/invoice/cancel" });
      const response = await cancel(id);
      expect(response.statusCode).toBe(504);
      expect((await t.api("GET", `/api/smartbill/invoice/${id}`, { session: invoicing })).json<Invoice>().cancelled).toBe(false);
      expect(await history(id)).toMatchObject([{ action: "cancel", outcome: "failed" }]);
      expect(await auditRows(id)).toEqual([]);
    });

    it("accepts a body or none", async () => {
      const { id } = await sentInvoice();
      expect((await t.api("POST", `/api/smartbill/invoice/${id}/cancel`, { session: invoicing, body: {} })).statusCode).toBe(200);
      // An empty JSON body, which Fastify's JSON parser would refuse.
      const response = await t.api("POST", `/api/smartbill/invoice/${id}/restore`, { session: invoicing, headers: { "content-type": "application/json" } });
      expect(response.statusCode, response.body).toBe(200);
    });
  });

  describe("'Șterge din SmartBill'", () => {
    it("deletes the last invoice of its series: deletedFromSmartBill, gone from SmartBill, and every later action refused (409)", async () => {
      const { id } = await sentInvoice();
      const response = await remove(id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ActionAnswer>()).toMatchObject({ message: invoiceActionMessages.deleted("SBL 0001"), invoice: { id, deletedFromSmartBill: true } });
      expect(await smartBillInvoices()).toEqual([]);
      expect(await auditRows(id)).toMatchObject([{ action: "invoices.delete", targetLabel: "SBL 0001" }]);
      for (const later of [pdf(id), emailForm(id), email(id, validEmail), cancel(id), restore(id), remove(id)]) {
        const refused = await later;
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(afterSendMessages.deleted);
      }
      expect(await history(id)).toMatchObject([{ action: "delete", outcome: "ok", answer: texts.deleted("SBL0001") }]);
      expect(await auditRows(id)).toHaveLength(1);
    });

    it("shows SmartBill's refusal to delete an invoice that is not the last of its series in its words, 409 and not a lockout", async () => {
      const { id } = await sentInvoice();
      await sentInvoice();
      const response = await remove(id);
      expect(response.statusCode).toBe(409);
      expect(response.headers["retry-after"]).toBeUndefined();
      expect(response.json().message).toBe(texts.notLastInSeries("SBL", "0001"));
      expect((await t.api("GET", `/api/smartbill/invoice/${id}`, { session: invoicing })).json<Invoice>().deletedFromSmartBill).toBe(false);
      expect(await history(id)).toMatchObject([{ action: "delete", outcome: "refused", answer: texts.notLastInSeries("SBL", "0001") }]);
      expect(await auditRows(id)).toEqual([]);
      // Not a lockout: the next call goes to SmartBill.
      expect((await pdf(id)).statusCode).toBe(200);
    });

    it("says the invoice may have been deleted when the answer is lost (502, failed) and keeps it as it was", async () => {
      const { id } = await sentInvoice();
      await emulator(t, "POST", "/faults", { fault: "drop-after-store", path: "/invoice", method: "DELETE" });
      const response = await remove(id);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toContain("Factura poate să fi fost totuși ștearsă");
      expect(await history(id)).toMatchObject([{ action: "delete", outcome: "failed" }]);
      expect(await auditRows(id)).toEqual([]);
    });
  });

  describe("who may act, and on which invoice", () => {
    it("refuses an invoice not issued in SmartBill (not sent, or a SmartBill draft) with the reason, asking SmartBill nothing", async () => {
      const notSent = await addInvoice();
      const draft = await addInvoice({ status: "sent", sentSeries: "SBL", sentNumber: "" });
      for (const [id, reason] of [
        [notSent, afterSendMessages.notSent],
        [draft, afterSendMessages.draft],
      ] as const) {
        for (const call of [pdf(id), emailForm(id), email(id, validEmail), cancel(id), restore(id), remove(id)]) {
          const response = await call;
          expect(response.statusCode).toBe(409);
          expect(response.json().message).toBe(reason);
        }
        expect(await history(id)).toEqual([]);
      }
      expect(await emulatorCalls()).toEqual([]);
    });

    it("is for the invoicing role: an admin gets 403; another tenant's invoice is 404", async () => {
      const { id } = await sentInvoice();
      for (const call of [pdf(id, admin), emailForm(id, admin), email(id, validEmail, admin), cancel(id, admin), restore(id, admin), remove(id, admin)]) {
        expect((await call).statusCode).toBe(403);
      }
      for (const call of [pdf(id, otherTenant), emailForm(id, otherTenant), email(id, validEmail, otherTenant), cancel(id, otherTenant), restore(id, otherTenant), remove(id, otherTenant)]) {
        const response = await call;
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(invoiceMessages.notFound);
      }
      expect(await emulatorCalls()).toEqual(["GET /series", "POST /invoice/v2"]);
      expect(await history(id)).toEqual([]);
      expect(await auditRows(id)).toEqual([]);
    });
  });
});
