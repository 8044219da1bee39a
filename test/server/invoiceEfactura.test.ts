/**
 * An invoice's e-Factura state as the invoice routes and the home answer it, on both databases:
 * SPV's status, error and message (written here straight into the database, as the e-Factura
 * sync writes them), the deadline counted in Romanian working days with the server's clock
 * injected (issued Thursday 26 November 2026: Monday 30 November and Tuesday 1 December are
 * public holidays, so its 5 working days end on Monday 7 December), the list's `?efactura=`
 * filter, the home's 'Termen e-Factura' and 'Respinse în e-Factura' — only for a tenant connected
 * to SPV — and nothing of another tenant.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Invoice, LoginResponse } from "../../contract/api";
import type { InvoiceEfactura } from "../../contract/efactura";
import type { HomeFigures } from "../../contract/home";
import { timestamp } from "../../server/db/timestamps";
import { saveEfacturaConnection } from "../../server/efactura/efacturaAccess";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, DEMO_TENANT } from "../helpers/sentInvoices";
import { addStoredDocument } from "../helpers/storedInvoices";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const at = (day: string) => Date.parse(`${day}T10:00:00Z`);
/** Thursday 3 December 2026 in Romania. */
const DECEMBER_3 = at("2026-12-03");
/** Friday 27 November 2026. */
const NOVEMBER_27 = at("2026-11-27");

const none: InvoiceEfactura = { status: null, error: null, messageAt: null, archived: false, deadline: null, workingDaysLeft: null };
const REJECTION = "E: validari globale eroare: [BR-RO-100] Factura SBL0005: Daca Codul tarii cumparatorului (BT-55) este \"RO\", atunci Subdiviziunea tarii cumparatorului (BT-54) trebuie sa fie codificata";

