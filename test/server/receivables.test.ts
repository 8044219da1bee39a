/**
 * 'Scadențe' (GET /api/smartbill/receivables) on both databases: every sent invoice with
 * something unpaid, by invoice or by customer and currency; each filter and sort; paging; the
 * CSV and XLSX export; another company's invoices never shown; junk filters refused in
 * Romanian. And the invoice list's filters over what is owed, the proforma list's
 * `notInvoiced`. Today is 1 December 2026 in Romania (the clock: 22:30 UTC on 30 November).
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Invoice, LoginResponse, Page } from "../../contract/api";
import type { ReceivableCustomer, ReceivableInvoice } from "../../contract/receivables";
import { homeMessages } from "../../server/messages";
import { sheetJsRead } from "../helpers/csvReaders";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, DEMO_TENANT } from "../helpers/sentInvoices";
import { addStoredDocument, addStoredPayment, updateStoredDocument } from "../helpers/storedInvoices";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const RECEIVABLES = "/api/smartbill/receivables";
const LAST_EVENING_OF_NOVEMBER = Date.parse("2026-11-30T22:30:00Z");

describeEachDialect("what customers owe ('Scadențe') and the invoice list's filters", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let otherInvoicing: LoginResponse;
  const id: Record<string, number> = {};
  const number: Record<string, string> = {};
  let clientA: number;
  let clientB: number;
  let clientC: number;
  let otherClient: number;
  let proformaLeft: number;

  beforeAll(async () => {
    t = await testApp(dialect, { now: () => LAST_EVENING_OF_NOVEMBER });
    ({ invoicing, admin } = await signInDemoRoles(t));
    clientA = await addCustomer(t, DEMO_TENANT, "RO10000008");
    clientB = await addCustomer(t, DEMO_TENANT, "RO20000004");
    clientC = await addCustomer(t, DEMO_TENANT, "RO30000000");
    const db = t.db;
    const add = async (name: string, clientId: number | null, issueDate: string, total: number, currency = "RON", seriesName = "SBL") => {
      id[name] = await addStoredDocument(db, { clientId, issueDate, total, currency, seriesName });
    };
    // Due ten days after issue; days overdue on 1 December.
    await add("a", clientA, "2026-10-22", 100); // due 11-01: 30 → 1-30; 40 paid → 60 left
    await add("b", clientB, "2026-10-21", 200); // due 10-31: 31 → 31-60
    await add("c", clientA, "2026-08-22", 600); // due 09-01: 91 → 90+
    await add("d", clientC, "2026-11-25", 700); // due 12-05: current
    await add("e", clientB, "2026-11-21", 150, "EUR", "SBE"); // due 12-01, today: current
    await add("f", null, "2026-09-21", 400, "RON", "SBX"); // due 10-01: 61 → 61-90; no customer
    await add("paid", clientA, "2026-11-05", 80); // paid in SmartBill
    await add("cancelled", clientB, "2026-11-10", 1000);
    await addStoredPayment(db, id.a, 40, "2026-11-20");
    await updateStoredDocument(db, id.paid, { paymentTotal: 80, paymentPaid: 80, paymentCheckedAt: "2026-11-20T10:00:00.000Z" });
    await updateStoredDocument(db, id.cancelled, { cancelledAt: "2026-11-11T10:00:00.000Z" });
    id.refused = await addStoredDocument(db, { clientId: clientA, issueDate: "2026-11-28", total: 10, values: { status: "refused", sentNumber: null } });
    for (const row of await db.selectFrom("invoices").select(["id", "sentNumber"]).execute()) {
      const name = Object.keys(id).find((key) => id[key] === row.id);
      if (name) number[name] = row.sentNumber ?? "";
    }
    // Proformas: one became our invoice, the other did not.
    proformaLeft = await addStoredDocument(db, { clientId: clientA, issueDate: "2026-11-28", total: 300, documentType: "proforma" });
    const invoicedHere = await addStoredDocument(db, { clientId: clientC, issueDate: "2026-11-28", total: 250, documentType: "proforma" });
    await addStoredDocument(db, { clientId: clientC, issueDate: "2026-11-29", total: 250, values: { proformaId: invoicedHere, cancelledAt: "2026-11-30T10:00:00.000Z" } });

    // Another company, with an invoice owed.
    const other = await addTenant(t, "Altă Firmă Scadențe SRL");
    await addUser(t, { email: "scadente@alt.ro", tenantId: other, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherInvoicing = await t.signIn("scadente@alt.ro", "parola-alt-1");
    otherClient = await addCustomer(t, other, "RO40000006");
    id.theirs = await addStoredDocument(db, { tenantId: other, clientId: otherClient, issueDate: "2026-10-01", total: 5000 });
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, session = invoicing) => {
    const response = await t.api("GET", url, { session });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const invoices = async (query = "") => (await get<Page<ReceivableInvoice>>(`${RECEIVABLES}?page=0&size=50${query}`)).content.map((row) => nameOf(row.id));
  const customers = async (query = "") => (await get<Page<ReceivableCustomer>>(`${RECEIVABLES}?view=customer&page=0&size=50${query}`)).content;
  const nameOf = (rowId: number) => Object.keys(id).find((key) => id[key] === rowId) ?? `#${rowId}`;

  it("lists every invoice with something unpaid, oldest due date first, with what is paid, left and how late", async () => {
    const page = await get<Page<ReceivableInvoice>>(`${RECEIVABLES}?page=0&size=50`);
    expect(page.totalElements).toBe(6);
    expect(page.content.map((row) => nameOf(row.id))).toEqual(["c", "f", "b", "a", "e", "d"]);
    expect(page.content.find((row) => row.id === id.a)).toEqual({
      id: id.a,
      seriesName: "SBL",
      number: number.a,
      issueDate: "2026-10-22",
      dueDate: "2026-11-01",
      clientId: clientA,
      clientName: "Client RO10000008 SRL",
      currency: "RON",
      total: 100,
      paid: 40,
      unpaid: 60,
      daysOverdue: 30,
      bucket: "1-30",
      lastReminderAt: null,
    });
    expect(page.content.map((row) => [nameOf(row.id), row.daysOverdue, row.bucket])).toEqual([
      ["c", 91, "90+"],
      ["f", 61, "61-90"],
      ["b", 31, "31-60"],
      ["a", 30, "1-30"],
      ["e", 0, "current"],
      ["d", 0, "current"],
    ]);
    expect(page.content.find((row) => row.id === id.f)).toMatchObject({ clientId: null, clientName: homeMessages.unknownClient, seriesName: "SBX" });
    // Without page/size: still a page (the list is read by pages).
    expect((await get<Page<ReceivableInvoice>>(RECEIVABLES)).totalElements).toBe(6);
  });

  it("sorts by invoice: days overdue both ways, unpaid, client name, issue date, number", async () => {
    expect(await invoices("&sort=daysOverdue,desc")).toEqual(["c", "f", "b", "a", "e", "d"]);
    expect(await invoices("&sort=daysOverdue,asc")).toEqual(["d", "e", "a", "b", "f", "c"]);
    expect(await invoices("&sort=dueDate,desc")).toEqual(["d", "e", "a", "b", "f", "c"]);
    expect(await invoices("&sort=unpaid,desc")).toEqual(["d", "c", "f", "b", "e", "a"]);
    expect(await invoices("&sort=unpaid,asc")).toEqual(["a", "e", "b", "f", "c", "d"]);
    // f (no customer) left out: where a missing name sorts differs between the databases.
    expect(await invoices("&seriesName=SBL&sort=clientName,asc")).toEqual(["c", "a", "b", "d"]);
    expect(await invoices("&sort=issueDate,asc")).toEqual(["c", "f", "b", "a", "e", "d"]);
    expect(await invoices("&sort=number,asc")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(await invoices("&sort=number,desc")).toEqual(["f", "e", "d", "c", "b", "a"]);
  });

  it("filters by customer, currency, series, bucket, overdue and text", async () => {
    expect(await invoices(`&clientId=${clientA}`)).toEqual(["c", "a"]);
    expect(await invoices("&clientId=0")).toEqual(["f"]);
    expect(await invoices("&currency=EUR")).toEqual(["e"]);
    expect(await invoices("&currency=RON")).toEqual(["c", "f", "b", "a", "d"]);
    expect(await invoices("&seriesName=SBE")).toEqual(["e"]);
    expect(await invoices("&bucket=current")).toEqual(["e", "d"]);
    expect(await invoices("&bucket=1-30")).toEqual(["a"]);
    expect(await invoices("&bucket=31-60")).toEqual(["b"]);
    expect(await invoices("&bucket=61-90")).toEqual(["f"]);
    expect(await invoices("&bucket=90%2B")).toEqual(["c"]);
    expect(await invoices("&overdue=true")).toEqual(["c", "f", "b", "a"]);
    expect(await invoices("&overdue=false")).toEqual(["e", "d"]);
    expect(await invoices("&overdue=true&currency=RON&bucket=31-60")).toEqual(["b"]);
    expect(await invoices("&q=ro2000")).toEqual(["b", "e"]);
    expect(await invoices(`&q=${encodeURIComponent(`SBL ${number.a}`)}`)).toEqual(["a"]);
    expect(await invoices(`&q=${encodeURIComponent(`sbl${number.a}`)}`)).toEqual(["a"]);
    expect(await invoices("&q=nimeni")).toEqual([]);
  });

  it("pages the list", async () => {
    const first = await get<Page<ReceivableInvoice>>(`${RECEIVABLES}?page=0&size=4`);
    const second = await get<Page<ReceivableInvoice>>(`${RECEIVABLES}?page=1&size=4`);
    expect([first.totalElements, second.totalElements]).toEqual([6, 6]);
    expect([...first.content, ...second.content].map((row) => nameOf(row.id))).toEqual(["c", "f", "b", "a", "e", "d"]);
  });

  it("adds them up by customer and currency: who owes most first; sorts and filters", async () => {
    expect(await customers()).toEqual([
      { id: `${clientC}-RON`, clientId: clientC, clientName: "Client RO30000000 SRL", currency: "RON", count: 1, unpaid: 700, overdue: 0, oldestDueDate: "2026-12-05", maxDaysOverdue: 0 },
      { id: `${clientA}-RON`, clientId: clientA, clientName: "Client RO10000008 SRL", currency: "RON", count: 2, unpaid: 660, overdue: 660, oldestDueDate: "2026-09-01", maxDaysOverdue: 91 },
      { id: "0-RON", clientId: null, clientName: homeMessages.unknownClient, currency: "RON", count: 1, unpaid: 400, overdue: 400, oldestDueDate: "2026-10-01", maxDaysOverdue: 61 },
      { id: `${clientB}-RON`, clientId: clientB, clientName: "Client RO20000004 SRL", currency: "RON", count: 1, unpaid: 200, overdue: 200, oldestDueDate: "2026-10-31", maxDaysOverdue: 31 },
      { id: `${clientB}-EUR`, clientId: clientB, clientName: "Client RO20000004 SRL", currency: "EUR", count: 1, unpaid: 150, overdue: 0, oldestDueDate: "2026-12-01", maxDaysOverdue: 0 },
    ]);
    const ids = async (query: string) => (await customers(query)).map((row) => row.id);
    expect(await ids("&sort=maxDaysOverdue,desc")).toEqual([`${clientA}-RON`, "0-RON", `${clientB}-RON`, `${clientB}-EUR`, `${clientC}-RON`]);
    expect(await ids("&sort=maxDaysOverdue,asc")).toEqual([`${clientC}-RON`, `${clientB}-EUR`, `${clientB}-RON`, "0-RON", `${clientA}-RON`]);
    expect((await ids("&sort=overdue,desc")).slice(0, 3)).toEqual([`${clientA}-RON`, "0-RON", `${clientB}-RON`]);
    expect(await ids("&sort=unpaid,asc")).toEqual([`${clientB}-EUR`, `${clientB}-RON`, "0-RON", `${clientA}-RON`, `${clientC}-RON`]);
    expect(await ids("&currency=RON&clientId=" + clientB + "&sort=clientName,asc")).toEqual([`${clientB}-RON`]);
    expect(await ids("&currency=RON&sort=clientName,desc")).toContain(`${clientC}-RON`);
    // Only the invoices the filters keep are added up: a's 60 is in 1-30, c's 600 in 90+.
    expect(await customers(`&bucket=1-30`)).toEqual([expect.objectContaining({ id: `${clientA}-RON`, count: 1, unpaid: 60, overdue: 60, maxDaysOverdue: 30 })]);
    expect(await ids("&overdue=true")).toEqual([`${clientA}-RON`, "0-RON", `${clientB}-RON`]);
    expect(await ids("&currency=EUR")).toEqual([`${clientB}-EUR`]);
    expect(await ids("&q=ro3000")).toEqual([`${clientC}-RON`]);
    const page = await get<Page<ReceivableCustomer>>(`${RECEIVABLES}?view=customer&page=1&size=2`);
    expect(page.totalElements).toBe(5);
    expect(page.content.map((row) => row.id)).toEqual(["0-RON", `${clientB}-RON`]);
  });

  it("exports the same rows as CSV and XLSX, by invoice and by customer", async () => {
    const csv = await t.api("GET", `${RECEIVABLES}/export?format=csv&overdue=true`, { session: invoicing });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="scadente-facturi.csv"');
    const rows = sheetJsRead(csv.body, ";").rows;
    expect(rows[0]).toEqual(["Serie", "Număr", "Data emiterii", "Scadența", "Client", "Monedă", "Total", "Încasat", "Rest de încasat", "Zile de întârziere", "Interval"]);
    expect(rows.slice(1).map((row) => row[1])).toEqual([number.c, number.f, number.b, number.a]);
    expect(rows[4]).toEqual(["SBL", number.a, "2026-10-22", "2026-11-01", "Client RO10000008 SRL", "RON", "100", "40", "60", "30", "1–30 zile"]);

    const xlsx = await t.api("GET", `${RECEIVABLES}/export?format=xlsx&view=customer`, { session: invoicing });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toBe('attachment; filename="scadente-clienti.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Scadențe")!;
    const values = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual(["Client", "Monedă", "Facturi", "Rest de încasat", "Restant", "Cea mai veche scadență", "Zile de întârziere (maxim)"]);
    expect(values.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual([
      ["Client RO30000000 SRL", "RON", 700],
      ["Client RO10000008 SRL", "RON", 660],
      [homeMessages.unknownClient, "RON", 400],
      ["Client RO20000004 SRL", "RON", 200],
      ["Client RO20000004 SRL", "EUR", 150],
    ]);
  });

  it("never shows another company's invoices; a company sees its own", async () => {
    expect(await invoices(`&clientId=${otherClient}`)).toEqual([]);
    const theirs = await get<Page<ReceivableInvoice>>(`${RECEIVABLES}?page=0&size=50`, otherInvoicing);
    expect(theirs.content.map((row) => row.id)).toEqual([id.theirs]);
    const csv = await t.api("GET", `${RECEIVABLES}/export?format=csv`, { session: otherInvoicing });
    expect(sheetJsRead(csv.body, ";").rows).toHaveLength(2);
    expect((await t.api("GET", RECEIVABLES, { session: admin })).statusCode).toBe(403);
  });

  it("refuses junk filters and sorts with a Romanian message", async () => {
    for (const query of ["bucket=2-5", "overdue=da", "currency=lei", "clientId=-1", "view=client", "seriesName=" + "S".repeat(21), "format=pdf"]) {
      const url = query.startsWith("format") ? `${RECEIVABLES}/export?${query}` : `${RECEIVABLES}?${query}`;
      const response = await t.api("GET", url, { session: invoicing });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^Date invalide: „(bucket|overdue|currency|clientId|view|seriesName|format)”/);
    }
    const sort = await t.api("GET", `${RECEIVABLES}?sort=bogus,asc`, { session: invoicing });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toMatch(/bogus/);
    expect(sort.json().message).toMatch(/daysOverdue/);
  });

  const listed = async (query: string, resource = "invoice") =>
    (await get<Invoice[]>(`/api/smartbill/${resource}?${query}`)).map((invoice) => (invoice.id === proformaLeft ? "proforma" : nameOf(invoice.id))).sort();

  it("filters the invoice list by payment status, overdue, period of issue, currency, counted as invoiced, unsent", async () => {
    expect(await listed("paymentStatus=unpaid")).toEqual(["b", "c", "d", "e", "f"]);
    expect(await listed("paymentStatus=partial")).toEqual(["a"]);
    expect(await listed("paymentStatus=paid")).toEqual(["paid"]);
    expect(await listed("overdue=true")).toEqual(["a", "b", "c", "f"]);
    // What the home's "invoiced in November, RON" counts: the cancelled one is not.
    expect(await listed("sent=true&issueDateFrom=2026-11-01&issueDateTo=2026-11-30&currency=RON")).toEqual(["d", "paid"]);
    expect(await listed("issueDateFrom=2026-11-21&issueDateTo=2026-11-21")).toEqual(["e"]);
    expect(await listed("currency=EUR")).toEqual(["e"]);
    expect(await listed("unsent=true")).toEqual(["refused"]);
    expect(await listed("sent=false&currency=RON")).toContain("cancelled");
    for (const query of ["paymentStatus=platit", "overdue=1", "issueDateFrom=ieri", "issueDateTo=2026-9-1", "issueDateFrom=2026-13-45", "currency=ron", "sent=da"]) {
      const response = await t.api("GET", `/api/smartbill/invoice?${query}`, { session: invoicing });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^Date invalide: „/);
    }
  });

  it("filters the proforma list by 'not invoiced': issued, standing, and no invoice of ours made from it", async () => {
    expect(await listed("notInvoiced=true", "proforma")).toEqual(["proforma"]);
    expect(await listed("notInvoiced=false", "proforma")).toHaveLength(1);
  });
});
