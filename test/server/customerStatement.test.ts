/**
 * A customer's statement ('Fișa client', GET /api/smartbill/customer/{id}/statement[/pdf|/xlsx],
 * POST …/statement/email) against a hand-computed fixture made the way a clerk makes it, through
 * the app and its own SmartBill emulator: invoices before and during the period, a payment, a
 * cash payment with its receipt, a storno, a payment made in SmartBill itself, an invoice in
 * euro, a cancelled invoice, a draft and another customer's invoice. The statement's balances,
 * its PDF and workbook read back, its e-mail in the outbox and at the SMTP server with the PDF
 * attached, its refusals, and another tenant's customer.
 *
 * The fixture, period 01.09.2026 → today:
 *   before:  A 121,00 RON (20.08) − payment 21,00 (25.08)                       opening 100,00 RON
 *   RON:     B 1.210,00 (05.09) · receipt CH 0007 of 210,00 for B (10.09) · C 121,00 (12.09)
 *            · storno of C −121,00 (15.09) · paid in SmartBill 500,00 for B (read today)
 *            debit 1.331,00, credit 831,00                                     closing 600,00 RON
 *   EUR:     D 121,00 EUR (20.09)                                               closing 121,00 EUR
 *   not counted: E 121,00 RON cancelled; a draft; another customer's invoice.
 */
import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import type { SMTPServer as SMTPServerType } from "smtp-server";
import { SMTPServer } from "smtp-server";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerStatement, LoginResponse, StatementEntry } from "../../contract/api";
import { timestamp } from "../../server/db/timestamps";
import { statementMessages } from "../../server/messages";
import { MAX_STATEMENT_ENTRIES } from "../../server/routes/api/customers/customerStatement";
import { romanianDate } from "../../server/smartbill/bucharestTime";
import { smartBillClientForTenant } from "../../server/smartbill/client";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addDraftInvoice, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, invoicingUserOfNewTenant, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const PERIOD_START = "2026-09-01";

