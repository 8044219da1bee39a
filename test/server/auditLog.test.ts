/**
 * The audit log: every kind of state-changing call that succeeds leaves one row (who, which
 * tenant, what, on what, with what result, when, from where), written with the change; a call
 * refused or failed leaves none; the rows are read by the tenant's admin (own tenant) and the
 * super-admin (every tenant), filtered, and exported. Driven through the real API, with the app's
 * own SmartBill emulator for the send.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  AuditEntry,
  GenerateSetUrlResponse,
  Invoice,
  InvoiceImportResult,
  InvoiceLine,
  LoginResponse,
  Page,
  SmartBillConnection,
  Tenant,
  User,
  Warehouse,
} from "../../contract/api";
import { CUSTOMER_COLUMNS } from "../../contract/customerColumns";
import { AUDIT_ACTION_NAMES } from "../../contract/auditActions";
import { apiPathOf } from "../../contract/paths";
import { type ResourceName, rolesAllow } from "../../contract/roles";
import { AUTHORIZATION_COOKIE } from "../../server/efactura/authorizationCookie";
import { auditActions } from "../../server/routes/api/audit/auditActionNames";
import { plainResources } from "../../server/routes/api/routeFolders";
import type { AuditLogTable } from "../../server/db/database";
import { messages } from "../../server/messages";
import { romanianDate } from "../../server/smartbill/bucharestTime";
import { createInvoiceReminders } from "../../server/tasks/kinds/invoiceReminders";
import { sheetJsRead } from "../helpers/csvReaders";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { invoiceUpload, multipart, xlsxOf } from "../helpers/excelFiles";
import { addWarehouse, emulator, liveApp } from "../helpers/smartbillData";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const DEMO_TENANT = 2;
const CLIENT_ADDRESS = "203.0.113.7";
const CUSTOMER_HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
const customerRow = (code: string, name: string) =>
  [name, "RO18547290", "J12/1/2020", code, "Str. 1", "Cluj-Napoca", "Cluj", "BT", "RO49AAAA1B31007593840000", "", "", "Ana", "0722000000"];

type Row = Omit<AuditLogTable, "id"> & { id: number };

describeEachDialect("the audit log", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;

  beforeAll(async () => {
    t = await liveApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
  });

  const lastId = async () => (await t.db.selectFrom("audit_log").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0;
  const rowsAfter = async (id: number) =>
    (await t.db.selectFrom("audit_log").selectAll().where("id", ">", id).orderBy("id").execute()) as Row[];

  /** Runs a call that must succeed and answers the rows it wrote. */
  async function rowsOf(call: () => Promise<LightMyRequestResponse>): Promise<{ response: LightMyRequestResponse; rows: Row[] }> {
    const before = await lastId();
    const response = await call();
    expect(response.statusCode, response.body).toBeLessThan(300);
    return { response, rows: await rowsAfter(before) };
  }

  /** A call that must succeed and write exactly one row, of `action`, matching `expected`. */
  async function recorded(action: string, call: () => Promise<LightMyRequestResponse>, expected: Partial<Row> = {}) {
    const { response, rows } = await rowsOf(call);
    expect(rows, action).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action, ...expected });
    expect(Date.now() - Date.parse(rows[0].createdAt)).toBeLessThan(60_000);
    seen.add(action);
    return response;
  }
  const seen = new Set<string>();
  /** The demo user a resource's role matrix row lets in: the clerk first, then the admin, then the super-admin. */
  const sessionFor = (resource: ResourceName) =>
    (
      [
        [invoicing, "ROLE_SMARTBILL"],
        [admin, "ROLE_ADMIN"],
        [superadmin, "ROLE_SUPERADMIN"],
      ] as const
    ).find(([, role]) => rolesAllow([role], resource))![0];

  it("records each kind of change: who, the tenant it concerned, what, on what, the result and the client's address", async () => {
    const from = { remoteAddress: CLIENT_ADDRESS };
    const sa = { session: superadmin, ...from };
    const ad = { session: admin, ...from };
    const inv = { session: invoicing, ...from };
    const adminUser = { userEmail: "admin@demo.ro", tenantId: DEMO_TENANT, clientAddress: CLIENT_ADDRESS };

    // Signing in; tenants and users (the super-admin's and the admin's work).
    await recorded("session.signIn", () => t.login("admin@demo.ro", undefined, CLIENT_ADDRESS), { ...adminUser, targetLabel: "admin@demo.ro" });
    const tenant = (
      await recorded("tenants.create", () => t.api("POST", "/api/tenant/add", { ...sa, body: { name: "Jurnal Nou SRL" } }), {
        userEmail: "superadmin@demo.ro",
        targetLabel: "Jurnal Nou SRL",
      })
    ).json<Tenant>();
    expect((await rowsAfter(0)).at(-1)?.tenantId).toBe(tenant.id);
    await recorded("tenants.update", () => t.api("PUT", `/api/tenant/${tenant.id}`, { ...sa, body: { name: "Jurnal Redenumit SRL" } }), {
      tenantId: tenant.id,
      target: String(tenant.id),
      targetLabel: "Jurnal Redenumit SRL",
    });
    const user = (
      await recorded("users.create", () => t.api("POST", "/api/user/add", { ...ad, body: { email: "jurnal@demo.ro", tenantId: DEMO_TENANT } }), {
        ...adminUser,
        targetLabel: "jurnal@demo.ro",
      })
    ).json<User>();
    await recorded("users.update", () => t.api("PUT", `/api/user/${user.id}`, { ...ad, body: { email: "jurnal2@demo.ro", tenantId: DEMO_TENANT } }), {
      ...adminUser,
      target: String(user.id),
      targetLabel: "jurnal2@demo.ro",
    });
    await recorded("users.assignRoles", () => t.api("PUT", `/api/user/role/assign/${user.id}`, { ...ad, body: { roles: ["ROLE_SMARTBILL"] } }), {
      ...adminUser,
      result: "Operator facturare",
    });
    const link = await recorded(
      "users.passwordLink",
      () => t.api("POST", "/api/user/generate-set-url", { ...ad, body: { email: "jurnal2@demo.ro", baseUrl: "http://localhost/dmz" } }),
      adminUser,
    );
    const setToken = new URL(link.json<GenerateSetUrlResponse>().url).searchParams.get("token");
    // The account's own calls, signed out: who is the account the link or the password proved.
    const own = { userEmail: "jurnal2@demo.ro", userId: user.id, tenantId: DEMO_TENANT, clientAddress: CLIENT_ADDRESS };
    await recorded(
      "password.set",
      () => t.api("POST", "/dmz-api/set", { ...from, xsrf: false, body: { email: "jurnal2@demo.ro", token: setToken, newPassword: "parola-jurnal-1" } }),
      own,
    );
    await recorded("password.recover", () => t.api("POST", "/dmz-api/recover", { ...from, xsrf: false, body: { email: "jurnal2@demo.ro" } }), own);
    // A visitor's message from the contact page: who is the address they wrote, in the system tenant.
    await recorded(
      "contact.message",
      () => t.api("POST", "/dmz-api/contact", { ...from, xsrf: false, body: { name: "Vizitator", email: "vizitator@exemplu.ro", message: "Aș dori un cont pentru firma mea." } }),
      { userEmail: "vizitator@exemplu.ro", userId: null, tenantId: 1, clientAddress: CLIENT_ADDRESS, targetLabel: "Vizitator" },
    );
    const mail = await t.db.selectFrom("outbox").select("body").where("recipient", "=", "jurnal2@demo.ro").orderBy("id", "desc").executeTakeFirstOrThrow();
    const resetToken = new URL(/https?:\/\/\S+/.exec(mail.body)![0]).searchParams.get("token");
    await recorded(
      "password.reset",
      () => t.api("POST", "/dmz-api/reset", { ...from, xsrf: false, body: { email: "jurnal2@demo.ro", token: resetToken, newPassword: "parola-jurnal-2" } }),
      own,
    );
    const session = await t.signIn("jurnal2@demo.ro", "parola-jurnal-2");
    await recorded(
      "password.change",
      () => t.api("POST", "/api/user/change-password", { session, ...from, body: { currentPassword: "parola-jurnal-2", newPassword: "parola-jurnal-3" } }),
      own,
    );
    await recorded("session.signOut", () => t.api("POST", "/dmz-api/logout", { ...from, body: { refreshToken: session.refreshToken } }), own);
    await recorded("users.delete", () => t.api("DELETE", `/api/user/${user.id}`, ad), { ...adminUser, target: String(user.id), targetLabel: "jurnal2@demo.ro" });
    await recorded("tenants.delete", () => t.api("DELETE", `/api/tenant/${tenant.id}`, sa), { tenantId: tenant.id, targetLabel: "Jurnal Redenumit SRL" });

    // Settings and the SmartBill connection: the values (secrets among them) are never written down.
    await recorded("properties.create", () => t.api("POST", "/api/property/properties", { ...ad, body: { name: "jurnal.cheie", value: "secret-1" } }), {
      ...adminUser,
      target: "jurnal.cheie",
    });
    await recorded("properties.update", () => t.api("PUT", "/api/property/properties/jurnal.cheie", { ...ad, body: { value: "secret-2" } }), adminUser);
    await recorded("properties.delete", () => t.api("DELETE", "/api/property/properties/jurnal.cheie", ad), adminUser);
    const connection = (await t.api("GET", "/api/smartbill/connection", { session: admin })).json<SmartBillConnection>();
    await recorded(
      "smartbillConnection.update",
      () => t.api("PUT", "/api/smartbill/connection", { ...ad, body: { username: connection.username, token: connection.token, cif: connection.cif, url: connection.url } }),
      { ...adminUser, targetLabel: connection.cif },
    );
    const written = await t.db.selectFrom("audit_log").selectAll().execute();
    expect(JSON.stringify(written)).not.toMatch(/secret-|parola-jurnal/);

    // Warehouses, stock, customers, the catalogue (the invoicing clerk's work).
    const clerk = { userEmail: "facturare@demo.ro", tenantId: DEMO_TENANT, clientAddress: CLIENT_ADDRESS };
    const warehouse = (
      await recorded("warehouses.create", () => t.api("POST", "/api/smartbill/warehouses", { ...inv, body: { warehouseName: "Depozit Jurnal", warehouseType: "en gros" } }), {
        ...clerk,
        targetLabel: "Depozit Jurnal",
      })
    ).json<Warehouse>();
    await recorded(
      "warehouses.update",
      () => t.api("PUT", `/api/smartbill/warehouses/${warehouse.id}`, { ...inv, body: { warehouseName: "Depozit Jurnal 2", warehouseType: "en gros" } }),
      { ...clerk, target: String(warehouse.id), targetLabel: "Depozit Jurnal 2" },
    );
    await recorded("stock.import", () => t.api("POST", `/api/smartbill/stock/import/${warehouse.id}`, inv), { ...clerk, targetLabel: "Depozit Jurnal 2", result: expect.stringMatching(/^sarcina nr\. \d+$/) });
    await t.db.deleteFrom("tasks").where("tenantId", "=", DEMO_TENANT).execute();
    await recorded("warehouses.delete", () => t.api("DELETE", `/api/smartbill/warehouses/${warehouse.id}`, inv), { ...clerk, targetLabel: "Depozit Jurnal 2" });
    const customers = multipart(await xlsxOf([CUSTOMER_HEADERS, customerRow("JRN1", "Client Jurnal SRL"), customerRow("JRN2", "Alt Client Jurnal SRL")]));
    await recorded("customers.import", () => t.api("POST", "/api/smartbill/customer/import", { ...inv, ...customers }), {
      ...clerk,
      result: "Import finalizat: 2 clienți noi, 0 actualizați, 0 rânduri respinse.",
    });
    const typed = Object.fromEntries(CUSTOMER_COLUMNS.map((column, i) => [column, customerRow("JRN3", "Client Tastat SRL")[i]]));
    const added = (
      await recorded("customers.create", () => t.api("POST", "/api/smartbill/customer", { ...inv, body: typed }), { ...clerk, targetLabel: "Client Tastat SRL" })
    ).json<{ id: number }>();
    await recorded("customers.update", () => t.api("PUT", `/api/smartbill/customer/${added.id}`, { ...inv, body: { ...typed, clientName: "Client Corectat SRL" } }), {
      ...clerk,
      target: String(added.id),
      targetLabel: "Client Corectat SRL",
    });
    // 'Fișa client' e-mailed: the period and the address in the result.
    await recorded(
      "customers.statement",
      () => t.api("POST", `/api/smartbill/customer/${added.id}/statement/email`, { ...inv, body: { to: "contabil@jurnal.ro", dateFrom: "2026-01-01", dateTo: "2026-01-31" } }),
      { ...clerk, target: String(added.id), targetLabel: "Client Corectat SRL", result: "Perioada 01.01.2026 – 31.01.2026; către: contabil@jurnal.ro" },
    );
    await recorded("customers.delete", () => t.api("DELETE", `/api/smartbill/customer/${added.id}`, inv), { ...clerk, target: String(added.id), targetLabel: "Client Corectat SRL" });
    // Every plain resource, from its definition: its two example records added, edited, deleted.
    for (const resource of await plainResources()) {
      const [first, second] = resource.body.examples as Record<string, unknown>[];
      const session = sessionFor(resource.name);
      const path = apiPathOf(resource.name);
      const labelOf = (example: Record<string, unknown>) => (resource.label ? String(example[resource.label]).trim() : null);
      const who = { userEmail: session.userName, tenantId: DEMO_TENANT, clientAddress: CLIENT_ADDRESS };
      const created = (
        await recorded(`${resource.name}.create`, () => t.api("POST", path, { session, ...from, body: first }), { ...who, targetLabel: labelOf(first) })
      ).json<{ id: number }>();
      await recorded(`${resource.name}.update`, () => t.api("PUT", `${path}/${created.id}`, { session, ...from, body: second }), {
        ...who,
        target: String(created.id),
        targetLabel: labelOf(second),
      });
      await recorded(`${resource.name}.delete`, () => t.api("DELETE", `${path}/${created.id}`, { session, ...from }), { ...who, targetLabel: labelOf(second) });
    }

    // An invoice, from its import to SmartBill.
    const client = await t.db.selectFrom("customers").select("id").where("codClient", "=", "JRN1").executeTakeFirstOrThrow();
    const central = await addWarehouse(t, DEMO_TENANT, "Depozit Central Jurnal");
    const workbook = await xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret"], ["Laptop", "PRD001", 1, 3500]]);
    const imported = await recorded(
      "invoices.import",
      () => t.api("POST", "/api/smartbill/invoice/import", { ...inv, ...invoiceUpload(workbook, { clientId: client.id, warehouseId: central, useStock: false, draft: false }) }),
      { ...clerk, result: "1 linie" },
    );
    const invoiceId = imported.json<InvoiceImportResult>().importRequestId!;
    const invoice = (await t.api("GET", `/api/smartbill/invoice/${invoiceId}`, { session: invoicing })).json<Invoice>();
    const { id: _id, products: _lines, ...form } = invoice;
    await recorded("invoices.update", () => t.api("PUT", `/api/smartbill/invoice/${invoiceId}`, { ...inv, body: { ...form, mentions: "Comanda 7" } }), {
      ...clerk,
      target: String(invoiceId),
    });
    const line = (
      await recorded(
        "invoices.lineCreate",
        () => t.api("POST", `/api/smartbill/invoice/${invoiceId}/line`, { ...inv, body: { name: "Mouse", code: "PRD002", quantity: 2, price: 50, measuringUnitName: "buc", currency: "RON", taxName: "Normala", taxPercentage: 21 } }),
        { ...clerk, target: String(invoiceId), targetLabel: "PRD002 Mouse" },
      )
    ).json<InvoiceLine>();
    await recorded(
      "invoices.lineUpdate",
      () => t.api("PUT", `/api/smartbill/invoice/line/${line.id}`, { ...inv, body: { ...line, quantity: 3 } }),
      { ...clerk, target: String(invoiceId), targetLabel: "PRD002 Mouse" },
    );
    await recorded("invoices.lineDelete", () => t.api("DELETE", `/api/smartbill/invoice/line/${line.id}`, inv), { ...clerk, target: String(invoiceId), targetLabel: `linia nr. ${line.id}` });
    // A block pasted from a spreadsheet: one row for the paste, saying how many lines it added.
    const pasted = await recorded(
      "invoices.linePaste",
      () => t.api("POST", `/api/smartbill/invoice/${invoiceId}/paste`, { ...inv, body: { text: "Mouse\tPRD002\t2\t50\r\nCablu\tPRD003\t1\t10\r\n" } }),
      { ...clerk, target: String(invoiceId), result: "2 linii" },
    );
    for (const added of pasted.json<{ added: InvoiceLine[] }>().added) {
      await recorded("invoices.lineDelete", () => t.api("DELETE", `/api/smartbill/invoice/line/${added.id}`, inv));
    }
    await recorded("invoices.send", () => t.api("POST", `/api/smartbill/invoice/send/${invoiceId}`, inv), {
      ...clerk,
      target: String(invoiceId),
      targetLabel: expect.stringMatching(/^SBL \d{4}$/),
    });
    // After the send: e-mail, cancel, restore, a payment and its deletion, the storno, and the
    // storno deleted from SmartBill (the last of its series). A PDF is a read: no row.
    const sent = { ...clerk, target: String(invoiceId), targetLabel: expect.stringMatching(/^SBL \d{4}$/) };
    await recorded(
      "invoices.email",
      () => t.api("POST", `/api/smartbill/invoice/${invoiceId}/email`, { ...inv, body: { to: "client@jurnal.ro", subject: "Factura", body: "Bună ziua" } }),
      { ...sent, result: "Către: client@jurnal.ro" },
    );
    await recorded("invoices.cancel", () => t.api("POST", `/api/smartbill/invoice/${invoiceId}/cancel`, inv), sent);
    await recorded("invoices.restore", () => t.api("POST", `/api/smartbill/invoice/${invoiceId}/restore`, inv), sent);
    const sentLabel = expect.stringMatching(/^SBL \d{4}$/);
    const paid = await recorded(
      "invoices.paymentAdd",
      () => t.api("POST", `/api/smartbill/invoice/${invoiceId}/payments`, { ...inv, body: { requestId: randomUUID(), amount: 10, date: romanianDate(Date.now()), type: "Card" } }),
      { ...clerk, target: String(invoiceId), targetLabel: sentLabel, result: "10.00 (Card)" },
    );
    expect(paid.json<{ invoice: Invoice }>().invoice.payment?.paid).toBe(10);
    const [payment] = (await t.api("GET", `/api/smartbill/invoice/${invoiceId}/payments`, { session: invoicing })).json<{ id: number }[]>();
    await recorded("invoices.paymentDelete", () => t.api("DELETE", `/api/smartbill/invoice/${invoiceId}/payments/${payment.id}`, inv), {
      ...clerk,
      target: String(invoiceId),
      targetLabel: sentLabel,
    });
    const reversed = await recorded("invoices.reverse", () => t.api("POST", `/api/smartbill/invoice/${invoiceId}/reverse`, { ...inv, body: { requestId: randomUUID() } }), {
      ...clerk,
      target: String(invoiceId),
      targetLabel: sentLabel,
      result: expect.stringMatching(/^SBL \d{4}$/),
    });
    const storno = reversed.json<{ storno: Invoice }>().storno;
    await recorded("invoices.delete", () => t.api("DELETE", `/api/smartbill/invoice/${storno.id}/smartbill`, inv), { ...clerk, target: String(storno.id) });

    // A SmartBill draft, then issued ('Emite factura'): the issue is the one that changes SmartBill's books.
    const draftId = (
      await t.api("POST", "/api/smartbill/invoice/import", { ...inv, ...invoiceUpload(workbook, { clientId: client.id, warehouseId: central, useStock: false, draft: true }) })
    ).json<InvoiceImportResult>().importRequestId!;
    expect((await t.api("POST", `/api/smartbill/invoice/send/${draftId}`, inv)).statusCode).toBe(200);
    await recorded("invoices.issue", () => t.api("POST", `/api/smartbill/invoice/${draftId}/issue`, inv), {
      ...clerk,
      target: String(draftId),
      targetLabel: expect.stringMatching(/^SBL \d{4}$/),
    });

    // A receipt issued on its own, then deleted from SmartBill (the last of its series).
    const state = (await emulator(t, "GET", "/state")) as { companies: { series?: { name: string; type: string; nextNumber: number }[] }[] };
    const companies = structuredClone(state.companies);
    companies[0].series = (companies[0].series ?? []).filter((s) => s.type !== "c").concat({ name: "CHA", type: "c", nextNumber: 1 });
    await emulator(t, "PUT", "/state", { companies });
    const receipt = await recorded(
      "receipts.issue",
      () =>
        t.api("POST", "/api/smartbill/receipt", {
          ...inv,
          body: { requestId: randomUUID(), kind: "Chitanta", clientId: client.id, amount: 5, currency: "RON", date: romanianDate(Date.now()), seriesName: "CHA" },
        }),
      { ...clerk, targetLabel: "CHA 0001", result: "5.00 RON (Chitanta)" },
    );
    const receiptId = receipt.json<{ id: number }>().id;
    await recorded("receipts.delete", () => t.api("DELETE", `/api/smartbill/receipt/${receiptId}`, inv), { ...clerk, target: String(receiptId), targetLabel: "CHA 0001" });
    // 'Factură nouă' and 'Duplică'.
    const typedInvoice = (
      await recorded("invoices.create", () => t.api("POST", "/api/smartbill/invoice", { ...inv, body: { ...form, version: undefined, issueDate: romanianDate(Date.now()) } }), clerk)
    ).json<Invoice>();
    await recorded("invoices.duplicate", () => t.api("POST", `/api/smartbill/invoice/${typedInvoice.id}/duplicate`, inv), {
      ...clerk,
      result: `Copie după #${typedInvoice.id}`,
    });

    // A proforma, through the same routes at its own prefix, each change under its own action.
    const proformas = "/api/smartbill/proforma";
    const proformaForm = { clientId: client.id, warehouseId: central, useStock: false, draft: false, seriesName: "SBL-PF" };
    const proformaId = (
      await recorded("proformas.import", () => t.api("POST", `${proformas}/import`, { ...inv, ...invoiceUpload(workbook, proformaForm) }), {
        ...clerk,
        result: "1 linie",
      })
    ).json<InvoiceImportResult>().importRequestId!;
    const proforma = (await t.api("GET", `${proformas}/${proformaId}`, { session: invoicing })).json<Invoice>();
    const { id: _proformaId, products: _proformaLines, ...proformaFields } = proforma;
    await recorded("proformas.update", () => t.api("PUT", `${proformas}/${proformaId}`, { ...inv, body: { ...proformaFields, mentions: "Avans" } }), {
      ...clerk,
      target: String(proformaId),
    });
    const proformaLine = (
      await recorded("proformas.lineCreate", () => t.api("POST", `${proformas}/${proformaId}/line`, { ...inv, body: { name: "Mouse", code: "PRD002", quantity: 1, price: 50 } }), {
        ...clerk,
        target: String(proformaId),
      })
    ).json<InvoiceLine>();
    await recorded("proformas.lineUpdate", () => t.api("PUT", `${proformas}/line/${proformaLine.id}`, { ...inv, body: { ...proformaLine, quantity: 2 } }), clerk);
    await recorded("proformas.lineDelete", () => t.api("DELETE", `${proformas}/line/${proformaLine.id}`, inv), clerk);
    const proformaPasted = await recorded("proformas.linePaste", () => t.api("POST", `${proformas}/${proformaId}/paste`, { ...inv, body: { text: "Mouse\tPRD002\t2\t50\r\n" } }), {
      ...clerk,
      result: "1 linie",
    });
    for (const added of proformaPasted.json<{ added: InvoiceLine[] }>().added) {
      await t.api("DELETE", `${proformas}/line/${added.id}`, inv);
    }
    const proformaLabel = expect.stringMatching(/^SBL-PF \d{4}$/);
    await recorded("proformas.send", () => t.api("POST", `${proformas}/send/${proformaId}`, inv), { ...clerk, target: String(proformaId), targetLabel: proformaLabel });
    await recorded(
      "proformas.email",
      () => t.api("POST", `${proformas}/${proformaId}/email`, { ...inv, body: { to: "client@jurnal.ro", subject: "Proforma", body: "Bună ziua" } }),
      { ...clerk, targetLabel: proformaLabel, result: "Către: client@jurnal.ro" },
    );
    await recorded("proformas.cancel", () => t.api("POST", `${proformas}/${proformaId}/cancel`, inv), { ...clerk, targetLabel: proformaLabel });
    await recorded("proformas.restore", () => t.api("POST", `${proformas}/${proformaId}/restore`, inv), { ...clerk, targetLabel: proformaLabel });
    await recorded("proformas.delete", () => t.api("DELETE", `${proformas}/${proformaId}/smartbill`, inv), { ...clerk, targetLabel: proformaLabel });
    const typedProforma = (
      await recorded("proformas.create", () => t.api("POST", proformas, { ...inv, body: { ...proformaFields, version: undefined, draft: true, issueDate: romanianDate(Date.now()) } }), clerk)
    ).json<Invoice>();
    const draftProforma = (
      await recorded("proformas.duplicate", () => t.api("POST", `${proformas}/${proformaId}/duplicate`, inv), { ...clerk, result: expect.stringMatching(/^Copie după SBL-PF \d{4}$/) })
    ).json<Invoice>();
    expect(typedProforma.documentType).toBe("proforma");
    // A SmartBill draft proforma, issued.
    await t.db.updateTable("invoices").set({ draft: 1 }).where("id", "=", draftProforma.id).execute();
    expect((await t.api("POST", `${proformas}/send/${draftProforma.id}`, inv)).statusCode).toBe(200);
    await recorded("proformas.issue", () => t.api("POST", `${proformas}/${draftProforma.id}/issue`, inv), { ...clerk, targetLabel: proformaLabel });
    await recorded("proformas.invoice", () => t.api("POST", `${proformas}/${draftProforma.id}/invoice`, { ...inv, body: {} }), {
      ...clerk,
      target: String(draftProforma.id),
      targetLabel: proformaLabel,
      result: expect.stringMatching(/^\S+ \d{4}$/),
    });

    // Reminders: the template saved; and a reminder of an overdue invoice, recorded by the task that
    // sent it with who asked and from where (the request that queued it writes no row itself).
    await recorded(
      "invoices.reminderSettings",
      () => t.api("PUT", "/api/smartbill/reminders/settings", { ...inv, body: { subject: "Factura {numar}", body: "Rest de plată: {rest}", intervalDays: 5 } }),
      { ...clerk, result: "Interval între reamintiri: 5 zile" },
    );
    await t.db.updateTable("customers").set({ email: "client@jurnal.ro" }).where("id", "=", client.id).execute();
    const overdue = await t.api("POST", "/api/smartbill/invoice/import", {
      ...inv,
      ...invoiceUpload(workbook, { clientId: client.id, warehouseId: central, useStock: false, draft: false, issueDate: "2026-08-31" }),
    });
    const overdueId = overdue.json<InvoiceImportResult>().importRequestId!;
    expect((await t.api("POST", `/api/smartbill/invoice/send/${overdueId}`, inv)).statusCode).toBe(200);
    const queued = await rowsOf(() => t.api("POST", "/api/smartbill/reminders", { ...inv, body: { invoiceIds: [overdueId] } }));
    expect(queued.rows).toEqual([]);
    // This app runs no worker: the task is run here, as the worker would.
    const task = await t.db.selectFrom("tasks").selectAll().where("id", "=", queued.response.json<{ taskId: number }>().taskId).executeTakeFirstOrThrow();
    const runTask = () =>
      createInvoiceReminders()({
        db: t.db,
        task,
        payload: JSON.parse(task.payload),
        signal: new AbortController().signal,
        log: t.app.log,
        progress: async () => undefined,
        smartBillUrls: t.app.smartBillUrls,
      });
    await recorded(
      "invoices.remind",
      async () => {
        expect((await runTask()).updated).toBe(1);
        return queued.response;
      },
      { ...clerk, target: String(overdueId), targetLabel: expect.stringMatching(/^SBL \d{4}$/), result: "Trimisă către client@jurnal.ro" },
    );

    // Connecting to ANAF (SPV): the record is written when the browser comes back from the consent page.
    const begun = await t.api("POST", "/api/efactura/connection", ad);
    const authorizeUrl = new URL(begun.json<{ authorizeUrl: string }>().authorizeUrl);
    // The browser that began holds the cookie the callback asks for.
    const held = begun.cookies.find((cookie) => cookie.name === AUTHORIZATION_COOKIE)!;
    const consent = await t.app.inject({
      method: "POST",
      url: authorizeUrl.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `${authorizeUrl.searchParams.toString()}&decision=allow`,
    });
    const callback = new URL(consent.headers.location as string);
    await recorded("efacturaConnection.connect", async () => {
      // The callback answers the browser with a redirect to the screen, its success being the result it names.
      const back = await t.api("GET", `${callback.pathname}${callback.search}`, { ...from, xsrf: false, headers: { cookie: `${held.name}=${held.value}` } });
      expect(back.headers.location).toBe("/efactura-spv?rezultat=connected");
      return { ...back, statusCode: 200 } as LightMyRequestResponse;
    }, {
      ...adminUser,
      targetLabel: expect.stringMatching(/^\d+$/),
    });
    await recorded("efacturaConnection.disconnect", () => t.api("DELETE", "/api/efactura/connection", ad), { ...adminUser, targetLabel: expect.stringMatching(/^\d+$/) });

    expect((await auditActions()).filter((action) => !seen.has(action))).toEqual([]);
  });

  it("records nothing for a call that was refused or failed, nor for one that changed nothing", async () => {
    const warehouse = await addWarehouse(t, DEMO_TENANT, "Depozit Refuzat");
    const before = await lastId();
    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      ["a wrong password", () => t.login("admin@demo.ro", "parola-gresita")],
      ["a duplicate", () => t.api("POST", "/api/smartbill/warehouses", { session: invoicing, body: { warehouseName: "Depozit Refuzat", warehouseType: "en gros" } })],
      ["a role the caller lacks", () => t.api("POST", "/api/tenant/add", { session: admin, body: { name: "Interzis SRL" } })],
      ["another tenant's id", () => t.api("DELETE", `/api/smartbill/warehouses/${warehouse}`, { session: invoicing, tenantId: 1 })],
      ["a record that is not there", () => t.api("DELETE", "/api/products/999999", { session: invoicing })],
      ["an invoice SmartBill cannot take (no lines)", async () => {
        const client = await t.db.selectFrom("customers").select("id").where("tenantId", "=", DEMO_TENANT).executeTakeFirst();
        const id = (
          await t.db
            .insertInto("invoices")
            .values({
              tenantId: DEMO_TENANT, clientId: client?.id ?? null, warehouseId: null, issueDate: "2026-08-31", dueDays: 14, useStock: 0,
              mentions: "", observations: "", draft: 0, saveToDb: 0, seriesName: "SBL", currency: "RON", language: "RO", precision: 2,
              status: "draft", sendSeriesNextNumber: null, sendStartedAt: null, sentSeries: null, sentNumber: null, sentMessage: null,
              sentUrl: null, errorText: null, sentAt: null, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(),
            } as never)
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id as number;
        return t.api("POST", `/api/smartbill/invoice/send/${id}`, { session: invoicing });
      }],
      ["a customer import's dry run", async () =>
        t.api("POST", "/api/smartbill/customer/import?dryRun=true", { session: invoicing, ...multipart(await xlsxOf([CUSTOMER_HEADERS, customerRow("DRY1", "Doar Verificat SRL")])) })],
      ["a sign-out with a token already spent", () => t.api("POST", "/dmz-api/logout", { body: { refreshToken: "nu-exista" } })],
    ];
    for (const [what, call] of calls) {
      const response = await call();
      expect(await rowsAfter(before), `${what}: ${response.statusCode} ${response.body}`).toEqual([]);
    }
  });

  it("writes a change and its row together: a change whose row cannot be written is not made", async () => {
    const failing = dialect === "postgres"
      ? [
          sql`create function audit_refused() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`,
          sql`create trigger audit_refused before insert on audit_log for each row execute function audit_refused()`,
        ]
      : [sql`create trigger audit_refused before insert on audit_log begin select raise(abort, 'audit refused'); end`];
    for (const statement of failing) await statement.execute(t.db);
    try {
      const response = await t.api("POST", "/api/smartbill/warehouses", { session: invoicing, body: { warehouseName: "Depozit Nejurnalizat", warehouseType: "en gros" } });
      expect(response.statusCode).toBe(500);
      const made = await t.db.selectFrom("warehouses").select("id").where("warehouseName", "=", "Depozit Nejurnalizat").execute();
      expect(made).toEqual([]);
    } finally {
      await sql`drop trigger audit_refused${sql.raw(dialect === "postgres" ? " on audit_log" : "")}`.execute(t.db);
      if (dialect === "postgres") await sql`drop function audit_refused()`.execute(t.db);
    }
  });

  describe("GET /api/audit", () => {
    let otherTenant: number;
    beforeAll(async () => {
      const tenant = await t.api("POST", "/api/tenant/add", { session: superadmin, body: { name: "Jurnal Citit SRL" } });
      otherTenant = tenant.json<Tenant>().id;
      await t.api("POST", "/api/smartbill/warehouses", { session: invoicing, body: { warehouseName: "Depozit Citit", warehouseType: "en gros" } });
    });
    const list = (query: string, session = admin) => t.api("GET", `/api/audit?${query}`, { session });

    it("gives a tenant's admin the tenant's rows only, newest first", async () => {
      const response = await list("page=0&size=500");
      expect(response.statusCode, response.body).toBe(200);
      const { content } = response.json<Page<AuditEntry>>();
      expect(content.length).toBeGreaterThan(0);
      expect(new Set(content.map((entry) => entry.tenantId))).toEqual(new Set([DEMO_TENANT]));
      const times = content.map((entry) => entry.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(content[0]).toMatchObject({ tenantName: "Demo SRL" });
      // An admin asking for another tenant gets nothing of it.
      expect((await list(`tenantId=${otherTenant}`)).json<AuditEntry[]>()).toEqual([]);
      const foreign = await t.api("GET", "/api/audit", { session: admin, tenantId: otherTenant });
      expect(foreign.statusCode).toBe(403);
    });

    it("gives the super-admin every tenant's rows, and one tenant's by tenantId", async () => {
      const all = (await list("page=0&size=500", superadmin)).json<Page<AuditEntry>>().content;
      expect(all.some((entry) => entry.tenantId === otherTenant)).toBe(true);
      expect(all.some((entry) => entry.tenantId === DEMO_TENANT)).toBe(true);
      const one = (await list(`tenantId=${otherTenant}`, superadmin)).json<AuditEntry[]>();
      expect(one.length).toBeGreaterThan(0);
      expect(one.every((entry) => entry.tenantId === otherTenant && entry.tenantName === "Jurnal Citit SRL")).toBe(true);
    });

    it("gives the super-admin acting in one company (X-Tenant-ID) that company's rows only, in the list and the export", async () => {
      const acting = (path: string, tenantId: number) => t.api("GET", path, { session: superadmin, tenantId });
      const demo = (await acting("/api/audit?page=0&size=500", DEMO_TENANT)).json<Page<AuditEntry>>().content;
      expect(demo.length).toBeGreaterThan(0);
      expect(new Set(demo.map((entry) => entry.tenantId))).toEqual(new Set([DEMO_TENANT]));
      expect((await acting(`/api/audit?tenantId=${otherTenant}`, DEMO_TENANT)).json<AuditEntry[]>()).toEqual([]);
      const csv = await acting("/api/audit/export?format=csv", DEMO_TENANT);
      const lines = sheetJsRead(csv.body, ";").rows.slice(1);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((line) => line[1] === "Demo SRL")).toBe(true);
      // Acting on the system tenant (the super-admin's own), every company's rows.
      const all = (await acting("/api/audit?page=0&size=500", 1)).json<Page<AuditEntry>>().content;
      expect(all.some((entry) => entry.tenantId === otherTenant) && all.some((entry) => entry.tenantId === DEMO_TENANT)).toBe(true);
    });

    it("exports a change that says nothing more than done with the result 'Reușită'", async () => {
      const csv = await t.api("GET", "/api/audit/export?format=csv&action=warehouses.create", { session: admin });
      const rows = sheetJsRead(csv.body, ";").rows.slice(1);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((line) => line[5] === "Reușită")).toBe(true);
    });

    it("filters by action, by user and by period (days in Romania's time, both included)", async () => {
      const created = (await list("action=warehouses.create")).json<AuditEntry[]>();
      expect(created.length).toBeGreaterThan(0);
      expect(created.every((entry) => entry.action === "warehouses.create")).toBe(true);
      const byUser = (await list("userEmail=FACTURARE")).json<AuditEntry[]>();
      expect(byUser.length).toBeGreaterThan(0);
      expect(byUser.every((entry) => entry.userEmail === "facturare@demo.ro")).toBe(true);
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest" }).format(new Date());
      expect((await list(`from=${today}&to=${today}&action=warehouses.create`)).json<AuditEntry[]>()).toHaveLength(created.length);
      expect((await list("to=2020-01-01")).json<AuditEntry[]>()).toEqual([]);
      expect((await list("from=2099-01-01")).json<AuditEntry[]>()).toEqual([]);
    });

    it("refuses a period it cannot read, with a sentence saying why", async () => {
      const wrongDay = await list("from=2026-02-30");
      expect(wrongDay.statusCode).toBe(400);
      expect(wrongDay.json()).toMatchObject({ message: messages.auditDayInvalid });
      const reversed = await list("from=2026-11-24&to=2026-11-01");
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toMatchObject({ message: messages.auditPeriodReversed });
      expect((await list("from=ieri")).statusCode).toBe(400);
    });

    it("is not the invoicing role's to read", async () => {
      expect((await list("", invoicing)).statusCode).toBe(403);
      expect((await t.api("GET", "/api/audit/export", { session: invoicing })).statusCode).toBe(403);
    });

    it("exports the rows the filters select as CSV and XLSX, actions named in Romanian", async () => {
      const csv = await t.api("GET", "/api/audit/export?format=csv&action=warehouses.create", { session: admin });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-disposition"]).toBe('attachment; filename="jurnal-audit.csv"');
      const lines = sheetJsRead(csv.body, ";").rows;
      expect(lines[0]).toEqual(["Data și ora", "Firmă", "Utilizator", "Acțiune", "Obiect", "Rezultat", "Adresă IP"]);
      const count = (await list("action=warehouses.create")).json<AuditEntry[]>().length;
      expect(lines).toHaveLength(count + 1);
      expect(lines.slice(1).every((line) => line[3] === AUDIT_ACTION_NAMES["warehouses.create"])).toBe(true);
      const xlsx = await t.api("GET", "/api/audit/export?format=xlsx", { session: admin });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    });
  });

  it("stops the app from starting when a state-changing route names no audit action", async () => {
    await expect(
      testApp(dialect, {
        plugin: async (app) => {
          app.post("/api/test/unrecorded", async () => ({}));
        },
      }),
    ).rejects.toThrow(/POST \/api\/test\/unrecorded: name its audit action/);
  });
});
