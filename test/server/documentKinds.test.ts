/**
 * Invoices and proformas share one table and one set of routes, registered once per kind: each
 * kind's routes see only their own rows. A proforma's id on an invoice's route is not found, an
 * invoice's on a proforma's neither, nor another tenant's; a proforma has no payments, storno or
 * buyer's check; each list shows its own kind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Invoice, LoginResponse } from "../../contract/api";
import { invoiceMessages, proformaWords } from "../../server/messages";
import { invoicesAwaitingPayment } from "../../server/tasks/kinds/paymentStatusRefresh";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addDraftInvoice } from "../helpers/sentInvoices";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const INVOICES = "/api/smartbill/invoice";
const PROFORMAS = "/api/smartbill/proforma";

describeEachDialect("invoices and proformas, each on its own routes", (dialect) => {
  let t: TestApp;
  let clerk: LoginResponse;
  let otherClerk: LoginResponse;
  let invoiceId: number;
  let proformaId: number;
  let proformaLineId: number;
  let foreignProformaId: number;

  beforeAll(async () => {
    t = await testApp(dialect);
    clerk = await t.signIn("facturare@demo.ro");
    const otherTenant = await addTenant(t, "Alt Tenant Proforme SRL");
    await addUser(t, { email: "facturare@alt-proforme.ro", tenantId: otherTenant, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherClerk = await t.signIn("facturare@alt-proforme.ro", "parola-alt-1");
    const clientId = await addCustomer(t);
    invoiceId = await addDraftInvoice(t, clientId);
    proformaId = await addDraftInvoice(t, clientId, { documentType: "proforma" });
    proformaLineId = (await t.db.selectFrom("invoice_lines").select("id").where("invoiceId", "=", proformaId).executeTakeFirstOrThrow()).id;
    foreignProformaId = await addDraftInvoice(t, await addCustomer(t, otherTenant), { tenantId: otherTenant, documentType: "proforma" });
  });
  afterAll(() => t.close());

  /** Every route of a document a clerk may call with its id, with a body each would accept. */
  const documentCalls = (prefix: string, id: number, form: Invoice) =>
    [
      ["GET", `${prefix}/${id}`],
      ["PUT", `${prefix}/${id}`, { ...form, id, products: undefined }],
      ["GET", `${prefix}/${id}/history`],
      ["POST", `${prefix}/${id}/line`, { name: "Cablu", code: "CBL", quantity: 1, price: 10 }],
      ["POST", `${prefix}/${id}/paste`, { text: "Cablu\tCBL\t1\t10" }],
      ["GET", `${prefix}/${id}/pdf`],
      ["GET", `${prefix}/${id}/email`],
      ["POST", `${prefix}/${id}/email`, { to: "client@exemplu.ro", subject: "Proforma", body: "Bună ziua" }],
      ["POST", `${prefix}/${id}/cancel`],
      ["POST", `${prefix}/${id}/restore`],
      ["DELETE", `${prefix}/${id}/smartbill`],
      ["POST", `${prefix}/send/${id}`],
    ] as const;

  async function formOf(prefix: string, id: number): Promise<Invoice> {
    const response = await t.api("GET", `${prefix}/${id}`, { session: clerk });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Invoice>();
  }

  it("answers each kind on its own routes, with its kind", async () => {
    const invoice = await formOf(INVOICES, invoiceId);
    const proforma = await formOf(PROFORMAS, proformaId);
    expect(invoice).toMatchObject({ documentType: "invoice", documentViewUrl: null, proformaId: null, invoiceId: null, invoicedAs: null });
    expect(proforma).toMatchObject({ documentType: "proforma", seriesName: "SBL-PF", documentViewUrl: null, invoiceId: null });
    const invoices = (await t.api("GET", INVOICES, { session: clerk })).json<Invoice[]>();
    const proformas = (await t.api("GET", PROFORMAS, { session: clerk })).json<Invoice[]>();
    expect(invoices.map((row) => row.id)).toContain(invoiceId);
    expect(invoices.map((row) => row.id)).not.toContain(proformaId);
    expect(proformas.map((row) => row.id)).toEqual([proformaId]);
  });

  it("finds no proforma on an invoice's routes, and no invoice on a proforma's (404, nothing changed)", async () => {
    const before = await t.db.selectFrom("invoices").selectAll().orderBy("id").execute();
    for (const [method, url, body] of documentCalls(INVOICES, proformaId, await formOf(PROFORMAS, proformaId))) {
      const response = await t.api(method, url, { session: clerk, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ message: invoiceMessages.notFound });
    }
    for (const [method, url, body] of documentCalls(PROFORMAS, invoiceId, await formOf(INVOICES, invoiceId))) {
      const response = await t.api(method, url, { session: clerk, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ message: proformaWords.notFound });
    }
    // A proforma's line is not reached through an invoice's line routes either.
    const line = { name: "Cablu", code: "CBL", quantity: 1, price: 10 };
    expect((await t.api("PUT", `${INVOICES}/line/${proformaLineId}`, { session: clerk, body: line })).statusCode).toBe(404);
    expect((await t.api("DELETE", `${INVOICES}/line/${proformaLineId}`, { session: clerk })).statusCode).toBe(404);
    expect(await t.db.selectFrom("invoices").selectAll().orderBy("id").execute()).toEqual(before);
    expect((await t.db.selectFrom("invoice_lines").select("id").where("invoiceId", "=", proformaId).execute()).length).toBe(1);
  });

  it("finds no other tenant's proforma (404)", async () => {
    const foreign = await t.api("GET", `${PROFORMAS}/${foreignProformaId}`, { session: clerk });
    expect(foreign.statusCode).toBe(404);
    expect((await t.api("GET", `${PROFORMAS}/${foreignProformaId}`, { session: otherClerk })).statusCode).toBe(200);
    expect((await t.api("GET", `${PROFORMAS}/${proformaId}`, { session: otherClerk })).statusCode).toBe(404);
  });

  it("gives a proforma no payments, storno or buyer's check", async () => {
    for (const [method, url] of [
      ["GET", `${PROFORMAS}/${proformaId}/payments`],
      ["POST", `${PROFORMAS}/${proformaId}/payment-status`],
      ["POST", `${PROFORMAS}/${proformaId}/reverse`],
      ["GET", `${PROFORMAS}/${proformaId}/buyer-check`],
    ] as const) {
      const response = await t.api(method, url, { session: clerk });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // An invoice's own routes do not reach a proforma either.
    expect((await t.api("GET", `${INVOICES}/${proformaId}/payments`, { session: clerk })).statusCode).toBe(404);
    expect((await t.api("GET", `${INVOICES}/${proformaId}/buyer-check`, { session: clerk })).statusCode).toBe(404);
  });

  it("leaves a sent proforma out of the periodic payment-status reading: only invoices are paid", async () => {
    const clientId = (await t.db.selectFrom("invoices").select("clientId").where("id", "=", proformaId).executeTakeFirstOrThrow()).clientId!;
    const sentInvoice = await addDraftInvoice(t, clientId);
    const sentProforma = await addDraftInvoice(t, clientId, { documentType: "proforma" });
    await t.db
      .updateTable("invoices")
      .set({ status: "sent", sentSeries: "SBL", sentNumber: "0007" })
      .where("id", "in", [sentInvoice, sentProforma])
      .execute();
    const awaiting = await invoicesAwaitingPayment(t.db, 2).select("id").execute();
    expect(awaiting.map((row) => row.id)).toEqual([sentInvoice]);
  });

  it("edits a proforma on its own routes, and audits it as a proforma's change", async () => {
    const form = await formOf(PROFORMAS, proformaId);
    const saved = await t.api("PUT", `${PROFORMAS}/${proformaId}`, {
      session: clerk,
      body: { ...form, products: undefined, mentions: "Avans 50%" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Invoice>()).toMatchObject({ documentType: "proforma", mentions: "Avans 50%", version: form.version + 1 });
    const audit = await t.db.selectFrom("audit_log").select(["action", "target"]).where("action", "like", "proformas.%").execute();
    expect(audit).toEqual([{ action: "proformas.update", target: String(proformaId) }]);
  });
});

describe("the proformas' role", () => {
  it("is the invoices' row of the role matrix", async () => {
    const { ROLE_MATRIX } = await import("../../contract/roles");
    expect(ROLE_MATRIX.proformas).toEqual(ROLE_MATRIX.invoices);
  });
});