describeEachDialect("an invoice's e-Factura state (list, record, filter, home)", (dialect) => {
  let t: TestApp;
  let clock = DECEMBER_3;
  let invoicing: LoginResponse;
  let otherInvoicing: LoginResponse;
  const ids: Record<string, number> = {};
  const nameOf = (id: number) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? `#${id}`;

  const addMessage = async (tenantId: number, values: { type: string; createdAt: string; archive?: Uint8Array; archivePath?: string; errorText?: string }) => {
    const { id } = await t.db
      .insertInto("efactura_messages")
      .values({
        tenantId,
        messageId: String(3_000_000_000 + Math.floor(Math.random() * 1_000_000)),
        type: values.type,
        uploadId: "5001",
        cif: "RO12345678",
        details: "Factura cu id_incarcare=5001 emisa de cif_emitent=12345678 pentru cif_beneficiar=10000008",
        createdAt: values.createdAt,
        readAt: timestamp(),
        number: null,
        issueDate: null,
        dueDate: null,
        supplierName: null,
        supplierCif: null,
        buyerName: null,
        buyerCif: null,
        total: null,
        currency: null,
        errorText: values.errorText ?? null,
        invoiceId: null,
        archive: values.archive ?? null,
        archivePath: values.archivePath ?? null,
        archivedAt: values.archive || values.archivePath ? timestamp() : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  };

  const connect = (tenantId: number) =>
    saveEfacturaConnection(
      t.db,
      t.config.efactura.tokenKey,
      tenantId,
      { cif: "12345678", accessToken: "access", refreshToken: "refresh", accessExpiresAt: "2027-01-01T00:00:00.000Z", refreshExpiresAt: "2027-06-01T00:00:00.000Z" },
      { userId: null, email: "admin@demo.ro" },
    );

  beforeAll(async () => {
    t = await testApp(dialect, { now: () => clock });
    ({ invoicing } = await signInDemoRoles(t));
    const client = await addCustomer(t, DEMO_TENANT, "RO10000008");
    const db = t.db;
    const invoice = async (name: string, issueDate: string, values: Parameters<typeof addStoredDocument>[1]["values"] = {}) => {
      ids[name] = await addStoredDocument(db, { clientId: client, issueDate, total: 100, values });
    };
    await invoice("due", "2026-11-26"); // deadline 7 December: 2 working days left on 3 December
    await invoice("fresh", "2026-12-02"); // deadline 9 December: 4 left
    await invoice("old", "2026-09-01"); // before SPV's 60 days
    await invoice("late", "2026-11-20"); // deadline 27 November: passed by 2 working days on 3 December
    await invoice("cancelled", "2026-11-26", { cancelledAt: "2026-11-27T08:00:00.000Z" });
    await invoice("smartBillDraft", "2026-11-26", { draft: 1, sentNumber: "" });
    await invoice("notSent", "2026-11-26", { status: "draft", sentNumber: null, sentSeries: null, sentAt: null });
    const sentMessage = await addMessage(DEMO_TENANT, { type: "FACTURA TRIMISA", createdAt: "2026-11-20T12:00:00.000Z" });
    await invoice("sent", "2026-11-20", { efacturaStatus: "sent", efacturaMessageId: sentMessage, efacturaUpdatedAt: "2026-11-20T12:05:00.000Z" });
    const validatedMessage = await addMessage(DEMO_TENANT, { type: "FACTURA TRIMISA", createdAt: "2026-11-19T09:30:00.000Z", archive: new Uint8Array([80, 75, 3, 4]) });
    await invoice("validated", "2026-11-19", { efacturaStatus: "validated", efacturaMessageId: validatedMessage });
    const rejectedMessage = await addMessage(DEMO_TENANT, { type: "ERORI FACTURA", createdAt: "2026-11-18T08:00:00.000Z", archivePath: "2/3000000001.zip", errorText: REJECTION });
    await invoice("rejected", "2026-11-18", { efacturaStatus: "rejected", efacturaError: REJECTION, efacturaMessageId: rejectedMessage });
    ids.proforma = await addStoredDocument(db, { clientId: client, issueDate: "2026-11-26", total: 100, documentType: "proforma" });

    // Another company, connected, with a due and a rejected invoice, and a message of its own.
    const other = await addTenant(t, "Altă Firmă SPV SRL");
    const otherClient = await addCustomer(t, other, "RO20000004");
    ids.theirsDue = await addStoredDocument(db, { tenantId: other, clientId: otherClient, issueDate: "2026-11-26", total: 100 });
    const theirMessage = await addMessage(other, { type: "ERORI FACTURA", createdAt: "2026-11-18T08:00:00.000Z", archive: new Uint8Array([1]) });
    ids.theirsRejected = await addStoredDocument(db, {
      tenantId: other,
      clientId: otherClient,
      issueDate: "2026-11-18",
      total: 100,
      values: { efacturaStatus: "rejected", efacturaError: "Altă eroare", efacturaMessageId: theirMessage },
    });
    // Ours, pointing at their message by mistake: it is not read across tenants.
    await invoice("crossed", "2026-11-17", { efacturaStatus: "validated", efacturaMessageId: theirMessage });
    await connect(other);
    await addUser(t, { email: "facturare@alta-spv.ro", tenantId: other, roles: ["ROLE_SMARTBILL"], password: "parola-alt-spv-1" });
    otherInvoicing = await t.signIn("facturare@alta-spv.ro", "parola-alt-spv-1");
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, session = invoicing) => {
    const response = await t.api("GET", url, { session });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const record = (name: string) => get<Invoice>(`/api/smartbill/invoice/${ids[name]}`);
  const listed = async (query: string) => (await get<Invoice[]>(`/api/smartbill/invoice?${query}`)).map((one) => nameOf(one.id)).sort();
  const home = () => get<HomeFigures>("/api/home");

  it("answers no deadline, no 'due' and no home figures while the company is not connected to SPV", async () => {
    clock = DECEMBER_3;
    expect((await record("due")).efactura).toEqual(none);
    expect(await listed("efactura=due")).toEqual([]);
    expect(await listed("efactura=none")).toEqual(["due", "fresh", "late", "old"]);
    expect((await home()).efactura).toBeUndefined();
    expect(Object.keys(await home())).not.toContain("efactura");
  });

  it("answers each status with its error, message time and archive, on the record and in the list", async () => {
    await connect(DEMO_TENANT);
    clock = DECEMBER_3;
    expect((await record("sent")).efactura).toEqual({ ...none, status: "sent", messageAt: "2026-11-20T12:00:00.000Z" });
    expect((await record("validated")).efactura).toEqual({ ...none, status: "validated", messageAt: "2026-11-19T09:30:00.000Z", archived: true });
    expect((await record("rejected")).efactura).toEqual({ ...none, status: "rejected", error: REJECTION, messageAt: "2026-11-18T08:00:00.000Z", archived: true });
    expect((await record("crossed")).efactura).toEqual({ ...none, status: "validated" });
    const list = await get<Invoice[]>("/api/smartbill/invoice");
    const byName = Object.fromEntries(list.map((one) => [nameOf(one.id), one.efactura]));
    expect(byName.rejected).toEqual((await record("rejected")).efactura);
    expect(byName.validated?.archived).toBe(true);
    expect(byName.due).toEqual({ ...none, deadline: "2026-12-07", workingDaysLeft: 2 });
    // Not issued, or no longer standing: nothing to send to SPV.
    for (const name of ["cancelled", "smartBillDraft", "notSent", "old"]) expect(byName[name], name).toEqual(none);
    // A proforma never goes to SPV.
    expect((await get<Invoice>(`/api/smartbill/proforma/${ids.proforma}`)).efactura).toBeNull();
    // The paged form answers the same.
    const page = await get<{ content: Invoice[] }>("/api/smartbill/invoice?page=0&size=50");
    expect(page.content.find((one) => one.id === ids.due)?.efactura).toEqual(byName.due);
  });

  it("counts the deadline in working days across a weekend and the 30 November and 1 December holidays", async () => {
    clock = DECEMBER_3;
    expect((await record("due")).efactura).toMatchObject({ deadline: "2026-12-07", workingDaysLeft: 2 });
    expect((await record("fresh")).efactura).toMatchObject({ deadline: "2026-12-09", workingDaysLeft: 4 });
    expect((await record("late")).efactura).toMatchObject({ deadline: "2026-11-27", workingDaysLeft: -2 });
    expect(await listed("efactura=due")).toEqual(["due", "late"]);

    // On Friday 27 November the same invoice still has 4 working days (2, 3, 4 and 7 December).
    clock = NOVEMBER_27;
    expect((await record("due")).efactura).toMatchObject({ deadline: "2026-12-07", workingDaysLeft: 4 });
    expect((await record("late")).efactura).toMatchObject({ workingDaysLeft: 0 });
    expect(await listed("efactura=due")).toEqual(["late"]);
    clock = DECEMBER_3;
  });

  it("filters the list by each e-Factura value, and refuses any other in Romanian", async () => {
    clock = DECEMBER_3;
    expect(await listed("efactura=sent")).toEqual(["sent"]);
    expect(await listed("efactura=validated")).toEqual(["crossed", "validated"]);
    expect(await listed("efactura=rejected")).toEqual(["rejected"]);
    expect(await listed("efactura=none")).toEqual(["due", "fresh", "late", "old"]);
    expect(await listed("efactura=due")).toEqual(["due", "late"]);
    const page = await get<{ content: Invoice[]; totalElements: number }>("/api/smartbill/invoice?efactura=due&page=0&size=1&sort=issueDate,asc");
    expect(page.totalElements).toBe(2);
    expect(page.content.map((one) => nameOf(one.id))).toEqual(["late"]);
    const proformas = await get<Invoice[]>("/api/smartbill/proforma?efactura=none");
    expect(proformas).toEqual([]);
    for (const query of ["efactura=respinsa", "efactura=", "efactura=DUE", "efactura=due&efactura=sent"]) {
      const response = await t.api("GET", `/api/smartbill/invoice?${query}`, { session: invoicing });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^Date invalide: „/);
    }
  });

  it("shows 'Termen e-Factura' and 'Respinse în e-Factura' on the home, counting what the list's filters list", async () => {
    clock = DECEMBER_3;
    expect((await home()).efactura).toEqual({ due: 2, rejected: 1 });
    clock = NOVEMBER_27;
    expect((await home()).efactura).toEqual({ due: 1, rejected: 1 });
    clock = DECEMBER_3;
  });

  it("never shows another company's invoices, messages or counts", async () => {
    clock = DECEMBER_3;
    for (const name of ["theirsDue", "theirsRejected"]) {
      expect((await t.api("GET", `/api/smartbill/invoice/${ids[name]}`, { session: invoicing })).statusCode, name).toBe(404);
    }
    const everyListed = [...(await listed("efactura=due")), ...(await listed("efactura=rejected")), ...(await listed(""))];
    expect(everyListed).not.toContain("theirsDue");
    expect(everyListed).not.toContain("theirsRejected");
    const theirs = await get<Invoice[]>("/api/smartbill/invoice?efactura=due", otherInvoicing);
    expect(theirs.map((one) => nameOf(one.id))).toEqual(["theirsDue"]);
    expect((await get<HomeFigures>("/api/home", otherInvoicing)).efactura).toEqual({ due: 1, rejected: 1 });
  });
});
