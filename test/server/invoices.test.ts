/**
 * /api/smartbill/invoice on both dialects: the import (LibreOffice-made .xlsx and .xls, defaults,
 * the VAT percent from the emulator's tax list, refusals that store nothing),
 * the list, the invoice with its lines, the form's save with its version (409 when stale or
 * sent), the lines' add/update/delete, roles and tenant isolation.
 *
 * The app listens on a loopback port and the demo tenant's smartbill.url points at its own
 * emulator, so the tax list comes through the real SmartBill client.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Invoice, InvoiceImportResult, LoginResponse, Page, InvoiceLine } from "../../contract/api";
import { INVOICE_DEFAULTS } from "../../contract/constants";
import { API_PATHS } from "../../contract/paths";
import { INVOICE_LINE_COLUMNS, INVOICE_LINE_HEADERS } from "../../contract/invoiceLineHeaders";
import {
  excelMessages,
  invoiceImportMissing,
  invoiceLinesFull,
  invoiceMessages,
  invoiceRowsRejected,
  lineQuantityNotPositive,
  noTaxList,
  tooManyInvoiceLines,
} from "../../server/messages";
import { romanianDate } from "../../server/smartbill/bucharestTime";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { invoiceUpload as importBody, rowsOf, xlsxOf, zipBomb } from "../helpers/excelFiles";
import { addWarehouse, EMULATOR_CONTROL, invoicingUserOfNewTenant, liveApp } from "../helpers/smartbillData";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import type { TestApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

/** SmartBill's answer to a token over its limit (a 403 with this errorText). */
const LOCKOUT_TEXT = "Ati atins limita maxima de requesturi permise. Reincercati dupa 10 minute.";
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/invoices", name));
/** The hostile files the customer import is tested with: the same reader refuses them here. */
const customerFixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/customers", name));
const ROLE_FORBIDDEN = "Nu aveți dreptul să accesați această resursă.";
const HEADER = ["Denumire produs", "Cod produs", "Cantitate", "Pret"];
const line = { name: "Produs nou", code: "N1", quantity: 2, price: 10 };

