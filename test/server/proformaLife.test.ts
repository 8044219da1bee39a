/**
 * A proforma's life on the server after it is made, through the product's own routes and the
 * app's SmartBill emulator: imported from the invoice workbook, sent, its PDF (SmartBill's
 * /estimate/pdf, whose errors are 400 JSON, not the invoice's 502 page), e-mailed as SmartBill's
 * type `proforma`, cancelled, restored, deleted; each in its history, and none of it on the
 * invoices' routes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Invoice, InvoiceEvent, InvoiceImportResult, LoginResponse } from "../../contract/api";
import { proformaWords } from "../../server/messages";
import type { OutboxMail, RequestLogEntry } from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { invoiceUpload } from "../helpers/excelFiles";
import { addCustomer } from "../helpers/sentInvoices";
import { addSentProforma, PROFORMA_SERIES } from "../helpers/sentProformas";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/invoices", name));
const CUSTOMER_EMAIL = "contact@exemplu.ro";

describeEachDialect("a proforma's life (/api/smartbill/proforma)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let otherTenant: LoginResponse;
  let clientId: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    invoicing = await t.signIn("facturare@demo.ro");
    const otherTenantId = await addTenant(t, "Alt Tenant Viață Proforme SRL");
    await addUser(t, { email: "viata@alt.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("viata@alt.ro", "parola-alt-1");
    clientId = await addCustomer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
    await emulator(t, "DELETE", "/requests");
    await emulator(t, "DELETE", "/outbox");
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await emulator(t, "DELETE", "/faults");
  });

  const calls = async () => ((await emulator(t, "GET", "/requests")) as { requests: RequestLogEntry[] }).requests.map((r) => `${r.method} ${r.path}`);
  const outbox = async () => ((await emulator(t, "GET", "/outbox")) as { mails: (Omit<OutboxMail, "type"> & { type: string })[] }).mails;
  const history = async (id: number) => (await t.api("GET", `/api/smartbill/proforma/${id}/history`, { session: invoicing })).json<InvoiceEvent[]>();
  const get = (id: number, session = invoicing) => t.api("GET", `/api/smartbill/proforma/${id}`, { session });

  describe("import from Excel", () => {
    it("imports the invoice workbook as a proforma: lines read as for an invoice, the row a proforma (404 on the invoices' routes), audited", async () => {
      const response = await t.api("POST", "/api/smartbill/proforma/import", {
        session: invoicing,
        ...invoiceUpload(fixture("ro-title.xlsx"), { clientId, useStock: false, seriesName: PROFORMA_SERIES }),
      });
      expect(response.statusCode, response.body).toBe(200);
      const { importRequestId, lines } = response.json<InvoiceImportResult>();
      expect(lines).toBe(4);
      const proforma = await get(importRequestId!);
      expect(proforma.statusCode, proforma.body).toBe(200);
      expect(proforma.json<Invoice>()).toMatchObject({ documentType: "proforma", clientId, seriesName: PROFORMA_SERIES, status: "draft" });
      expect(proforma.json<Invoice>().products!.map((line) => line.code)).toEqual(["PRD001", "SRV01", "PRD003", "PRD004"]);
      expect((await t.api("GET", `/api/smartbill/invoice/${importRequestId}`, { session: invoicing })).statusCode).toBe(404);
      const audit = await t.db.selectFrom("audit_log").select(["action", "target"]).where("target", "=", String(importRequestId)).execute();
      expect(audit).toHaveLength(1);
    });

    it("refuses a bad workbook as the invoice import does, writing nothing", async () => {
      const before = (await t.db.selectFrom("invoices").select("id").execute()).length;
      const response = await t.api("POST", "/api/smartbill/proforma/import", { session: invoicing, ...invoiceUpload(fixture("bad-rows.xlsx"), { clientId }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Fișierul a fost refuzat/);
      expect((await t.db.selectFrom("invoices").select("id").execute()).length).toBe(before);
    });
  });

  describe("after the send", () => {
    it("downloads the proforma's PDF from SmartBill's /estimate/pdf", async () => {
      const id = await addSentProforma(t, invoicing, clientId);
      await emulator(t, "DELETE", "/requests");
      const response = await t.api("GET", `/api/smartbill/proforma/${id}/pdf`, { session: invoicing });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(await calls()).toEqual(["GET /estimate/pdf"]);
      expect((await history(id)).filter((e) => e.action === "pdf")).toMatchObject([{ outcome: "ok" }]);
    });

    it("says in Romanian that SmartBill has no such proforma when /estimate/pdf answers its 400 JSON (not a lockout, not its raw text)", async () => {
      const id = await addSentProforma(t, invoicing, clientId);
      // Deleted in SmartBill behind the product's back.
      await t.db.updateTable("invoices").set({ sentNumber: "0099" }).where("id", "=", id).execute();
      const response = await t.api("GET", `/api/smartbill/proforma/${id}/pdf`, { session: invoicing });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(proformaWords.pdfUnavailable(`${PROFORMA_SERIES} 0099`));
      expect((await history(id)).filter((e) => e.action === "pdf")).toMatchObject([
        { outcome: "refused", answer: proformaWords.pdfUnavailable(`${PROFORMA_SERIES} 0099`) },
      ]);
    });

    it("e-mails the proforma through SmartBill as type proforma", async () => {
      const id = await addSentProforma(t, invoicing, clientId);
      const form = await t.api("GET", `/api/smartbill/proforma/${id}/email`, { session: invoicing });
      expect(form.statusCode, form.body).toBe(200);
      const { subject, body } = form.json<{ subject: string; body: string }>();
      const response = await t.api("POST", `/api/smartbill/proforma/${id}/email`, { session: invoicing, body: { to: CUSTOMER_EMAIL, subject, body } });
      expect(response.statusCode, response.body).toBe(200);
      const mails = await outbox();
      expect(mails).toMatchObject([{ type: "proforma", series: PROFORMA_SERIES, number: "0001", to: [CUSTOMER_EMAIL] }]);
      const asked = ((await emulator(t, "GET", "/requests")) as { requests: RequestLogEntry[] }).requests.filter((r) => r.path === "/document/send");
      expect(asked.map((r) => (r.body as { type?: string }).type)).toEqual(["proforma"]);
      expect((await history(id)).filter((e) => e.action === "email")).toMatchObject([{ outcome: "ok" }]);
    });

    it("cancels and restores the proforma in SmartBill (/estimate/cancel, /estimate/restore), then deletes it (DELETE /estimate)", async () => {
      const id = await addSentProforma(t, invoicing, clientId);
      await emulator(t, "DELETE", "/requests");
      const cancelled = await t.api("POST", `/api/smartbill/proforma/${id}/cancel`, { session: invoicing });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await get(id)).json<Invoice>().cancelled).toBe(true);
      const restored = await t.api("POST", `/api/smartbill/proforma/${id}/restore`, { session: invoicing });
      expect(restored.statusCode, restored.body).toBe(200);
      expect((await get(id)).json<Invoice>().cancelled).toBe(false);
      const deleted = await t.api("DELETE", `/api/smartbill/proforma/${id}/smartbill`, { session: invoicing });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await get(id)).json<Invoice>().deletedFromSmartBill).toBe(true);
      expect(await calls()).toEqual(["PUT /estimate/cancel", "PUT /estimate/restore", "DELETE /estimate"]);
      expect((await history(id)).map((e) => [e.action, e.outcome]).filter(([action]) => action !== "send")).toEqual([
        ["cancel", "ok"],
        ["restore", "ok"],
        ["delete", "ok"],
      ]);
      const audit = await t.db.selectFrom("audit_log").select("action").where("target", "=", String(id)).orderBy("id").execute();
      expect(audit.map((row) => row.action).filter((action) => !action.endsWith(".send"))).toHaveLength(3);
    });

    it("keeps a proforma out of the invoices' routes and another tenant's proforma out of reach (404)", async () => {
      const id = await addSentProforma(t, invoicing, clientId);
      for (const [method, path] of [
        ["GET", `/api/smartbill/invoice/${id}`],
        ["GET", `/api/smartbill/invoice/${id}/pdf`],
        ["POST", `/api/smartbill/invoice/${id}/cancel`],
      ] as const) {
        expect((await t.api(method, path, { session: invoicing })).statusCode, path).toBe(404);
      }
      for (const [method, path] of [
        ["GET", `/api/smartbill/proforma/${id}`],
        ["GET", `/api/smartbill/proforma/${id}/pdf`],
        ["POST", `/api/smartbill/proforma/${id}/cancel`],
        ["DELETE", `/api/smartbill/proforma/${id}/smartbill`],
      ] as const) {
        expect((await t.api(method, path, { session: otherTenant })).statusCode, path).toBe(404);
      }
    });
  });
});