describeEachDialect("a customer's statement ('Fișa client')", (dialect) => {
  let t: TestApp;
  let smtp: SMTPServerType;
  const received: { to: string[]; data: string }[] = [];
  let invoicing: LoginResponse;
  let superadmin: LoginResponse;
  let customerId: number;
  let today: string;
  const ids: Record<"A" | "B" | "C" | "D" | "E", number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
  let stornoId: number;

  const statementUrl = (id: number, tail = "", query = `dateFrom=${PERIOD_START}&dateTo=${today}`) =>
    `/api/smartbill/customer/${id}/statement${tail}${query ? `?${query}` : ""}`;
  const number = async (id: number) => {
    const row = await t.db.selectFrom("invoices").select(["sentSeries", "sentNumber"]).where("id", "=", id).executeTakeFirstOrThrow();
    return `${row.sentSeries} ${row.sentNumber}`;
  };
  const pay = async (id: number, amount: number, date: string, type: string) => {
    const response = await t.api("POST", `/api/smartbill/invoice/${id}/payments`, {
      session: invoicing,
      body: { requestId: randomUUID(), amount, date, type },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, done) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const address = smtp.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    t = await liveApp(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "noreply@demo.ro" } });
    today = romanianDate(Date.now());
    [invoicing, superadmin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("superadmin@demo.ro")]);
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
    // The company's receipt series, numbered from 7.
    const state = (await emulator(t, "GET", "/state")) as { companies: { series: { type: string; nextNumber: number }[] }[] };
    const companies = structuredClone(state.companies);
    companies[0].series.find((series) => series.type === "c")!.nextNumber = 7;
    await emulator(t, "PUT", "/state", { companies });

    customerId = await addCustomer(t, DEMO_TENANT, "RO12345678");
    const otherCustomer = await addCustomer(t, DEMO_TENANT, "RO18547290");
    const bigLines = [{ name: "Proiectare", code: "PRJ", quantity: 10, price: 100 }];

    ids.A = await addSentInvoice(t, invoicing, customerId, { issueDate: "2026-08-20" });
    await pay(ids.A, 21, "2026-08-25", "Ordin plata");
    ids.B = await addSentInvoice(t, invoicing, customerId, { issueDate: "2026-09-05", lines: bigLines });
    await pay(ids.B, 210, "2026-09-10", "Chitanta");
    ids.C = await addSentInvoice(t, invoicing, customerId, { issueDate: "2026-09-12" });
    const reversed = await t.api("POST", `/api/smartbill/invoice/${ids.C}/reverse`, {
      session: invoicing,
      body: { requestId: randomUUID(), issueDate: "2026-09-15" },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    stornoId = reversed.json<{ storno: { id: number } }>().storno.id;
    // Euro: the invoice and its line in EUR before the send.
    const euroDraft = await addDraftInvoice(t, customerId, { issueDate: "2026-09-20" });
    await t.db.updateTable("invoices").set({ currency: "EUR" }).where("id", "=", euroDraft).execute();
    await t.db.updateTable("invoice_lines").set({ currency: "EUR" }).where("invoiceId", "=", euroDraft).execute();
    const sent = await t.api("POST", `/api/smartbill/invoice/send/${euroDraft}`, { session: invoicing });
    expect(sent.statusCode, sent.body).toBe(200);
    ids.D = euroDraft;
    ids.E = await addSentInvoice(t, invoicing, customerId, { issueDate: "2026-09-22" });
    const cancelled = await t.api("POST", `/api/smartbill/invoice/${ids.E}/cancel`, { session: invoicing });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await addDraftInvoice(t, customerId, { issueDate: "2026-09-23" });
    await addSentInvoice(t, invoicing, otherCustomer, { issueDate: "2026-09-24" });

    // 500,00 paid for B in SmartBill itself, then its payment status read (as the periodic refresh does).
    const client = await smartBillClientForTenant(t.db, DEMO_TENANT, t.app.smartBillUrls);
    const b = await t.db.selectFrom("invoices").select(["sentSeries", "sentNumber"]).where("id", "=", ids.B).executeTakeFirstOrThrow();
    await client.addPayment({
      type: "Card",
      value: 500,
      isCash: false,
      client: { name: "Client RO12345678 SRL", vatCode: "RO12345678" },
      invoicesList: [{ seriesName: b.sentSeries!, number: b.sentNumber! }],
    });
    const status = await t.api("POST", `/api/smartbill/invoice/${ids.B}/payment-status`, { session: invoicing });
    expect(status.statusCode, status.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  const statement = async (query?: string, session = invoicing) => {
    const response = await t.api("GET", statementUrl(customerId, "", query), { session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CustomerStatement>();
  };
  const row = (entry: StatementEntry) => [entry.date, entry.kind, entry.document, entry.debit, entry.credit, entry.balance, entry.invoiceId];

  it("opens with what was owed before the period, lists each invoice, payment, storno and SmartBill payment with the running balance, per currency", async () => {
    const answer = await statement();
    expect(answer.customer).toMatchObject({ id: customerId, clientName: "Client RO12345678 SRL", cif: "RO12345678" });
    expect([answer.dateFrom, answer.dateTo]).toEqual([PERIOD_START, today]);
    expect(answer.currencies.map((part) => part.currency)).toEqual(["RON", "EUR"]);
    const [ron, eur] = answer.currencies;
    expect(ron).toMatchObject({ opening: 100, debit: 1331, credit: 831, closing: 600 });
    expect(ron.entries.map(row)).toEqual([
      ["2026-09-05", "invoice", await number(ids.B), 1210, 0, 1310, ids.B],
      ["2026-09-10", "payment", "CH 0007", 0, 210, 1100, ids.B],
      ["2026-09-12", "invoice", await number(ids.C), 121, 0, 1221, ids.C],
      ["2026-09-15", "storno", await number(stornoId), 0, 121, 1100, stornoId],
      [today, "smartbill", await number(ids.B), 0, 500, 600, ids.B],
    ]);
    expect(ron.entries.map((entry) => entry.description)).toEqual([
      statementMessages.lines.invoice("19.09.2026"),
      statementMessages.lines.payment("Chitanta", await number(ids.B)),
      statementMessages.lines.invoice("26.09.2026"),
      statementMessages.lines.storno(await number(ids.C)),
      statementMessages.lines.smartbillPaid(await number(ids.B)),
    ]);
    expect(eur).toMatchObject({ opening: 0, debit: 121, credit: 0, closing: 121 });
    expect(eur.entries.map(row)).toEqual([["2026-09-20", "invoice", await number(ids.D), 121, 0, 121, ids.D]]);
  });

  it("closes a period ending today at the customer's stored unpaid amount, in each currency", async () => {
    const stored = await t.db
      .selectFrom("invoices")
      .select(["currency", (eb) => eb.fn.sum<number>("unpaid").as("unpaid")])
      .where("tenantId", "=", DEMO_TENANT)
      .where("clientId", "=", customerId)
      .groupBy("currency")
      .execute();
    const unpaid = Object.fromEntries(stored.map((row) => [row.currency, Math.round(Number(row.unpaid) * 100) / 100]));
    expect(unpaid).toEqual({ RON: 600, EUR: 121 });
    // Whatever day the period starts: the whole history, or only this month.
    for (const dateFrom of ["2026-01-01", PERIOD_START, "2026-09-11"]) {
      const answer = await statement(`dateFrom=${dateFrom}&dateTo=${today}`);
      expect(Object.fromEntries(answer.currencies.map((part) => [part.currency, part.closing])), dateFrom).toEqual(unpaid);
    }
  });

  it("counts an invoice whose total only SmartBill knows (a line in another currency) at SmartBill's total, as its unpaid amount does", async () => {
    const mixed = await addCustomer(t, DEMO_TENANT, "RO36");
    const id = await addDraftInvoice(t, mixed, {
      issueDate: "2026-09-08",
      lines: [
        { name: "Serviciu", code: "S1", quantity: 1, price: 100 },
        { name: "Licență", code: "L1", quantity: 1, price: 10 },
      ],
    });
    await t.db.updateTable("invoice_lines").set({ currency: "EUR" }).where("invoiceId", "=", id).where("code", "=", "L1").execute();
    expect((await t.api("POST", `/api/smartbill/invoice/send/${id}`, { session: invoicing })).statusCode).toBe(200);
    expect((await t.api("POST", `/api/smartbill/invoice/${id}/payment-status`, { session: invoicing })).statusCode).toBe(200);
    const stored = await t.db.selectFrom("invoices").select(["sentTotal", "paymentTotal", "unpaid"]).where("id", "=", id).executeTakeFirstOrThrow();
    // No one sum of its lines here: it counts at SmartBill's total, read with its payment status.
    expect(Number(stored.sentTotal)).toBe(Number(stored.paymentTotal));
    expect(Number(stored.unpaid)).toBeGreaterThan(0);
    const response = await t.api("GET", statementUrl(mixed), { session: invoicing });
    const [ron] = response.json<CustomerStatement>().currencies;
    expect(ron.entries.map((entry) => [entry.kind, entry.debit])).toEqual([["invoice", Number(stored.paymentTotal)]]);
    expect(ron.closing).toBe(Number(stored.unpaid));
  });

  it("carries everything before the period into the opening balance, and nothing after its end", async () => {
    const later = await statement(`dateFrom=2026-09-11&dateTo=${today}`);
    expect(later.currencies[0]).toMatchObject({ currency: "RON", opening: 1100 });
    expect(later.currencies[0].entries.map((entry) => entry.kind)).toEqual(["invoice", "storno", "smartbill"]);
    const earlier = await statement("dateFrom=2026-08-01&dateTo=2026-09-10");
    expect(earlier.currencies.map((part) => [part.currency, part.opening, part.closing])).toEqual([["RON", 0, 1100]]);
    expect(earlier.currencies[0].entries.map((entry) => [entry.date, entry.kind, entry.balance])).toEqual([
      ["2026-08-20", "invoice", 121],
      ["2026-08-25", "payment", 100],
      ["2026-09-05", "invoice", 1310],
      ["2026-09-10", "payment", 1100],
    ]);
  });

  it("covers this year's 1 January to today when no period is given", async () => {
    const answer = await statement("");
    expect([answer.dateFrom, answer.dateTo]).toEqual([`${today.slice(0, 4)}-01-01`, today]);
  });

  it("answers the statement as a Romanian PDF: company and customer, period, the lines and the closing balance as Romanians write them", async () => {
    const response = await t.api("GET", statementUrl(customerId, "/pdf"), { session: invoicing });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="fisa-client-C-RO12345678-${PERIOD_START}-${today}.pdf"`);
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const day = `${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}`;
    for (const expected of [
      "Fișă client",
      `Perioada: 01.09.2026 – ${day}`,
      "Client RO12345678 SRL",
      "CIF: RO12345678",
      "Sold inițial",
      "1.210,00",
      "CH 0007",
      "Sold final: 600,00 RON",
      "Sold final: 121,00 EUR",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("answers the statement as a workbook with numbers and dates", async () => {
    const response = await t.api("GET", statementUrl(customerId, "/xlsx"), { session: invoicing });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="fisa-client-C-RO12345678-${PERIOD_START}-${today}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Fișă client")!;
    const rows: unknown[][] = [];
    sheet.eachRow((sheetRow) => rows.push((sheetRow.values as unknown[]).slice(1)));
    const labelled = (label: string) => rows.filter((cells) => cells[2] === label).map((cells) => cells[5]);
    expect(labelled("Sold inițial")).toEqual([100, 0]);
    expect(labelled("Sold final")).toEqual([600, 121]);
    const receipt = rows.find((cells) => cells[1] === "CH 0007")!;
    expect(receipt[0]).toEqual(new Date("2026-09-10T00:00:00Z"));
    expect(receipt.slice(3)).toEqual([undefined, 210, 1100]);
    expect(rows.map((cells) => cells[0]).filter((cell) => typeof cell === "string")).toContain("Moneda: EUR");
  });

  it("e-mails the statement's PDF: in the outbox naming the file, delivered with it attached, audited", async () => {
    const response = await t.api("POST", statementUrl(customerId, "/email", ""), {
      session: invoicing,
      body: { to: "contabilitate@client.ro", dateFrom: PERIOD_START, dateTo: today },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(statementMessages.emailed("Client RO12345678 SRL", "contabilitate@client.ro"));
    await t.app.mailer.idle();
    const file = `fisa-client-C-RO12345678-${PERIOD_START}-${today}.pdf`;
    const [mail] = await t.db.selectFrom("outbox").selectAll().where("recipient", "=", "contabilitate@client.ro").execute();
    expect(mail.subject).toContain("Fișa client");
    expect(mail.body).toContain("Client RO12345678 SRL");
    expect(mail.body).toContain(`[Atașat] ${file}`);
    expect(mail.sentAt).not.toBeNull();
    const delivered = received.find((one) => one.to.includes("contabilitate@client.ro"))!;
    expect(delivered.data).toMatch(/Content-Type: application\/pdf/);
    expect(delivered.data.replace(/\r?\n\s+/g, " ")).toContain(`filename=${file}`);
    const attached = /Content-Disposition: attachment[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(delivered.data)![1]!;
    expect(Buffer.from(attached.replace(/\s+/g, ""), "base64").subarray(0, 5).toString()).toBe("%PDF-");
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "customers.statement").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: String(customerId), targetLabel: "Client RO12345678 SRL" });
    expect(audit[0].result).toContain("contabilitate@client.ro");
  });

  describe("refusals", () => {
    const refusal = async (method: "GET" | "POST", url: string, body?: object) => {
      const response = await t.api(method, url, { session: invoicing, body });
      return { status: response.statusCode, body: response.json<{ message: string; errors?: Record<string, string> }>() };
    };

    it("refuses a day that does not exist, in Romanian, at its field", async () => {
      const answer = await refusal("GET", statementUrl(customerId, "", "dateFrom=2026-02-30&dateTo=2026-03-31"));
      expect(answer).toEqual({ status: 400, body: { message: statementMessages.dateInvalid.dateFrom, errors: { dateFrom: statementMessages.dateInvalid.dateFrom } } });
      expect((await refusal("GET", statementUrl(customerId, "/pdf", "dateTo=31.12.2026"))).body.errors).toEqual({ dateTo: statementMessages.dateInvalid.dateTo });
    });

    it("refuses a period whose start is after its end, and one longer than five years", async () => {
      expect((await refusal("GET", statementUrl(customerId, "", "dateFrom=2026-10-01&dateTo=2026-09-30"))).body.message).toBe(statementMessages.periodReversed);
      const tooLong = await refusal("GET", statementUrl(customerId, "/xlsx", "dateFrom=2021-01-01&dateTo=2026-01-01"));
      expect(tooLong).toMatchObject({ status: 400, body: { message: "Fișa client se face pentru cel mult 5 ani; alegeți o perioadă mai scurtă." } });
      expect((await refusal("GET", statementUrl(customerId, "", "dateFrom=2021-01-02&dateTo=2026-01-01"))).status).toBe(200);
    });

    it("refuses a wrong address at its field and sends nothing", async () => {
      const before = await t.db.selectFrom("outbox").select("id").execute();
      const answer = await refusal("POST", statementUrl(customerId, "/email", ""), { to: "Ion <ion@client.ro>" });
      expect(answer).toEqual({ status: 400, body: { message: statementMessages.addressInvalid("Ion <ion@client.ro>"), errors: { to: statementMessages.addressInvalid("Ion <ion@client.ro>") } } });
      expect((await refusal("POST", statementUrl(customerId, "/email", ""), { to: " " })).body.errors).toEqual({ to: statementMessages.addressRequired });
      expect(await t.db.selectFrom("outbox").select("id").execute()).toEqual(before);
    });

    it("does not find a customer of another tenant, nor one that does not exist; and sends nothing for them", async () => {
      const other = await invoicingUserOfNewTenant(t, superadmin, "Alt Tenant Fișă SRL", "fisa@alt.ro");
      const before = await t.db.selectFrom("outbox").select("id").execute();
      for (const tail of ["", "/pdf", "/xlsx"]) {
        const response = await t.api("GET", statementUrl(customerId, tail), { session: other.session });
        expect(response.statusCode, tail).toBe(404);
        expect(response.json().message).toBe("Clientul nu a fost găsit.");
      }
      const mailed = await t.api("POST", statementUrl(customerId, "/email", ""), { session: other.session, body: { to: "x@alt.ro" } });
      expect(mailed.statusCode).toBe(404);
      expect((await t.api("GET", statementUrl(999_999), { session: invoicing })).statusCode).toBe(404);
      expect(await t.db.selectFrom("outbox").select("id").execute()).toEqual(before);
    });

    it("refuses a period with more lines than a statement shows, and takes a shorter one, the rest in its opening balance", async () => {
      const busy = await addCustomer(t, DEMO_TENANT, "RO27");
      const now = timestamp();
      const rows = Array.from({ length: MAX_STATEMENT_ENTRIES + 1 }, (_, index) => ({
        tenantId: DEMO_TENANT,
        clientId: busy,
        warehouseId: null,
        issueDate: index % 2 === 0 ? "2026-09-02" : "2026-09-03",
        dueDays: 14,
        useStock: 0,
        draft: 0,
        saveToDb: 0,
        seriesName: "MULT",
        currency: "RON",
        language: "RO",
        precision: 2,
        status: "sent" as const,
        sendSeriesNextNumber: null,
        sendStartedAt: null,
        sentSeries: "MULT",
        sentNumber: String(index + 1).padStart(4, "0"),
        sentMessage: null,
        sentUrl: null,
        errorText: null,
        sentAt: now,
        sentTotal: 1,
        createdAt: now,
        updatedAt: now,
      }));
      for (let start = 0; start < rows.length; start += 200) await t.db.insertInto("invoices").values(rows.slice(start, start + 200)).execute();
      const tooMany = await refusal("GET", statementUrl(busy, "/pdf"));
      expect(tooMany).toEqual({ status: 400, body: { message: statementMessages.tooManyEntries(MAX_STATEMENT_ENTRIES) } });
      expect(tooMany.body.message).toBe("Fișa client are mai mult de 2.000 de înregistrări în perioada aleasă; alegeți o perioadă mai scurtă.");
      const shorter = await t.api("GET", statementUrl(busy, "", "dateFrom=2026-09-03&dateTo=2026-09-30"), { session: invoicing });
      expect(shorter.statusCode, shorter.body).toBe(200);
      const [ron] = shorter.json<CustomerStatement>().currencies;
      expect([ron.opening, ron.entries.length, ron.closing]).toEqual([1001, 1000, 2001]);
    });

    it("is for the invoicing role: the tenant's administrator is refused", async () => {
      const admin = await t.signIn("admin@demo.ro");
      expect((await t.api("GET", statementUrl(customerId), { session: admin })).statusCode).toBe(403);
    });
  });
});
