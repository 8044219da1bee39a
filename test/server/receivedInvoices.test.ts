/**
 * 'Facturi primite' (GET /api/efactura/received) and an invoice's archived e-Factura
 * (GET /api/smartbill/invoice/{id}/efactura/zip|pdf), on both databases: the supplier invoices
 * SPV sent the company, listed with their filters, sorts and pages, exported as CSV and XLSX
 * exactly as filtered, one by one; their signed ZIP byte for byte as archived (in the database and
 * in the archive folder); the PDF ANAF's `transformare` makes; refusals in Romanian; another
 * company's never shown; read-only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, Page } from "../../contract/api";
import type { ReceivedInvoice } from "../../contract/efactura";
import { transformStandard } from "../../server/efactura/transform";
import { sheetJsRead } from "../helpers/csvReaders";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addReceivedInvoice, addSpvMessage, spvZip, ublInvoice } from "../helpers/receivedInvoices";
import { DEMO_TENANT } from "../helpers/sentInvoices";
import { addStoredDocument, updateStoredDocument } from "../helpers/storedInvoices";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, addUser, signInDemoRoles } from "../helpers/users";

const archiveDir = mkdtempSync(join(tmpdir(), "efactura-received-"));
afterAll(() => {
  removeTemporaryDatabases();
  rmSync(archiveDir, { recursive: true, force: true });
});

const RECEIVED = "/api/efactura/received";
const INVOICES = "/api/smartbill/invoice";

describe("transformare's standard", () => {
  it("is FCN for a credit note and FACT1 for an invoice, read from the root element past the prolog and comments", () => {
    const parts = { number: "X1", issueDate: "2026-11-02", supplierName: "A", supplierCif: "RO1", total: 1, currency: "RON" };
    expect(transformStandard(ublInvoice(parts))).toBe("FACT1");
    expect(transformStandard(ublInvoice({ ...parts, creditNote: true }))).toBe("FCN");
    expect(transformStandard('<?xml version="1.0"?>\n<!-- <Invoice> --><ubl:CreditNote xmlns:ubl="x"/>')).toBe("FCN");
  });
});

describeEachDialect("'Facturi primite' and the archived e-Factura downloads", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let otherInvoicing: LoginResponse;
  const row: Record<string, { id: number; zip: Buffer }> = {};
  let sentInvoice: number;
  let sentZip: Buffer;
  let sentNumber: string;
  let unarchivedInvoice: number;
  let theirInvoice: number;
  let sentMessage: number;
  let creditNote: number;

  beforeAll(async () => {
    t = await testApp(dialect, { env: { EFACTURA_ARCHIVE_DIR: archiveDir } });
    // Listening, the server's own ANAF e-Factura emulator is its `transformare`.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    ({ invoicing, admin } = await signInDemoRoles(t));
    const db = t.db;
    // In the database (no archiveDir given to keepArchive), in the folder, and not archived.
    row.alfa = await addReceivedInvoice(db, {
      tenantId: DEMO_TENANT, messageId: "3001000001", createdAt: "2026-11-03T08:00:00.000Z",
      number: "FA-0001", issueDate: "2026-11-02", dueDate: "2026-12-02", supplierName: "Furnizor Alfa SRL", supplierCif: "RO10000008", total: 1234.56, currency: "RON",
    });
    row.beta = await addReceivedInvoice(db, {
      tenantId: DEMO_TENANT, messageId: "3001000002", createdAt: "2026-11-11T09:30:00.000Z", archiveDir,
      number: "B 17", issueDate: "2026-11-10", dueDate: null, supplierName: "Beta Distribuție SA", supplierCif: "20000004", total: 250, currency: "EUR",
    });
    row.gama = await addReceivedInvoice(db, {
      tenantId: DEMO_TENANT, messageId: "3001000003", createdAt: "2026-10-21T10:00:00.000Z", archived: false,
      number: "G2026/5", issueDate: "2026-10-20", dueDate: "2026-11-20", supplierName: "Gama Servicii SRL", supplierCif: "RO30000000", total: 99.9, currency: "RON",
    });

    // An invoice the company sent, validated and archived: not a received one.
    sentInvoice = await addStoredDocument(db, { clientId: null, issueDate: "2026-11-05", total: 500 });
    const sent = await db.selectFrom("invoices").select(["sentSeries", "sentNumber"]).where("id", "=", sentInvoice).executeTakeFirstOrThrow();
    sentNumber = `${sent.sentSeries}${sent.sentNumber}`;
    sentZip = await spvZip("3001000010", ublInvoice({ number: sentNumber, issueDate: "2026-11-05", supplierName: "Demo SRL", supplierCif: "RO12345678", total: 500, currency: "RON" }));
    sentMessage = await addSpvMessage(db, {
      tenantId: DEMO_TENANT, messageId: "3001000010", type: "FACTURA TRIMISA", createdAt: "2026-11-05T12:00:00.000Z", zip: sentZip, archiveDir,
      number: sentNumber, invoiceId: sentInvoice,
    });
    await updateStoredDocument(db, sentInvoice, { efacturaStatus: "validated", efacturaMessageId: sentMessage });
    unarchivedInvoice = await addStoredDocument(db, { clientId: null, issueDate: "2026-11-06", total: 70 });
    // A storno SPV validated: a credit note, which transformare reads as FCN.
    creditNote = await addStoredDocument(db, { clientId: null, issueDate: "2026-11-07", total: -500 });
    const creditZip = await spvZip("3001000012", ublInvoice({ number: "SBL-STORNO-1", issueDate: "2026-11-07", supplierName: "Demo SRL", supplierCif: "RO12345678", total: 500, currency: "RON", creditNote: true }));
    const creditMessage = await addSpvMessage(db, { tenantId: DEMO_TENANT, messageId: "3001000012", type: "FACTURA TRIMISA", createdAt: "2026-11-07T12:00:00.000Z", zip: creditZip, invoiceId: creditNote });
    await updateStoredDocument(db, creditNote, { efacturaStatus: "validated", efacturaMessageId: creditMessage });

    // Another company's supplier invoice and sent invoice.
    const other = await addTenant(t, "Altă Firmă Primite SRL");
    await addUser(t, { email: "primite@alt.ro", tenantId: other, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherInvoicing = await t.signIn("primite@alt.ro", "parola-alt-1");
    row.theirs = await addReceivedInvoice(db, {
      tenantId: other, messageId: "3001000004", createdAt: "2026-11-12T08:00:00.000Z",
      number: "ALT-1", issueDate: "2026-11-12", supplierName: "Furnizor Alfa SRL", supplierCif: "RO10000008", total: 10, currency: "RON",
    });
    theirInvoice = await addStoredDocument(db, { tenantId: other, clientId: null, issueDate: "2026-11-05", total: 5 });
    const theirMessage = await addSpvMessage(db, {
      tenantId: other, messageId: "3001000011", type: "FACTURA TRIMISA", createdAt: "2026-11-05T12:00:00.000Z",
      zip: await spvZip("3001000011", ublInvoice({ number: "X", issueDate: "2026-11-05", supplierName: "Alt", supplierCif: "RO1", total: 5, currency: "RON" })),
      invoiceId: theirInvoice,
    });
    await updateStoredDocument(db, theirInvoice, { efacturaStatus: "validated", efacturaMessageId: theirMessage });
  });
  afterAll(() => t.close());

  const list = async (query = "", session = invoicing) => {
    const response = await t.api("GET", `${RECEIVED}?page=0&size=25${query}`, { session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<ReceivedInvoice>>();
  };
  const numbers = async (query = "") => (await list(query)).content.map((item) => item.number);

  it("lists the company's supplier invoices, newest received first, as the UBL states them", async () => {
    const page = await list();
    expect(page.totalElements).toBe(3);
    expect(page.content.map((item) => item.number)).toEqual(["B 17", "FA-0001", "G2026/5"]);
    expect(page.content[1]).toEqual({
      id: row.alfa.id,
      messageId: "3001000001",
      supplierName: "Furnizor Alfa SRL",
      supplierCif: "RO10000008",
      number: "FA-0001",
      issueDate: "2026-11-02",
      dueDate: "2026-12-02",
      total: 1234.56,
      currency: "RON",
      receivedAt: "2026-11-03T08:00:00.000Z",
      archived: true,
    });
    expect(page.content[0]).toMatchObject({ dueDate: null, archived: true, total: 250, currency: "EUR" });
    expect(page.content[2]).toMatchObject({ archived: false, total: 99.9 });
  });

  it("filters by text (supplier, CIF, number; case and diacritics ignored), supplier CIF with or without RO, issue period and currency", async () => {
    expect(await numbers("&q=alfa")).toEqual(["FA-0001"]);
    expect(await numbers("&q=distributie")).toEqual(["B 17"]);
    expect(await numbers("&q=30000000")).toEqual(["G2026/5"]);
    expect(await numbers("&q=g2026")).toEqual(["G2026/5"]);
    expect(await numbers("&supplierCif=10000008")).toEqual(["FA-0001"]);
    expect(await numbers("&supplierCif=RO20000004")).toEqual(["B 17"]);
    expect(await numbers("&issueDateFrom=2026-11-01")).toEqual(["B 17", "FA-0001"]);
    expect(await numbers("&issueDateTo=2026-11-02")).toEqual(["FA-0001", "G2026/5"]);
    expect(await numbers("&issueDateFrom=2026-11-02&issueDateTo=2026-11-02")).toEqual(["FA-0001"]);
    expect(await numbers("&currency=EUR")).toEqual(["B 17"]);
    expect(await numbers("&currency=RON&q=servicii")).toEqual(["G2026/5"]);
  });

  it("sorts by received, issue date, total and supplier, both ways, and pages", async () => {
    expect(await numbers("&sort=receivedAt,asc")).toEqual(["G2026/5", "FA-0001", "B 17"]);
    expect(await numbers("&sort=issueDate,desc")).toEqual(["B 17", "FA-0001", "G2026/5"]);
    expect(await numbers("&sort=total,asc")).toEqual(["G2026/5", "B 17", "FA-0001"]);
    expect(await numbers("&sort=supplierName,asc")).toEqual(["B 17", "FA-0001", "G2026/5"]);
    expect(await numbers("&sort=supplierName,desc")).toEqual(["G2026/5", "FA-0001", "B 17"]);
    const second = await t.api("GET", `${RECEIVED}?page=1&size=2`, { session: invoicing });
    expect(second.json()).toMatchObject({ totalElements: 3, content: [{ number: "G2026/5" }] });
  });

  it("refuses junk filters, sorts and parameters in Romanian", async () => {
    for (const [query, message] of [
      ["issueDateFrom=2026-13-45", "Date invalide: „issueDateFrom” are un format invalid."],
      ["issueDateTo=ieri", "Date invalide: „issueDateTo” are un format invalid."],
      ["currency=euro", "Date invalide: „currency” poate avea cel mult 3 caractere."],
      ["currency=ron", "Date invalide: „currency” are un format invalid."],
      ["supplierCif=abc", "Date invalide: „supplierCif” are un format invalid."],
      ["sort=price,asc", "Nu se poate sorta după „price”. Câmpuri permise: id, receivedAt, issueDate, dueDate, total, supplierName, number."],
      ["sort=total,sideways", "Direcția de sortare trebuie să fie asc sau desc."],
      ["size=100000", "Date invalide: „size” trebuie să fie cel mult 500."],
      ["colour=red", "Date invalide: câmpul „colour” nu este permis."],
    ]) {
      const response = await t.api("GET", `${RECEIVED}?${query}`, { session: invoicing });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toBe(message);
    }
    for (const query of ["format=pdf", "format=csv&sort=price,asc", "format=xlsx&currency=lei"]) {
      const response = await t.api("GET", `${RECEIVED}/export?${query}`, { session: invoicing });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers["content-type"], query).toMatch(/^application\/json/);
    }
  });

  it("exports exactly what is filtered as CSV (Romanian header) and XLSX", async () => {
    const csv = await t.api("GET", `${RECEIVED}/export?format=csv&currency=RON&sort=total,desc`, { session: invoicing });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="facturi-primite.csv"');
    const rows = sheetJsRead(csv.body, ";").rows;
    expect(rows[0]).toEqual(["Furnizor", "CIF furnizor", "Număr", "Data emiterii", "Scadența", "Total", "Monedă", "Primită la", "ID descărcare ANAF"]);
    expect(rows.slice(1).map((cells) => cells[2])).toEqual(["FA-0001", "G2026/5"]);
    expect(rows[1].slice(0, 7)).toEqual(["Furnizor Alfa SRL", "RO10000008", "FA-0001", "2026-11-02", "2026-12-02", "1234.56", "RON"]);

    const xlsx = await t.api("GET", `${RECEIVED}/export?format=xlsx&q=beta`, { session: invoicing });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toBe('attachment; filename="facturi-primite.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Facturi primite")!;
    const values = sheet.getSheetValues().slice(1).map((cells) => (cells as unknown[]).slice(1));
    expect(values[0]).toEqual(["Furnizor", "CIF furnizor", "Număr", "Data emiterii", "Scadența", "Total", "Monedă", "Primită la", "ID descărcare ANAF"]);
    expect(values.slice(1).map((cells) => [cells[0], cells[2], cells[5], cells[6]])).toEqual([["Beta Distribuție SA", "B 17", 250, "EUR"]]);
  });

  it("answers one; another company's, a sent invoice's message and an unknown id are 404", async () => {
    const one = await t.api("GET", `${RECEIVED}/${row.beta.id}`, { session: invoicing });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: row.beta.id, number: "B 17", supplierName: "Beta Distribuție SA", archived: true });
    for (const id of [row.theirs.id, sentMessage, 999_999]) {
      for (const suffix of ["", "/zip", "/pdf"]) {
        const response = await t.api("GET", `${RECEIVED}/${id}${suffix}`, { session: invoicing });
        expect(response.statusCode, `${id}${suffix}`).toBe(404);
        expect(response.json<{ message: string }>().message).toBe("Factura primită nu a fost găsită.");
      }
    }
    // The other company sees its own only.
    const theirs = await t.api("GET", `${RECEIVED}?page=0&size=25`, { session: otherInvoicing });
    expect(theirs.json<Page<ReceivedInvoice>>().content.map((item) => item.number)).toEqual(["ALT-1"]);
  });

  it("hands the signed ZIP byte for byte as archived, from the database and from the folder; none archived is 404", async () => {
    const inDatabase = await t.api("GET", `${RECEIVED}/${row.alfa.id}/zip`, { session: invoicing });
    expect(inDatabase.statusCode).toBe(200);
    expect(inDatabase.headers["content-type"]).toBe("application/zip");
    expect(inDatabase.headers["content-disposition"]).toBe('attachment; filename="efactura-FA-0001.zip"');
    expect(Buffer.compare(inDatabase.rawPayload, row.alfa.zip)).toBe(0);
    const stored = await t.db.selectFrom("efactura_messages").select(["archive", "archivePath"]).where("id", "=", row.beta.id).executeTakeFirstOrThrow();
    expect(stored.archive).toBeNull();
    expect(stored.archivePath).toBe(join(String(DEMO_TENANT), "3001000002.zip"));
    const inFolder = await t.api("GET", `${RECEIVED}/${row.beta.id}/zip`, { session: invoicing });
    expect(inFolder.statusCode).toBe(200);
    expect(inFolder.headers["content-disposition"]).toBe('attachment; filename="efactura-B17.zip"');
    expect(Buffer.compare(inFolder.rawPayload, row.beta.zip)).toBe(0);
    for (const suffix of ["zip", "pdf"]) {
      const none = await t.api("GET", `${RECEIVED}/${row.gama.id}/${suffix}`, { session: invoicing });
      expect(none.statusCode).toBe(404);
      expect(none.json<{ message: string }>().message).toBe("Factura nu are încă o arhivă e-Factura (ZIP-ul semnat de ANAF).");
    }
  });

  const emulator = "/anaf-efactura-emulator/admin";
  const transformCalls = async () =>
    (await t.api("GET", `${emulator}/requests`)).json<{ requests: { operation: string; path: string }[] }>().requests.filter((entry) => entry.operation === "transform");

  it("hands ANAF's PDF of the archived invoice (transformare FACT1, or FCN for a credit note)", async () => {
    await t.api("DELETE", `${emulator}/requests`);
    const pdf = await t.api("GET", `${RECEIVED}/${row.beta.id}/pdf`, { session: invoicing });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe('attachment; filename="efactura-B17.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const invoicePdf = await t.api("GET", `${INVOICES}/${sentInvoice}/efactura/pdf`, { session: invoicing });
    expect(invoicePdf.statusCode, invoicePdf.body).toBe(200);
    expect(invoicePdf.headers["content-disposition"]).toBe(`attachment; filename="efactura-${sentNumber}.pdf"`);
    expect(invoicePdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const creditPdf = await t.api("GET", `${INVOICES}/${creditNote}/efactura/pdf`, { session: invoicing });
    expect(creditPdf.statusCode, creditPdf.body).toBe(200);
    expect((await transformCalls()).map((call) => call.path)).toEqual([
      "/prod/FCTEL/rest/transformare/FACT1",
      "/prod/FCTEL/rest/transformare/FACT1",
      "/prod/FCTEL/rest/transformare/FCN",
    ]);
  });

  it("says in Romanian why there is no PDF: ANAF's refusal with its words, or ANAF not answering", async () => {
    const lineless = await addSpvMessage(t.db, {
      tenantId: DEMO_TENANT, messageId: "3001000013", type: "FACTURA PRIMITA", createdAt: "2026-01-01T08:00:00.000Z",
      number: "FARA-LINII", supplierName: "Delta SRL", supplierCif: "RO40000006", total: 1, currency: "RON", issueDate: "2026-01-01",
      zip: await spvZip("3001000013", ublInvoice({ number: "FARA-LINII", issueDate: "2026-01-01", supplierName: "Delta SRL", supplierCif: "RO40000006", total: 1, currency: "RON", withLine: false })),
    });
    const errorZip = await addSpvMessage(t.db, {
      tenantId: DEMO_TENANT, messageId: "3001000014", type: "FACTURA PRIMITA", createdAt: "2026-01-01T09:00:00.000Z",
      zip: await spvZip("3001000014", '<?xml version="1.0"?><header xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1"><Error errorMessage="E: eroare"/></header>'),
    });
    try {
      const refused = await t.api("GET", `${RECEIVED}/${lineless}/pdf`, { session: invoicing });
      expect(refused.statusCode).toBe(502);
      expect(refused.json<{ message: string }>().message).toBe(
        "ANAF nu a putut transforma factura în PDF: E: validari globale eroare: [BR-16] O factura trebuie sa aiba cel putin o linie a facturii (BG-25).",
      );
      // A ZIP that holds ANAF's errors, not an invoice: nothing to render, and ANAF is not asked.
      const before = (await transformCalls()).length;
      const errorsOnly = await t.api("GET", `${RECEIVED}/${errorZip}/pdf`, { session: invoicing });
      expect(errorsOnly.statusCode).toBe(409);
      expect(errorsOnly.json<{ message: string }>().message).toBe("Arhiva e-Factura nu conține o factură (este un mesaj de erori ANAF).");
      expect((await transformCalls()).length).toBe(before);
    } finally {
      await t.db.deleteFrom("efactura_messages").where("id", "in", [lineless, errorZip]).execute();
    }

    const answers: Record<string, string> = {
      "500": "ANAF nu răspunde. Încercați din nou.",
      firewall: "ANAF nu răspunde. Încercați din nou.",
      "204": "ANAF nu răspunde. Încercați din nou.",
      limit: "ANAF nu a putut transforma factura în PDF: S-a atins limita de apeluri pentru serviciul de transformare in cursul zilei",
    };
    for (const [fault, message] of Object.entries(answers)) {
      expect((await t.api("POST", `${emulator}/faults`, { body: { operation: "transform", fault } })).statusCode).toBeLessThan(300);
      const pdf = await t.api("GET", `${RECEIVED}/${row.alfa.id}/pdf`, { session: invoicing });
      expect(pdf.statusCode, fault).toBe(502);
      expect(pdf.json<{ message: string }>().message, fault).toBe(message);
    }
    // The fault spent, the PDF comes.
    expect((await t.api("GET", `${RECEIVED}/${row.alfa.id}/pdf`, { session: invoicing })).statusCode).toBe(200);
  });

  it("is read-only, and only for the roles that read invoices", async () => {
    for (const [method, url] of [
      ["POST", RECEIVED],
      ["PUT", `${RECEIVED}/${row.alfa.id}`],
      ["DELETE", `${RECEIVED}/${row.alfa.id}`],
      ["PATCH", `${RECEIVED}/${row.alfa.id}`],
      ["POST", `${RECEIVED}/${row.alfa.id}/zip`],
    ] as const) {
      const response = await t.api(method, url, { session: invoicing, body: method === "DELETE" ? undefined : {} });
      expect([404, 405], `${method} ${url}`).toContain(response.statusCode);
    }
    expect(await t.db.selectFrom("efactura_messages").select("id").where("id", "=", row.alfa.id).executeTakeFirst()).toBeDefined();
    for (const url of [RECEIVED, `${RECEIVED}/${row.alfa.id}`, `${RECEIVED}/${row.alfa.id}/zip`, `${INVOICES}/${sentInvoice}/efactura/zip`]) {
      expect((await t.api("GET", url, { session: admin })).statusCode, url).toBe(403);
    }
  });

  it("hands an invoice's archived e-Factura ZIP; none archived, a proforma or another company's invoice is 404", async () => {
    const zip = await t.api("GET", `${INVOICES}/${sentInvoice}/efactura/zip`, { session: invoicing });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["content-disposition"]).toBe(`attachment; filename="efactura-${sentNumber}.zip"`);
    expect(Buffer.compare(zip.rawPayload, sentZip)).toBe(0);
    for (const suffix of ["zip", "pdf"]) {
      const none = await t.api("GET", `${INVOICES}/${unarchivedInvoice}/efactura/${suffix}`, { session: invoicing });
      expect(none.statusCode).toBe(404);
      expect(none.json<{ message: string }>().message).toBe("Factura nu are încă o arhivă e-Factura (ZIP-ul semnat de ANAF).");
      const theirs = await t.api("GET", `${INVOICES}/${theirInvoice}/efactura/${suffix}`, { session: invoicing });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json<{ message: string }>().message).not.toContain("arhivă");
    }
    const theirOwn = await t.api("GET", `${INVOICES}/${theirInvoice}/efactura/zip`, { session: otherInvoicing });
    expect(theirOwn.statusCode).toBe(200);
  });
});
