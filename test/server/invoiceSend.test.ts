/**
 * Sending an imported invoice to SmartBill exactly once, end to end: the app in demo mode with
 * its SmartBill emulator, listening on a real port that tenant 2's smartbill.url points at;
 * POST /api/smartbill/invoice/send/{id} → the real SmartBill client → the emulator. Invoices are
 * written straight into the database (not through the import), and the emulator's admin API
 * shows what SmartBill received and holds.
 */
import { createServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { Invoice, InvoiceSendResult, LoginResponse } from "../../contract/api";
import { timestamp } from "../../server/db/timestamps";
import { formatSmartBillTime } from "../../server/smartbill/bucharestTime";
import { HTML_ERROR_TEXT } from "../../server/smartbill/emulator/answers";
import type { EmulatorCompanySeed, EmulatorInvoice, EmulatorState, Fault } from "../../server/smartbill/emulator/index";
import { texts } from "../../server/smartbill/emulator/texts";
import { errorTextToPlain } from "../../server/smartbill/errorText";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addWarehouse, emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";

afterAll(removeTemporaryDatabases);

const DEMO_TENANT = 2;


interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  body?: Record<string, unknown>;
}


describeEachDialect("sending an invoice to SmartBill (POST /api/smartbill/invoice/send/{id})", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let otherTenant: LoginResponse;
  let clientId: number;
  let centralId: number;
  /** A port nothing listens on (a server's, just closed), allowed as a SmartBill host. */
  let closedPort: number;

  beforeAll(async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    t = await liveApp(dialect, { env: { SMARTBILL_ALLOWED_HOSTS: `ws.smartbill.ro,127.0.0.1:${closedPort}` } });
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    const otherTenantId = await addTenant(t, "Alt Tenant SRL");
    await addUser(t, { email: "facturare@alt.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("facturare@alt.ro", "parola-alt-1");
    const now = timestamp();
    clientId = (
      await t.db
        .insertInto("customers")
        .values({
          tenantId: DEMO_TENANT,
          clientName: "Client Exemplu SRL",
          cif: "RO12345678",
          regCom: "J40/123/2020",
          codClient: "C001",
          adresa: "Str. Exemplu 1",
          localitate: "Sector 1",
          judet: "Bucuresti",
          banca: "Banca Transilvania",
          iban: "RO49AAAA1B31007593840000",
          tara: "",
          email: "contact@exemplu.ro",
          persContact: "Ion Popescu",
          telefon: "0722000000",
          mentions: null,
          observations: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    centralId = await addWarehouse(t, DEMO_TENANT, "Depozit Central");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  interface NewInvoice {
    tenantId?: number;
    clientId?: number | null;
    draft?: boolean;
    useStock?: boolean;
    seriesName?: string;
    status?: "draft" | "sending" | "sent" | "refused" | "unclear";
    sendSeriesNextNumber?: number | null;
    sendStartedAt?: string | null;
    sentSeries?: string | null;
    sentNumber?: string | null;
    updatedAt?: string;
  }
  interface NewLine {
    name: string;
    code: string;
    quantity: number;
    price: number;
    taxPercentage?: number;
    service?: boolean;
    warehouseName?: string;
  }
  const laptop: NewLine = { name: "Laptop Lenovo ThinkPad E14", code: "PRD001", quantity: 2, price: 3500, warehouseName: "Depozit Central" };

  /** An imported invoice written straight into the database; answers its id. */
  async function addInvoice(fields: NewInvoice = {}, lines: readonly NewLine[] = [laptop]): Promise<number> {
    const now = timestamp();
    const { id } = await t.db
      .insertInto("invoices")
      .values({
        tenantId: fields.tenantId ?? DEMO_TENANT,
        clientId: fields.clientId === undefined ? clientId : fields.clientId,
        warehouseId: centralId,
        issueDate: "2026-08-31",
        dueDays: 14,
        useStock: fields.useStock === false ? 0 : 1,
        mentions: "Comanda 42",
        observations: "Livrare prin curier",
        draft: fields.draft ? 1 : 0,
        saveToDb: 0,
        seriesName: fields.seriesName ?? "SBL",
        currency: "RON",
        language: "RO",
        precision: 2,
        status: fields.status ?? "draft",
        sendSeriesNextNumber: fields.sendSeriesNextNumber ?? null,
        sendStartedAt: fields.sendStartedAt ?? null,
        sentSeries: fields.sentSeries ?? null,
        sentNumber: fields.sentNumber ?? null,
        sentMessage: null,
        sentUrl: null,
        errorText: null,
        sentAt: null,
        createdAt: now,
        updatedAt: fields.updatedAt ?? now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let start = 0; start < lines.length; start += 200) {
      await t.db
        .insertInto("invoice_lines")
        .values(
          lines.slice(start, start + 200).map((line) => ({
            invoiceId: id,
            name: line.name,
            code: line.code,
            quantity: line.quantity,
            price: line.price,
            measuringUnitName: "buc",
            currency: "RON",
            taxName: "Normala",
            taxPercentage: line.taxPercentage ?? 21,
            saveToDb: 0,
            service: line.service ? 1 : 0,
            warehouseName: line.warehouseName ?? "",
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    }
    return id;
  }

  const send = (id: number, session: LoginResponse = invoicing) =>
    t.api("POST", `/api/smartbill/invoice/send/${id}`, { session });
  const stored = (id: number) => t.db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const smartBillInvoices = async () =>
    ((await emulator(t, "GET", "/state")) as EmulatorState).companies[0].invoices as EmulatorInvoice[];
  const requests = async () => ((await emulator(t, "GET", "/requests")) as { requests: LoggedRequest[] }).requests;
  const calls = async () => (await requests()).map((r) => `${r.method} ${r.path}`);
  const fault = (body: Fault) => emulator(t, "POST", "/faults", body);
  /** The demo company's invoice series in the emulator, moved on as if invoices were issued elsewhere. */
  const setNextNumber = async (nextNumber: number) => {
    const state = (await emulator(t, "GET", "/state")) as EmulatorState;
    const companies = structuredClone(state.companies) as unknown as EmulatorCompanySeed[];
    companies[0].series!.find((s) => s.name === "SBL")!.nextNumber = nextNumber;
    await emulator(t, "PUT", "/state", { companies });
  };

  it("sends an invoice: SmartBill numbers it, the invoice is sent and read-only, and SmartBill holds exactly one", async () => {
    const id = await addInvoice();
    const response = await send(id);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<InvoiceSendResult>();
    expect(result.importResult).toEqual({ errorText: "", message: "", number: "0001", series: "SBL", url: "" });
    expect(result.invoice).toMatchObject({ id, status: "sent", sentSeries: "SBL", sentNumber: "0001", errorText: null });
    expect(result.invoice.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(result.invoice.products).toHaveLength(1);

    const row = await stored(id);
    expect(row).toMatchObject({ status: "sent", sendSeriesNextNumber: 1, sentMessage: "", sentUrl: "" });
    const issued = await smartBillInvoices();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ series: "SBL", number: "0001", isDraft: false, client: { name: "Client Exemplu SRL" } });
    // The series was read before the one POST.
    expect(await calls()).toEqual(["GET /series", "POST /invoice/v2"]);
    expect(new URLSearchParams((await requests())[0].query).get("type")).toBe("f");
  });

  it("sends SmartBill the invoice, its client and its lines as SmartBill's flat body", async () => {
    const id = await addInvoice({}, [
      laptop,
      { name: "Monitor Dell 27 inch", code: "PRD002", quantity: 1, price: 1200.5 }, // default warehouse
      { name: "Instalare", code: "SRV01", quantity: 1, price: 150, service: true, warehouseName: "Depozit Central" },
    ]);
    expect((await send(id)).statusCode).toBe(200);
    const post = (await requests()).find((r) => r.method === "POST")!;
    expect(post.body).toEqual({
      companyVatCode: "RO40671760",
      client: {
        name: "Client Exemplu SRL",
        vatCode: "RO12345678",
        regCom: "J40/123/2020",
        address: "Str. Exemplu 1",
        city: "Sector 1",
        county: "Bucuresti",
        country: "Romania",
        email: "contact@exemplu.ro",
        bank: "Banca Transilvania",
        iban: "RO49AAAA1B31007593840000",
        contact: "Ion Popescu",
        phone: "0722000000",
        code: "C001",
        saveToDb: false,
        isTaxPayer: true,
      },
      seriesName: "SBL",
      issueDate: "2026-08-31",
      dueDate: "2026-09-14",
      isDraft: false,
      currency: "RON",
      language: "RO",
      precision: 2,
      mentions: "Comanda 42",
      observations: "Livrare prin curier",
      useStock: true,
      products: [
        {
          name: "Laptop Lenovo ThinkPad E14",
          code: "PRD001",
          measuringUnitName: "buc",
          currency: "RON",
          quantity: 2,
          price: 3500,
          isTaxIncluded: false,
          taxName: "Normala",
          taxPercentage: 21,
          saveToDb: false,
          isService: false,
          warehouseName: "Depozit Central",
        },
        expect.objectContaining({ name: "Monitor Dell 27 inch", price: 1200.5, warehouseName: "Depozit Central" }),
        expect.objectContaining({ name: "Instalare", isService: true }),
      ],
    });
    // SmartBill discharged the stock of the products, not of the service.
    const issued = await smartBillInvoices();
    expect(issued[0].discharged).toEqual([
      { warehouseName: "Depozit Central", code: "PRD001", quantity: 2 },
      { warehouseName: "Depozit Central", code: "PRD002", quantity: 1 },
    ]);
  });

  it("sends no warehouse without stock discharge, and marks a client without an RO code as not a VAT payer", async () => {
    await t.db.updateTable("customers").set({ cif: "12345678" }).where("id", "=", clientId).execute();
    try {
      const id = await addInvoice({ useStock: false });
      expect((await send(id)).statusCode).toBe(200);
      const body = (await requests()).find((r) => r.method === "POST")!.body!;
      expect(body.useStock).toBe(false);
      expect((body.client as Record<string, unknown>).isTaxPayer).toBe(false);
      expect((body.products as Record<string, unknown>[])[0]).not.toHaveProperty("warehouseName");
    } finally {
      await t.db.updateTable("customers").set({ cif: "RO12345678" }).where("id", "=", clientId).execute();
    }
  });

  it("records SmartBill's refusal as a person reads it (HTML errorText): refused, nothing issued, and it can be sent again", async () => {
    const id = await addInvoice();
    await fault({ fault: "errortext-html", path: "/invoice/v2" });
    const response = await send(id);
    expect(response.statusCode, response.body).toBe(200);
    const readable = errorTextToPlain(HTML_ERROR_TEXT);
    expect(readable).not.toMatch(/[<>]/);
    expect(readable).not.toContain("Detalii tehnice");
    const result = response.json<InvoiceSendResult>();
    expect(result.importResult).toEqual({ errorText: readable, message: "", number: "", series: "", url: "" });
    expect(result.invoice).toMatchObject({ status: "refused", errorText: readable, sentSeries: null, sentNumber: null });
    expect(await smartBillInvoices()).toHaveLength(0);

    // Fixed (here: the fault is gone), it goes through, and the refusal is forgotten.
    const again = await send(id);
    expect(again.statusCode).toBe(200);
    expect(again.json<InvoiceSendResult>().invoice).toMatchObject({ status: "sent", sentNumber: "0001", errorText: null });
    expect(await smartBillInvoices()).toHaveLength(1);
  });

  it("keeps every send in the invoice's history: who, the refusal in SmartBill's words, then the number it was issued with", async () => {
    const id = await addInvoice();
    await fault({ fault: "errortext-html", path: "/invoice/v2" });
    await send(id);
    const noClient = await addInvoice({ clientId: null });
    await send(noClient);
    expect((await send(id)).statusCode).toBe(200);
    const history = await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toEqual([
      expect.objectContaining({ action: "send", outcome: "refused", userEmail: "facturare@demo.ro", answer: errorTextToPlain(HTML_ERROR_TEXT), detail: null }),
      expect.objectContaining({ action: "send", outcome: "ok", userEmail: "facturare@demo.ro", detail: { series: "SBL", number: "0001" } }),
    ]);
    const refusedBeforeSmartBill = await t.api("GET", `/api/smartbill/invoice/${noClient}/history`, { session: invoicing });
    expect(refusedBeforeSmartBill.json()).toEqual([expect.objectContaining({ action: "send", outcome: "refused", answer: expect.stringMatching(/client/i) })]);
    // Another tenant's invoice has no history to show.
    expect((await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: otherTenant })).statusCode).toBe(404);
  });

  it("records SmartBill's own validation refusal (an out-of-date VAT rate)", async () => {
    const id = await addInvoice({}, [{ ...laptop, taxPercentage: 19 }]);
    const response = await send(id);
    expect(response.statusCode).toBe(200);
    expect(response.json<InvoiceSendResult>().importResult?.errorText).toBe(
      "Cota tva a produsului Laptop Lenovo ThinkPad E14 nu a fost gasita pe server!",
    );
    expect((await stored(id)).status).toBe("refused");
  });

  it("marks the invoice sent from the series when the connection drops after SmartBill stored it, and never issues it twice", async () => {
    const id = await addInvoice();
    await fault({ fault: "drop-after-store", path: "/invoice/v2" });
    const response = await send(id);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<InvoiceSendResult>();
    expect(result.importResult).toEqual({
      errorText: "",
      message: "Răspunsul SmartBill nu a ajuns, dar seria SBL a avansat: factura a fost emisă cu numărul 0001 (confirmat din serie).",
      number: "0001",
      series: "SBL",
      url: "",
    });
    expect(result.invoice).toMatchObject({ status: "sent", sentSeries: "SBL", sentNumber: "0001" });
    expect(await calls()).toEqual(["GET /series", "POST /invoice/v2", "GET /series"]);

    const again = await send(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Factura a fost deja trimisă (seria SBL, numărul 0001).");
    expect(await smartBillInvoices()).toHaveLength(1);
    expect((await calls()).filter((call) => call === "POST /invoice/v2")).toHaveLength(1);
  });

  it("pads the number confirmed from the series as SmartBill prints it", async () => {
    await setNextNumber(37);
    const id = await addInvoice();
    await fault({ fault: "drop-after-store", path: "/invoice/v2" });
    const response = await send(id);
    expect(response.json<InvoiceSendResult>().invoice).toMatchObject({ status: "sent", sentNumber: "0037" });
    expect((await smartBillInvoices())[0].number).toBe("0037");
  });

  it("on a time-out lets the series decide: not moved → unclear (504); sent again, it re-checks first and then goes through once", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "300");
    const id = await addInvoice();
    await fault({ fault: "timeout", path: "/invoice/v2" });
    // The clock stands still until the test moves it, so "at once" cannot become "300 ms later"
    // on a busy machine. Only Date is faked: the client's time limit runs on real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    const response = await send(id);
    expect(response.statusCode, response.body).toBe(504);
    const { message } = response.json<{ message: string }>();
    expect(message).toMatch(/^Nu se știe dacă SmartBill a emis factura: SmartBill nu a răspuns în 0,3 s \(POST \/invoice\/v2\)\./);
    expect(message).toContain("la o nouă trimitere se verifică mai întâi seria");
    expect(message).not.toContain("verificați în SmartBill seria și ultimul număr");
    expect(await stored(id)).toMatchObject({ status: "unclear", sentSeries: "SBL", sendSeriesNextNumber: 1, sentNumber: null });
    expect(await smartBillInvoices()).toHaveLength(0);

    // At once: SmartBill might still be registering it, so nothing is sent yet.
    const tooSoon = await send(id);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.headers["retry-after"]).toBe("1");
    expect(tooSoon.json().message).toContain("Încercați din nou peste o secundă");
    expect((await stored(id)).status).toBe("unclear");

    vi.setSystemTime(Date.now() + 350);
    await emulator(t, "DELETE", "/requests");
    const again = await send(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<InvoiceSendResult>().importResult).toMatchObject({ number: "0001", series: "SBL", message: "" });
    expect(await calls()).toEqual(["GET /series", "POST /invoice/v2"]);
    expect(await smartBillInvoices()).toHaveLength(1);
  });

  it("on a time-out after SmartBill stored the invoice, confirms it from the series", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "300");
    const id = await addInvoice();
    await fault({ fault: "hang-after-store", path: "/invoice/v2" });
    const response = await send(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvoiceSendResult>().invoice).toMatchObject({ status: "sent", sentSeries: "SBL", sentNumber: "0001" });
    expect(await smartBillInvoices()).toHaveLength(1);
  });

  it("treats an HTML 500 page after the POST as unclear (502), never as a refusal", async () => {
    const id = await addInvoice();
    await fault({ fault: "html500", path: "/invoice/v2" });
    const response = await send(id);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain("Nu se știe dacă SmartBill a emis factura: SmartBill a răspuns cu eroarea HTTP 500");
    expect((await stored(id)).status).toBe("unclear");
  });

  it("sends an unclear invoice whose lost attempt SmartBill did issue no second time: the series confirms it", async () => {
    const id = await addInvoice({ status: "unclear", sentSeries: "SBL", sendSeriesNextNumber: 1, updatedAt: "2026-01-01T00:00:00.000Z" });
    await setNextNumber(2); // the lost attempt took number 1
    const response = await send(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvoiceSendResult>().invoice).toMatchObject({ status: "sent", sentSeries: "SBL", sentNumber: "0001" });
    expect(await calls()).toEqual(["GET /series"]);
  });

  it("checks the series of the lost attempt even when the form changed since (other series, no lines left)", async () => {
    const id = await addInvoice(
      { seriesName: "ALTA", status: "unclear", sentSeries: "SBL", sendSeriesNextNumber: 5, updatedAt: "2026-01-01T00:00:00.000Z" },
      [],
    );
    await setNextNumber(6);
    const response = await send(id);
    expect(response.json<InvoiceSendResult>().invoice).toMatchObject({ status: "sent", sentSeries: "SBL", sentNumber: "0005" });
    expect(await smartBillInvoices()).toHaveLength(0);
  });

  it("takes over a send left 'sending' by a dead process as unclear, and answers 409 to one still in progress", async () => {
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    const abandoned = await addInvoice({ status: "sending", sendStartedAt: old, sentSeries: "SBL", sendSeriesNextNumber: 1, updatedAt: old });
    await setNextNumber(2);
    const response = await send(abandoned);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InvoiceSendResult>().invoice).toMatchObject({ status: "sent", sentNumber: "0001" });

    const running = await addInvoice({ status: "sending", sendStartedAt: timestamp() });
    const busy = await send(running);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe("Factura se trimite chiar acum către SmartBill. Așteptați rezultatul, apoi reîncărcați pagina.");
    expect((await stored(running)).status).toBe("sending");
  });

  it("sends once when the button is pressed several times at once: one SmartBill invoice, the others 409", async () => {
    await emulator(t, "PUT", "/settings", { delays: { series: 50 } });
    const id = await addInvoice();
    const responses = await Promise.all(Array.from({ length: 5 }, () => send(id)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(await smartBillInvoices()).toHaveLength(1);
    expect((await calls()).filter((call) => call === "POST /invoice/v2")).toHaveLength(1);
    expect((await stored(id)).status).toBe("sent");
  });

  it("refuses to send a sent invoice again (409 with its series and number)", async () => {
    const id = await addInvoice({ status: "sent", sentSeries: "SBL", sentNumber: "0042" });
    const response = await send(id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Factura a fost deja trimisă (seria SBL, numărul 0042).");
    expect(await calls()).toEqual([]);
  });

  it("sends a SmartBill draft: no number, the series stays, and it is not sent twice", async () => {
    const id = await addInvoice({ draft: true });
    const response = await send(id);
    expect(response.statusCode).toBe(200);
    expect(response.json<InvoiceSendResult>().invoice).toMatchObject({ status: "sent", sentSeries: "SBL", sentNumber: "" });
    expect(await stored(id)).toMatchObject({ sendSeriesNextNumber: null });
    const again = await send(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Factura a fost deja trimisă ca ciornă în seria SBL.");
    expect(await smartBillInvoices()).toEqual([expect.objectContaining({ isDraft: true, number: "" })]);
  });

  it("marks a draft whose answer was lost unclear, with advice, since the series cannot tell", async () => {
    const id = await addInvoice({ draft: true });
    await fault({ fault: "drop-after-store", path: "/invoice/v2" });
    const response = await send(id);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Nu se știe dacă SmartBill a creat ciorna: .*verificați ciornele în SmartBill/);
    expect(await stored(id)).toMatchObject({ status: "unclear", sentSeries: "SBL", sendSeriesNextNumber: null });
  });

  it("refuses before calling SmartBill: no client, client gone, no lines, too many lines; the invoice stays as it was", async () => {
    const cases: [number, string][] = [
      [await addInvoice({ clientId: null }), "Factura nu are un client. Alegeți clientul în „Date factură”, apoi trimiteți-o din nou."],
      [
        await addInvoice({ clientId: 999_999 }),
        "Clientul facturii nu mai există în lista de clienți. Alegeți un client în „Date factură”, apoi trimiteți-o din nou.",
      ],
      [await addInvoice({}, []), "Factura nu are produse. Adăugați cel puțin un produs în „Produse”, apoi trimiteți-o din nou."],
      [
        await addInvoice({ status: "refused" }, Array.from({ length: 401 }, (_, i) => ({ ...laptop, code: `P${i}` }))),
        "Factura are 401 produse, dar SmartBill acceptă cel mult 400 pe un document. Împărțiți produsele în mai multe facturi.",
      ],
    ];
    for (const [id, message] of cases) {
      const before = await stored(id);
      const response = await send(id);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await stored(id)).toEqual(before);
    }
    expect(await calls()).toEqual([]);
  });

  it("refuses a series SmartBill does not have, naming the ones it has", async () => {
    const id = await addInvoice({ seriesName: "XYZ" });
    const response = await send(id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "Seria „XYZ” nu există în SmartBill pentru facturi. Seriile de facturi din SmartBill: SBL. Alegeți o serie existentă în „Date factură”.",
    );
    expect((await stored(id)).status).toBe("draft");
    expect(await calls()).toEqual(["GET /series"]);
  });

  it("puts the status back when SmartBill cannot be asked: settings incomplete, token locked out", async () => {
    const id = await addInvoice({ status: "refused" });
    await t.db.updateTable("properties").set({ value: "" }).where("tenantId", "=", DEMO_TENANT).where("name", "=", "smartbill.token").execute();
    const token = "demo-smartbill-token-0001";
    try {
      const response = await send(id);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        "Factura nu a fost trimisă: Configurarea SmartBill este incompletă: lipsește setarea smartbill.token.",
      );
      expect((await stored(id)).status).toBe("refused");
    } finally {
      await t.db.updateTable("properties").set({ value: token }).where("tenantId", "=", DEMO_TENANT).where("name", "=", "smartbill.token").execute();
    }

    // SmartBill answers the POST itself with its lockout (another program used up the token's calls).
    await fault({ fault: "errortext-200", path: "/invoice/v2", status: 403, text: texts.lockout(10, formatSmartBillTime(Date.now())) });
    const locked = await send(id);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Factura nu a fost trimisă: /);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stored(id)).toMatchObject({ status: "refused", sentSeries: null, sendSeriesNextNumber: null });
    expect(await smartBillInvoices()).toHaveLength(0);

    // Locked here too, now: refused before anything leaves.
    await emulator(t, "DELETE", "/requests");
    expect((await send(id)).statusCode).toBe(429);
    expect(await calls()).toEqual([]);
    expect((await stored(id)).status).toBe("refused");
  });

  it("puts the status back when SmartBill cannot be reached (502), and says nothing was sent", async () => {
    const id = await addInvoice();
    const url = await t.db
      .selectFrom("properties")
      .select("value")
      .where("tenantId", "=", DEMO_TENANT)
      .where("name", "=", "smartbill.url")
      .executeTakeFirstOrThrow();
    const setUrl = (value: string) =>
      t.db.updateTable("properties").set({ value }).where("tenantId", "=", DEMO_TENANT).where("name", "=", "smartbill.url").execute();
    await setUrl(`https://127.0.0.1:${closedPort}/SBORO/api`);
    try {
      const response = await send(id);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/^Factura nu a fost trimisă: Nu s-a putut comunica cu SmartBill .*conexiunea a fost refuzată/);
      expect(await stored(id)).toMatchObject({ status: "draft", sendStartedAt: null, sentSeries: null });
    } finally {
      await setUrl(url.value);
    }
  });

  it("is for the invoicing role: an admin gets 403", async () => {
    const id = await addInvoice();
    const response = await send(id, admin);
    expect(response.statusCode).toBe(403);
    expect((await stored(id)).status).toBe("draft");
  });

  it("answers 404 for another tenant's invoice and for an unknown one, and 400 for a bad id", async () => {
    const id = await addInvoice();
    const response = await send(id, otherTenant);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Factura nu a fost găsită.");
    expect((await stored(id)).status).toBe("draft");
    expect((await send(2_000_000_000)).statusCode).toBe(404);
    expect((await t.api("POST", "/api/smartbill/invoice/send/abc", { session: invoicing })).statusCode).toBe(400);
    expect(await calls()).toEqual([]);
  });

  it("ignores a body, JSON or not", async () => {
    const id = await addInvoice();
    const response = await t.api("POST", `/api/smartbill/invoice/send/${id}`, {
      session: invoicing,
      body: "",
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ invoice: Invoice }>().invoice.status).toBe("sent");
  });
});