describeEachDialect("the invoices resource (/api/smartbill/invoice)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  let other: { tenantId: number; session: LoginResponse };
  let central: number;
  let cluj: number;
  let clientId: number;
  let otherClientId: number;
  let otherWarehouse: number;

  beforeAll(async () => {
    t = await liveApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    other = await invoicingUserOfNewTenant(t, superadmin, "Facturi Alt Tenant SRL", "facturare@facturi-alt.ro");
    central = await addWarehouse(t, 2, "Depozit Central");
    cluj = await addWarehouse(t, 2, "Magazin Cluj", "en detail");
    otherWarehouse = await addWarehouse(t, other.tenantId, "Depozit Străin");
    clientId = await addCustomer(2, "C001", "Șervețele Ţesute SRL");
    otherClientId = await addCustomer(other.tenantId, "X001", "Client Străin SRL");
  });
  afterAll(() => t.close());
  beforeEach(() => liftSmartBillBlocks(t.db));
  afterEach(() => t.app.inject({ method: "DELETE", url: `${EMULATOR_CONTROL}/faults` }));

  async function addCustomer(tenantId: number, codClient: string, clientName: string): Promise<number> {
    const now = new Date().toISOString();
    const { id } = await t.db
      .insertInto("customers")
      .values({
        tenantId, clientName, codClient, cif: "RO18547290", regCom: "", adresa: "", localitate: "", judet: "",
        banca: "", iban: "", tara: "Romania", email: "", persContact: "", telefon: "", createdAt: now, updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  }

  const importFile = (file: Buffer | undefined, payload?: unknown, session = invoicing, options?: Parameters<typeof importBody>[2]) =>
    t.api("POST", "/api/smartbill/invoice/import", { session, ...importBody(file, payload, options) });
  const imported = async (file: Buffer, payload?: unknown, session = invoicing): Promise<Invoice> => {
    const res = await importFile(file, payload, session);
    expect(res.statusCode, res.body).toBe(200);
    return get(res.json<InvoiceImportResult>().importRequestId!, session);
  };
  const get = async (id: number, session = invoicing): Promise<Invoice> => {
    const res = await t.api("GET", `/api/smartbill/invoice/${id}`, { session });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Invoice>();
  };
  const put = (id: number, body: object, session = invoicing) => t.api("PUT", `/api/smartbill/invoice/${id}`, { session, body });
  const addLine = (invoiceId: number, body: object, session = invoicing) =>
    t.api("POST", `/api/smartbill/invoice/${invoiceId}/product`, { session, body });
  const counts = async () => ({
    invoices: (await t.db.selectFrom("invoices").select("id").execute()).length,
    lines: (await t.db.selectFrom("invoice_lines").select("id").execute()).length,
  });
  const setStatus = (id: number, status: Invoice["status"]) => t.db.updateTable("invoices").set({ status }).where("id", "=", id).execute();
  /** The form of an invoice as the edit screen sends it back. */
  const formOf = (invoice: Invoice) => ({
    clientId: invoice.clientId, warehouseId: invoice.warehouseId, issueDate: invoice.issueDate, dueDays: invoice.dueDays,
    useStock: invoice.useStock, mentions: invoice.mentions, observations: invoice.observations, draft: invoice.draft,
    saveToDb: invoice.saveToDb, seriesName: invoice.seriesName, currency: invoice.currency, language: invoice.language,
    precision: invoice.precision, version: invoice.version,
  });
  const simpleSheet = (rows = 1) => xlsxOf([[...HEADER, "Procent TVA"], ...Array.from({ length: rows }, (_, i) => [`Produs ${i + 1}`, `P${i + 1}`, 1, 10, 21])]);

  describe("import", () => {
    for (const name of ["ro-title.xlsx", "ro-title.xls"]) {
      it(`reads ${name}: Romanian headers under a title row, numbers as text, blank cells defaulted, VAT 21 from SmartBill's tax list`, async () => {
        const res = await importFile(fixture(name), { clientId, warehouseId: central, issueDate: "2026-03-10", dueDays: 30, mentions: " Comanda 12 " });
        expect(res.statusCode, res.body).toBe(200);
        const result = res.json<InvoiceImportResult>();
        expect(result).toMatchObject({ error: false, message: "Fișierul a fost încărcat cu succes!", lines: 4 });
        const invoice = await get(result.importRequestId!);
        expect(invoice).toMatchObject({
          id: result.importRequestId, clientId, clientName: "Șervețele Ţesute SRL", warehouseId: central,
          issueDate: "2026-03-10", dueDays: 30, dueDate: "2026-04-09", mentions: "Comanda 12", observations: "",
          useStock: true, draft: false, saveToDb: false, seriesName: "SBL", currency: "RON", language: "RO", precision: 2,
          version: 1, status: "draft", sentSeries: null, sentNumber: null, errorText: null, sentAt: null,
        });
        const lines = invoice.products!.map(({ id: _id, invoiceId, ...fields }) => {
          expect(invoiceId).toBe(invoice.id);
          return fields;
        });
        const defaults = { currency: "RON", taxName: "Normala", taxPercentage: 21, saveToDb: false, warehouseName: "Depozit Central" };
        expect(lines).toEqual([
          { ...defaults, name: "Laptop Lenovo ThinkPad E14", code: "PRD001", quantity: 2, price: 3499.9, measuringUnitName: "buc", service: false },
          { ...defaults, name: "Instalare și configurare", code: "SRV01", quantity: 1.5, price: 250.56, measuringUnitName: "oră", service: true },
          { ...defaults, name: "Hârtie copiator A4", code: "PRD003", quantity: 10, price: 24.5, measuringUnitName: "top", taxName: "Redusa", taxPercentage: 11, service: true, warehouseName: "Magazin Cluj" },
          { ...defaults, name: "Cafea boabe prăjită", code: "PRD004", quantity: 0.75, price: 89, measuringUnitName: "kg", currency: "EUR", service: false },
        ]);
      });
    }

    for (const name of ["en-order.xlsx", "en-order.xls"]) {
      it(`reads ${name}: English headers in another order, number cells, the form's currency and saveToDb for blank cells, a VAT percent alone choosing its tax`, async () => {
        const invoice = await imported(fixture(name), { currency: "usd", saveToDb: false, warehouseId: cluj });
        expect(invoice.currency).toBe("USD");
        expect(invoice.products!.map(({ id: _id, invoiceId: _invoiceId, ...fields }) => fields)).toEqual([
          { name: "Wireless mouse", code: "E001", quantity: 3, price: 12.5, measuringUnitName: "pcs", currency: "EUR", taxName: "Redusa", taxPercentage: 11, saveToDb: true, service: true, warehouseName: "Depozit Central" },
          { name: "Monitor 27", code: "E002", quantity: 1, price: 1234.57, measuringUnitName: "buc", currency: "USD", taxName: "Normala", taxPercentage: 21, saveToDb: false, service: false, warehouseName: "Magazin Cluj" },
        ]);
      });
    }

    it("gives a missing payload, or missing and null fields, the spec's defaults (issue date: today in Romania)", async () => {
      for (const payload of [undefined, {}, { dueDays: null, seriesName: null, currency: "", clientId: null }]) {
        const invoice = await imported(await simpleSheet(), payload);
        expect(invoice).toMatchObject({
          ...INVOICE_DEFAULTS, clientId: null, clientName: null, warehouseId: null, issueDate: romanianDate(Date.now()),
          mentions: "", observations: "", status: "draft", version: 1,
        });
        expect(invoice.products![0]).toMatchObject({ warehouseName: "", currency: "RON", measuringUnitName: "buc", saveToDb: false });
      }
    });

    it("stores an invoice without a client or warehouse, as the spec's API does, and says what it lacks before a send", async () => {
      const res = await importFile(await simpleSheet(), { useStock: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<InvoiceImportResult>()).toMatchObject({
        error: false,
        message: `Fișierul a fost încărcat cu succes! ${invoiceImportMissing.clientId} ${invoiceImportMissing.warehouseId}`,
        missing: { clientId: invoiceImportMissing.clientId, warehouseId: invoiceImportMissing.warehouseId },
      });
      // Without stock, or with every line naming its warehouse, no warehouse is missing; with both given, nothing is.
      const noStock = (await importFile(await simpleSheet(), { useStock: false })).json<InvoiceImportResult>();
      expect(noStock.missing).toEqual({ clientId: invoiceImportMissing.clientId });
      const named = await xlsxOf([[...HEADER, "Depozit"], ["Produs", "P1", 1, 10, "Magazin Cluj"]]);
      expect((await importFile(named, { clientId, useStock: true })).json<InvoiceImportResult>().missing).toBeUndefined();
      const whole = (await importFile(await simpleSheet(), { clientId, warehouseId: central, useStock: true })).json<InvoiceImportResult>();
      expect(whole).toMatchObject({ error: false, message: "Fișierul a fost încărcat cu succes!" });
      expect(whole.missing).toBeUndefined();
    });

    it("gives the lines' template: the Romanian headers and two example lines that import as they are", async () => {
      const res = await t.api("GET", "/api/smartbill/invoice/import/template", { session: invoicing });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toContain("model-import-factura.xlsx");
      const [header, ...rows] = await rowsOf(res.rawPayload);
      expect(header).toEqual(INVOICE_LINE_COLUMNS.map((column) => INVOICE_LINE_HEADERS[column]));
      expect(rows).toHaveLength(2);
      const invoice = await imported(res.rawPayload, { clientId, useStock: false });
      expect(invoice.products!.map(({ name, quantity, price, service, taxPercentage }) => ({ name, quantity, price, service, taxPercentage }))).toEqual([
        { name: "Laptop Lenovo ThinkPad E14", quantity: 2, price: 3499.9, service: false, taxPercentage: 21 },
        { name: "Instalare și configurare", quantity: 1.5, price: 250, service: true, taxPercentage: 21 },
      ]);
      expect((await t.api("GET", "/api/smartbill/invoice/import/template", { session: admin })).statusCode).toBe(403);
    });

    it("accepts the payload as a JSON blob part, as a browser's FormData sends a Blob", async () => {
      const res = await importFile(await simpleSheet(), { dueDays: 7, draft: false }, invoicing, { payloadAsBlob: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(await get(res.json<InvoiceImportResult>().importRequestId!)).toMatchObject({ dueDays: 7, draft: false });
    });

    it("refuses a row with a blank VAT percent, saying why, while no SmartBill tax list was ever read", async () => {
      const sheet = xlsxOf([[...HEADER, "Taxa", "Procent TVA"], ["A", "A1", 1, 1, "", ""], ["B", "B1", 1, 1, "Redusa", 11]]);
      const res = await importFile(await sheet, {}, other.session);
      expect(res.statusCode).toBe(400);
      expect(res.json().rejected).toEqual([{ row: 2, reason: noTaxList }]);
      const taxes = await t.api("GET", "/api/smartbill/tax", { session: other.session });
      expect(taxes.json()).toEqual({ taxes: [{ name: "Normala", percentage: 21 }], fromProvider: false, source: "standard", readAt: null });
    });

    it("uses the last tax list read, and the tax look-up says from when, while SmartBill is locked out or failing", async () => {
      const read = await t.api("GET", "/api/smartbill/tax", { session: invoicing });
      expect(read.json()).toMatchObject({ fromProvider: true, source: "smartbill" });
      const { readAt } = read.json<{ readAt: string }>();
      const sheet = xlsxOf([[...HEADER, "Taxa", "Procent TVA"], ["A", "A1", 1, 1, "", ""], ["B", "B1", 1, 1, "Redusa", 11]]);

      await t.app.inject({ method: "POST", url: `${EMULATOR_CONTROL}/faults`, payload: { fault: "errortext-200", status: 403, text: LOCKOUT_TEXT, path: "/tax" } });
      const lockedOut = await imported(await sheet, {});
      expect(lockedOut.products!.map((p) => p.taxPercentage)).toEqual([21, 11]);
      const saved = await t.api("GET", "/api/smartbill/tax", { session: invoicing });
      expect(saved.json()).toMatchObject({ source: "saved", readAt, taxes: expect.arrayContaining([{ name: "Normala", percentage: 21 }]) });

      await liftSmartBillBlocks(t.db);
      await t.app.inject({ method: "POST", url: `${EMULATOR_CONTROL}/faults`, payload: { fault: "html500", path: "/tax" } });
      expect((await imported(await sheet, {})).products!.map((p) => p.taxPercentage)).toEqual([21, 11]);
      // And SmartBill's own list again once it answers.
      expect((await t.api("GET", "/api/smartbill/tax", { session: invoicing })).json()).toMatchObject({ source: "smartbill" });
    });

    it("refuses a file with bad rows whole, naming every bad row and why, and stores nothing", async () => {
      const before = await counts();
      const res = await importFile(fixture("bad-rows.xlsx"), { clientId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: true,
        message: invoiceRowsRejected(5),
        errorMessage: "Fișierul a fost refuzat: 5 rânduri au erori. Corectați-le și încărcați din nou fișierul; nimic nu a fost salvat.",
        rejected: [
          { row: 3, reason: "Denumirea produsului lipsește." },
          { row: 4, reason: "Cantitatea „doi” nu este un număr." },
          { row: 5, reason: "Prețul lipsește." },
          { row: 6, reason: "Procentul TVA „150” trebuie să fie un număr între 0 și 100." },
          { row: 7, reason: "Valoarea „poate” din coloana „Serviciu” nu este recunoscută (folosiți da sau nu)." },
        ],
      });
      expect(await counts()).toEqual(before);
    });

    it("refuses a row whose named tax SmartBill does not have, whatever its VAT percent", async () => {
      const res = await importFile(await xlsxOf([[...HEADER, "Cota TVA", "Procent TVA"], ["A", "A1", 1, 1, "Inexistenta", ""], ["B", "B1", 1, 1, "Inexistenta", 21]]));
      expect(res.statusCode).toBe(400);
      const reason = "Cota TVA „Inexistenta” nu există în SmartBill (cotele din SmartBill: Normala 21%, Redusa 11%, Taxare inversa 0%); alegeți o cotă din listă.";
      expect(res.json().rejected).toEqual([{ row: 2, reason }, { row: 3, reason }]);
    });

    it("gives every line its tax's VAT from SmartBill's list: a stale percent beside a tax is corrected, a percent alone chooses its tax, one no tax has is refused", async () => {
      const sheet = xlsxOf([
        [...HEADER, "Taxa", "Procent TVA"],
        ["Stale", "S1", 1, 1, "Normala", 19],
        ["Case", "S2", 1, 1, "normală", ""],
        ["Reduced", "S3", 1, 1, "", 11],
        ["Old rate", "S4", 1, 1, "", 19],
        ["Zero", "S5", 1, 1, "", 0],
      ]);
      const refused = await importFile(await sheet);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().rejected).toEqual([
        { row: 5, reason: "Procentul TVA 19% nu este al niciunei cote din SmartBill (cotele din SmartBill: Normala 21%, Redusa 11%, Taxare inversa 0%); scrieți numele cotei (coloana „Taxa”) sau un procent din listă." },
      ]);
      const invoice = await imported(await xlsxOf([[...HEADER, "Taxa", "Procent TVA"], ["Stale", "S1", 1, 1, "Normala", 19], ["Case", "S2", 1, 1, "normală", ""], ["Reduced", "S3", 1, 1, "", 11], ["Zero", "S5", 1, 1, "", 0]]));
      expect(invoice.products!.map(({ name, taxName, taxPercentage }) => ({ name, taxName, taxPercentage }))).toEqual([
        { name: "Stale", taxName: "Normala", taxPercentage: 21 },
        { name: "Case", taxName: "Normala", taxPercentage: 21 },
        { name: "Reduced", taxName: "Redusa", taxPercentage: 11 },
        { name: "Zero", taxName: "Taxare inversa", taxPercentage: 0 },
      ]);
    });

    it("refuses a row whose quantity is zero or below: a storno reverses an invoice", async () => {
      const res = await importFile(await xlsxOf([HEADER, ["A", "A1", 0, 1], ["B", "B1", -2, 1], ["C", "C1", 1, 1]]));
      expect(res.statusCode).toBe(400);
      expect(res.json().rejected).toEqual([
        { row: 2, reason: lineQuantityNotPositive },
        { row: 3, reason: lineQuantityNotPositive },
      ]);
    });

    const refused: [string, () => Buffer | Promise<Buffer>, string][] = [
      ["a missing required column", () => fixture("missing-columns.xlsx"), "Lipsesc coloanele obligatorii: Cantitate, Preț."],
      ["a sheet with no lines", () => xlsxOf([HEADER]), excelMessages.noData],
      ["a renamed text file", () => Buffer.from("Denumire produs;Cod produs\nx;y\n"), excelMessages.notExcel],
      ["more than 400 lines", () => simpleSheet(401), tooManyInvoiceLines(400)],
      ["a truncated zip", () => customerFixture("truncated.xlsx"), excelMessages.corrupt],
      ["a zip bomb", () => zipBomb(1024 * 1024, 300 * 1024 * 1024), excelMessages.zipBomb],
      ["a password-protected .xls", () => customerFixture("password.xls"), excelMessages.passwordProtected],
      ["a password-protected .xlsx", () => customerFixture("encrypted.xlsx"), excelMessages.passwordProtected],
      ["a file over 20 MiB", () => Buffer.alloc(20 * 1024 * 1024 + 10, 0x41), excelMessages.tooLarge],
    ];
    for (const [what, file, message] of refused) {
      it(`refuses ${what} with 400 '${message}' and stores nothing`, async () => {
        const before = await counts();
        const res = await importFile(await file(), { clientId });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message, error: true, errorMessage: message, rejected: [] });
        expect(await counts()).toEqual(before);
        expect((await t.api("GET", "/api/smartbill/invoice?page=0&size=1", { session: invoicing })).statusCode).toBe(200);
      });
    }

    it("takes exactly 400 lines, in one invoice", async () => {
      const res = await importFile(await simpleSheet(400));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ error: false, lines: 400 });
      expect((await get(res.json().importRequestId)).products).toHaveLength(400);
    });

    it("refuses a bad payload (another tenant's client or warehouse, due days 0, unknown field, bad JSON) and stores nothing", async () => {
      const before = await counts();
      const cases: [unknown, string][] = [
        [{ clientId: otherClientId }, invoiceMessages.clientUnknown],
        [{ warehouseId: otherWarehouse }, invoiceMessages.warehouseUnknown],
        [{ dueDays: 0 }, "Date invalide: „dueDays” trebuie să fie cel puțin 1."],
        [{ dueDays: 1.5 }, "Date invalide: „dueDays” trebuie să fie număr întreg sau nul."],
        [{ precision: 5 }, "Date invalide: „precision” trebuie să fie cel mult 4."],
        [{ issueDate: "2026-02-30" }, invoiceMessages.issueDateInvalid],
        [{ colour: "red" }, "Date invalide: câmpul „colour” nu este permis."],
        ["{not json", invoiceMessages.payloadInvalid],
      ];
      for (const [payload, message] of cases) {
        const res = await importFile(await simpleSheet(), payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ message, error: true, errorMessage: message });
      }
      expect(await counts()).toEqual(before);
    });

    it("asks for a file when none is sent", async () => {
      const res = await importFile(undefined, { clientId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Te rugăm să selectezi un fișier înainte de a-l încărca.");
      const json = await t.api("POST", "/api/smartbill/invoice/import", { session: invoicing, body: { file: "x" } });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe("Te rugăm să selectezi un fișier înainte de a-l încărca.");
    });
  });

  describe("list and get", () => {
    it("lists the tenant's invoices newest first, without lines, with the client's name and the send fields", async () => {
      const first = await imported(await simpleSheet(), { clientId });
      const second = await imported(await simpleSheet(), { clientId: null, mentions: "a doua" });
      await t.db.updateTable("invoices").set({ status: "sent", sentSeries: "SBL", sentNumber: "0007" }).where("id", "=", first.id).execute();
      const res = await t.api("GET", "/api/smartbill/invoice", { session: invoicing });
      expect(res.statusCode).toBe(200);
      const list = res.json<Invoice[]>();
      expect(list[0]).toEqual({ ...second, products: undefined });
      expect(list[0]).not.toHaveProperty("products");
      expect(list.map((i) => i.id)).toEqual([...list.map((i) => i.id)].sort((a, b) => b - a));
      expect(list.find((i) => i.id === first.id)).toMatchObject({ clientName: "Șervețele Ţesute SRL", status: "sent", sentSeries: "SBL", sentNumber: "0007" });
      expect(list.every((i) => i.clientName === null || i.clientName === "Șervețele Ţesute SRL")).toBe(true);

      const sent = await t.api("GET", "/api/smartbill/invoice?status=sent", { session: invoicing });
      expect(sent.json<Invoice[]>().map((i) => i.id)).toEqual([first.id]);
      const page = await t.api("GET", "/api/smartbill/invoice?page=0&size=1&sort=id,asc", { session: invoicing });
      const paged = page.json<Page<Invoice>>();
      expect(paged.content).toHaveLength(1);
      expect(paged.totalElements).toBe(list.length);
      expect(paged.content[0].id).toBe(Math.min(...list.map((i) => i.id)));
      expect((await t.api("GET", "/api/smartbill/invoice?status=bogus", { session: invoicing })).statusCode).toBe(400);
      // Another tenant sees only its own.
      const others = (await t.api("GET", "/api/smartbill/invoice", { session: other.session })).json<Invoice[]>();
      expect(others.some((i) => list.some((mine) => mine.id === i.id))).toBe(false);
    });

    it("answers each invoice's total with VAT, each line's net and VAT rounded to the precision; none when a line is in another currency", async () => {
      const sheet = await xlsxOf([
        [...HEADER, "Procent TVA"],
        ["Laptop", "L1", 3, 4299.9, 21], // 12.899,70 + 2.708,94
        ["Cablu", "C1", 1.5, 10.01, 11], // 15,02 (15,015) + 1,65 (1,652)
        ["Service", "S1", 1, 0.05, 21], // 0,05 + 0,01 (0,0105)
      ]);
      const invoice = await imported(sheet, { clientId, currency: "RON", precision: 2 });
      const expected = 12_899.7 + 2_708.94 + 15.02 + 1.65 + 0.05 + 0.01;
      expect(invoice.total).toBeCloseTo(expected, 6);
      const page = (await t.api("GET", "/api/smartbill/invoice?page=0&size=5", { session: invoicing })).json<Page<Invoice>>();
      expect(page.content.find((i) => i.id === invoice.id)?.total).toBeCloseTo(expected, 6);
      const unpaged = (await t.api("GET", "/api/smartbill/invoice", { session: invoicing })).json<Invoice[]>();
      expect(unpaged.find((i) => i.id === invoice.id)?.total).toBeCloseTo(expected, 6);

      const empty = await imported(await simpleSheet());
      await t.db.deleteFrom("invoice_lines").where("invoiceId", "=", empty.id).execute();
      expect((await get(empty.id)).total).toBe(0);
      expect((await addLine(invoice.id, { ...line, currency: "EUR" })).statusCode).toBe(200);
      expect((await get(invoice.id)).total).toBeNull();
    });

    it("offers SmartBill's invoice series with their next numbers; none, from no provider, when SmartBill cannot be asked", async () => {
      const res = await t.api("GET", "/api/smartbill/invoice/series", { session: invoicing });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ series: [{ name: "SBL", nextNumber: expect.any(Number) }], fromProvider: true });
      // The other tenant has no SmartBill settings.
      const none = await t.api("GET", "/api/smartbill/invoice/series", { session: other.session });
      expect(none.json()).toEqual({ series: [], fromProvider: false });
      expect((await t.api("GET", "/api/smartbill/invoice/series", { session: admin })).statusCode).toBe(403);
    });

    it("answers 404 with a Romanian message for an unknown invoice or another tenant's", async () => {
      const mine = await imported(await simpleSheet());
      for (const [id, session] of [[999_999, invoicing], [mine.id, other.session]] as const) {
        const res = await t.api("GET", `/api/smartbill/invoice/${id}`, { session });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Factura nu a fost găsită." });
      }
    });
  });

  describe("edit", () => {
    it("saves the form: version + 1, the new invoice answered; the whole loaded record may be sent back", async () => {
      const invoice = await imported(await simpleSheet(), { clientId });
      const res = await put(invoice.id, { ...formOf(invoice), dueDays: 5, mentions: "nou", currency: "eur", precision: 3, warehouseId: central });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json<Invoice>();
      const due = new Date(`${invoice.issueDate}T00:00:00Z`);
      due.setUTCDate(due.getUTCDate() + 5);
      expect(saved).toMatchObject({
        id: invoice.id, version: 2, dueDays: 5, dueDate: due.toISOString().slice(0, 10), mentions: "nou", currency: "EUR",
        precision: 3, warehouseId: central, clientName: "Șervețele Ţesute SRL", status: "draft",
      });
      expect(saved.products).toHaveLength(1);
      expect(saved.updatedAt >= invoice.updatedAt).toBe(true);

      const record = await put(invoice.id, { ...saved, mentions: "din tot recordul" });
      expect(record.statusCode, record.body).toBe(200);
      expect(record.json<Invoice>()).toMatchObject({ version: 3, mentions: "din tot recordul" });
    });

    it("answers 409 with the current version to a stale save, and changes nothing", async () => {
      const invoice = await imported(await simpleSheet());
      expect((await put(invoice.id, { ...formOf(invoice), mentions: "primul" })).statusCode).toBe(200);
      const stale = await put(invoice.id, { ...formOf(invoice), mentions: "al doilea" });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: invoiceMessages.stale, version: 2 });
      expect(invoiceMessages.stale).toBe(
        "Factura a fost modificată între timp (în alt tab sau de alt utilizator). Reîncarcă pagina pentru a vedea ultima versiune.",
      );
      expect((await get(invoice.id)).mentions).toBe("primul");
    });

    it("lets only one of two saves from the same version win", async () => {
      const invoice = await imported(await simpleSheet());
      const answers = await Promise.all([1, 2].map((n) => put(invoice.id, { ...formOf(invoice), mentions: `tab ${n}` })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await get(invoice.id)).version).toBe(2);
    });

    it("refuses bad values with 400 and leaves the invoice as it was", async () => {
      const invoice = await imported(await simpleSheet());
      const cases: [object, string][] = [
        [{ dueDays: 0 }, "Date invalide: „dueDays” trebuie să fie cel puțin 1."],
        [{ precision: 1 }, "Date invalide: „precision” trebuie să fie cel puțin 2."],
        [{ seriesName: "  " }, invoiceMessages.seriesRequired],
        [{ currency: "" }, invoiceMessages.currencyRequired],
        [{ language: "" }, invoiceMessages.languageRequired],
        [{ issueDate: "10.03.2026" }, invoiceMessages.issueDateInvalid],
        [{ clientId: otherClientId }, invoiceMessages.clientUnknown],
        [{ warehouseId: otherWarehouse }, invoiceMessages.warehouseUnknown],
        [{ colour: "red" }, "Date invalide: câmpul „colour” nu este permis."],
        [{ version: undefined }, "Date invalide: „version” este obligatoriu."],
        [{ id: invoice.id + 1 }, invoiceMessages.invoiceIdMismatch],
      ];
      for (const [change, message] of cases) {
        const res = await put(invoice.id, { ...formOf(invoice), ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await get(invoice.id)).toEqual(invoice);
    });

    it("refuses to change a sent or sending invoice (409), form and lines alike", async () => {
      const invoice = await imported(await simpleSheet());
      const lineId = invoice.products![0].id;
      for (const [status, message] of [["sent", invoiceMessages.sent], ["sending", invoiceMessages.sending]] as const) {
        await setStatus(invoice.id, status);
        const answers = [
          await put(invoice.id, formOf(invoice)),
          await addLine(invoice.id, line),
          await t.api("PUT", `/api/smartbill/invoice/product/${lineId}`, { session: invoicing, body: line }),
          await t.api("DELETE", `/api/smartbill/invoice/product/${lineId}`, { session: invoicing }),
        ];
        for (const res of answers) {
          expect(res.statusCode).toBe(409);
          expect(res.json().message).toBe(message);
        }
      }
      expect(invoiceMessages.sent).toBe("Factura a fost trimisă și nu mai poate fi modificată.");
      await setStatus(invoice.id, "draft");
      expect(await get(invoice.id)).toEqual(invoice);
    });

    it("keeps refused and unclear invoices editable: a refused one goes back to draft, an unclear one stays unclear", async () => {
      const refused = await imported(await simpleSheet());
      await t.db.updateTable("invoices").set({ status: "refused", errorText: "Seria nu a fost gasita!" }).where("id", "=", refused.id).execute();
      const res = await put(refused.id, formOf(refused));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Invoice>()).toMatchObject({ status: "draft", errorText: null, version: 2 });

      // A line changed on a refused invoice: the refusal no longer describes it either.
      for (const change of ["add", "update", "delete"] as const) {
        const again = await imported(await simpleSheet());
        await t.db.updateTable("invoices").set({ status: "refused", errorText: "Seria nu a fost gasita!" }).where("id", "=", again.id).execute();
        const first = again.products![0];
        const res =
          change === "add"
            ? await addLine(again.id, line)
            : change === "update"
              ? await t.api("PUT", `/api/smartbill/invoice/line/${first.id}`, { session: invoicing, body: { ...first, quantity: 5 } })
              : await t.api("DELETE", `/api/smartbill/invoice/line/${first.id}`, { session: invoicing });
        expect(res.statusCode, res.body).toBe(200);
        expect(await get(again.id), change).toMatchObject({ status: "draft", errorText: null, version: again.version });
      }

      const unclear = await imported(await simpleSheet());
      await setStatus(unclear.id, "unclear");
      const saved = await put(unclear.id, formOf(unclear));
      expect(saved.json<Invoice>()).toMatchObject({ status: "unclear", version: 2 });
      expect((await addLine(unclear.id, line)).statusCode).toBe(200);
      expect(await get(unclear.id)).toMatchObject({ status: "unclear" });
    });
  });

  describe("lines", () => {
    it("adds, updates and deletes a line; blank fields take the invoice's defaults; the version stays, updatedAt moves", async () => {
      const invoice = await imported(await simpleSheet(), { warehouseId: central, currency: "EUR", saveToDb: true });
      const added = await addLine(invoice.id, { ...line, invoiceId: invoice.id, price: 10.005, measuringUnitName: "", taxPercentage: null });
      expect(added.statusCode, added.body).toBe(200);
      const created = added.json<InvoiceLine>();
      expect(created).toEqual({
        id: expect.any(Number), invoiceId: invoice.id, name: "Produs nou", code: "N1", quantity: 2, price: 10.01,
        measuringUnitName: "buc", currency: "EUR", taxName: "Normala", taxPercentage: 21, saveToDb: true, service: false,
        warehouseName: "Depozit Central",
      });
      const afterAdd = await get(invoice.id);
      expect(afterAdd.version).toBe(invoice.version);
      expect(afterAdd.updatedAt > invoice.updatedAt).toBe(true);
      expect(afterAdd.products!.at(-1)).toEqual(created);

      const changed = { ...created, quantity: 3, price: 7.5, taxName: "Redusa", taxPercentage: 11, service: true, warehouseName: "Magazin Cluj" };
      const updated = await t.api("PUT", `/api/smartbill/invoice/product/${created.id}`, { session: invoicing, body: changed });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toEqual(changed);

      const deleted = await t.api("DELETE", `/api/smartbill/invoice/product/${created.id}`, { session: invoicing });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: invoiceMessages.lineDeleted });
      const after = await get(invoice.id);
      expect(after.products!.map((p) => p.id)).toEqual(invoice.products!.map((p) => p.id));
      expect(after.version).toBe(invoice.version);
      const again = await t.api("DELETE", `/api/smartbill/invoice/product/${created.id}`, { session: invoicing });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(invoiceMessages.lineNotFound);
    });

    it("serves a line at /{invoiceId}/line and /line/{id}, and the spec's /product URLs answer the same on the same line", async () => {
      const invoice = await imported(await simpleSheet());
      const base = API_PATHS.invoices;
      const added = await t.api("POST", `${base}/${invoice.id}/line`, { session: invoicing, body: line });
      expect(added.statusCode, added.body).toBe(200);
      const created = added.json<InvoiceLine>();
      const updated = await t.api("PUT", `${API_PATHS.invoiceLine}/${created.id}`, { session: invoicing, body: { ...line, quantity: 5 } });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json<InvoiceLine>()).toEqual({ ...created, quantity: 5 });
      // The spec's URL edits the very same line.
      const viaSpec = await t.api("PUT", `${base}/product/${created.id}`, { session: invoicing, body: { ...line, quantity: 6 } });
      expect(viaSpec.json<InvoiceLine>()).toEqual({ ...created, quantity: 6 });
      const addedViaSpec = await t.api("POST", `${base}/${invoice.id}/product`, { session: invoicing, body: line });
      expect(addedViaSpec.statusCode, addedViaSpec.body).toBe(200);

      const deleted = await t.api("DELETE", `${API_PATHS.invoiceLine}/${created.id}`, { session: invoicing });
      expect(deleted.json()).toEqual({ message: invoiceMessages.lineDeleted });
      const gone = await t.api("DELETE", `${base}/product/${created.id}`, { session: invoicing });
      expect(gone.statusCode).toBe(404);
      expect((await get(invoice.id)).products!.map((p) => p.id)).toEqual([...invoice.products!.map((p) => p.id), addedViaSpec.json<InvoiceLine>().id]);
    });

    it("validates a line: name, code, quantity and price required; VAT 0..100; strict fields", async () => {
      const invoice = await imported(await simpleSheet());
      const cases: [object, string][] = [
        [{ ...line, name: "  " }, invoiceMessages.lineNameRequired],
        [{ ...line, code: "" }, invoiceMessages.lineCodeRequired],
        [{ name: "x", code: "y", price: 1 }, "Date invalide: „quantity” este obligatoriu."],
        [{ ...line, price: "10" }, "Date invalide: „price” trebuie să fie număr."],
        [{ ...line, taxPercentage: 101 }, "Date invalide: „taxPercentage” trebuie să fie cel mult 100."],
        [{ ...line, taxPercentage: -1 }, "Date invalide: „taxPercentage” trebuie să fie cel puțin 0."],
        [{ ...line, colour: "red" }, "Date invalide: câmpul „colour” nu este permis."],
        [{ ...line, invoiceId: invoice.id + 1 }, invoiceMessages.invoiceIdMismatch],
      ];
      for (const [body, message] of cases) {
        const res = await addLine(invoice.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect((await get(invoice.id)).products).toHaveLength(1);
    });

    it("refuses a quantity of zero or below, naming the storno, and stores nothing", async () => {
      const invoice = await imported(await simpleSheet());
      for (const quantity of [0, -1, -0.001]) {
        const res = await addLine(invoice.id, { ...line, quantity });
        expect(res.statusCode, String(quantity)).toBe(400);
        expect(res.json()).toMatchObject({ message: lineQuantityNotPositive, errors: { quantity: lineQuantityNotPositive } });
        const edit = await t.api("PUT", `/api/smartbill/invoice/product/${invoice.products![0].id}`, { session: invoicing, body: { ...line, quantity } });
        expect(edit.statusCode).toBe(400);
      }
      expect(await get(invoice.id)).toEqual(invoice);
    });

    it("saves a line's VAT as its tax's rate in SmartBill's list: a stale 19 for Normala becomes 21; a tax SmartBill lacks is refused", async () => {
      const invoice = await imported(await simpleSheet());
      const stale = await addLine(invoice.id, { ...line, taxName: "Normala", taxPercentage: 19 });
      expect(stale.statusCode, stale.body).toBe(200);
      expect(stale.json<InvoiceLine>()).toMatchObject({ taxName: "Normala", taxPercentage: 21 });
      const edited = await t.api("PUT", `/api/smartbill/invoice/product/${stale.json<InvoiceLine>().id}`, {
        session: invoicing,
        body: { ...line, taxName: "redusa", taxPercentage: 21 },
      });
      expect(edited.json<InvoiceLine>()).toMatchObject({ taxName: "Redusa", taxPercentage: 11 });
      const unknown = await addLine(invoice.id, { ...line, taxName: "Scutit", taxPercentage: 0 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({
        taxPercentage: "Cota TVA „Scutit” nu există în SmartBill (cotele din SmartBill: Normala 21%, Redusa 11%, Taxare inversa 0%); alegeți o cotă din listă.",
      });
    });

    it("refuses a line beyond 400", async () => {
      const res = await importFile(await simpleSheet(400));
      const id = res.json<InvoiceImportResult>().importRequestId!;
      const added = await addLine(id, { ...line, taxPercentage: 21 });
      expect(added.statusCode).toBe(400);
      expect(added.json().message).toBe(invoiceLinesFull(400));
    });

    it("answers 404 for another tenant's invoice or line, and changes nothing", async () => {
      const invoice = await imported(await simpleSheet());
      const lineId = invoice.products![0].id;
      const answers = [
        await addLine(invoice.id, line, other.session),
        await t.api("PUT", `/api/smartbill/invoice/product/${lineId}`, { session: other.session, body: line }),
        await t.api("DELETE", `/api/smartbill/invoice/product/${lineId}`, { session: other.session }),
        await put(invoice.id, { ...formOf(invoice), clientId: null }, other.session),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
      expect(answers.map((r) => r.json().message)).toEqual([
        invoiceMessages.notFound, invoiceMessages.lineNotFound, invoiceMessages.lineNotFound, invoiceMessages.notFound,
      ]);
      expect(await get(invoice.id)).toEqual(invoice);
    });
  });

  describe("access", () => {
    it("refuses the admin role (403) on every route", async () => {
      const calls: [string, string, object | undefined][] = [
        ["GET", "/api/smartbill/invoice", undefined],
        ["GET", "/api/smartbill/invoice/1", undefined],
        ["PUT", "/api/smartbill/invoice/1", {}],
        ["POST", "/api/smartbill/invoice/1/product", line],
        ["PUT", "/api/smartbill/invoice/product/1", line],
        ["DELETE", "/api/smartbill/invoice/product/1", undefined],
      ];
      for (const [method, url, body] of calls) {
        const res = await t.api(method as "GET", url, { session: admin, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(ROLE_FORBIDDEN);
      }
      const upload = await importFile(await simpleSheet(), {}, admin);
      expect(upload.statusCode).toBe(403);
    });

    it("lets the super-admin work on a tenant chosen with X-Tenant-ID", async () => {
      const { body, headers } = importBody(await simpleSheet(), { clientId });
      const res = await t.api("POST", "/api/smartbill/invoice/import", { session: superadmin, tenantId: 2, body, headers });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<InvoiceImportResult>().importRequestId!;
      const seen = await t.api("GET", `/api/smartbill/invoice/${id}`, { session: superadmin, tenantId: 2 });
      expect(seen.json<Invoice>().clientName).toBe("Șervețele Ţesute SRL");
      expect((await t.api("GET", `/api/smartbill/invoice/${id}`, { session: superadmin, tenantId: other.tenantId })).statusCode).toBe(404);
    });
  });
});
