/**
 * The buyer check before a send: GET /api/smartbill/invoice/{id}/buyer-check answers what
 * e-Factura would refuse of the invoice's customer (contract/buyerProblems.ts, unit-tested
 * beside it), and POST /send/{id} with `{acceptBuyerProblems: true}` (the screen's 'Trimite
 * oricum') records in the invoice's history the problems it went ahead despite. Without the flag
 * the send is as it was. The app in demo mode with its SmartBill emulator on a real port.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { BuyerCheck, InvoiceEvent, LoginResponse } from "../../contract/api";
import type { CustomerFields } from "../../contract/api";
import { timestamp } from "../../server/db/timestamps";
import { invoiceBuyerCheck } from "../../server/routes/api/invoices/buyerCheck";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const DEMO_TENANT = 2;

const CLUJ: CustomerFields = {
  clientName: "Alfa Construct SA",
  cif: "18547290",
  regCom: "J12/55/2019",
  codClient: "C-CLUJ",
  adresa: "Bd. Eroilor 3",
  localitate: "Cluj-Napoca",
  judet: "Cluj",
  banca: "",
  iban: "",
  tara: "Romania",
  email: "",
  persContact: "Ana Pop",
  telefon: "0264000000",
};
/** In Bucharest, with no sector: e-Factura refuses it (BR-RO-101). */
const BUCHAREST_NO_SECTOR: CustomerFields = {
  ...CLUJ,
  clientName: "Șervețele Țesute SRL",
  cif: "RO18547290",
  codClient: "C-BUC",
  adresa: "Str. Păcii 1",
  localitate: "București",
  judet: "București",
};
const SECTOR_MESSAGE =
  "Clientul este în București, dar localitatea „București” nu spune sectorul: scrieți în „Localitate” sectorul, de la 1 la 6 (de exemplu „Sector 3”).";

describeEachDialect("the buyer check before a send (GET /api/smartbill/invoice/{id}/buyer-check)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let otherTenant: LoginResponse;
  let clujId: number;
  let bucharestId: number;

  async function addCustomer(fields: CustomerFields, tenantId = DEMO_TENANT): Promise<number> {
    const now = timestamp();
    return (
      await t.db
        .insertInto("customers")
        .values({ tenantId, ...fields, mentions: null, observations: null, createdAt: now, updatedAt: now })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  }

  /** An imported invoice of one line, written straight into the database. */
  async function addInvoice(clientId: number | null, tenantId = DEMO_TENANT): Promise<number> {
    const now = timestamp();
    const { id } = await t.db
      .insertInto("invoices")
      .values({
        tenantId,
        clientId,
        warehouseId: null,
        issueDate: now.slice(0, 10),
        dueDays: 14,
        useStock: 0,
        draft: 0,
        saveToDb: 0,
        seriesName: "SBL",
        currency: "RON",
        language: "RO",
        precision: 2,
        sendSeriesNextNumber: null,
        sendStartedAt: null,
        sentSeries: null,
        sentNumber: null,
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
        name: "Consultanță",
        code: "SRV01",
        quantity: 1,
        price: 100,
        measuringUnitName: "buc",
        currency: "RON",
        taxName: "Normala",
        taxPercentage: 21,
        saveToDb: 0,
        service: 1,
        warehouseName: "",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return id;
  }

  const check = (id: number, session = invoicing) => t.api("GET", `/api/smartbill/invoice/${id}/buyer-check`, { session });
  const history = async (id: number) =>
    (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing })).json<InvoiceEvent[]>();
  const status = async (id: number) => (await t.db.selectFrom("invoices").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    t = await liveApp(dialect);
    invoicing = await t.signIn("facturare@demo.ro");
    const otherTenantId = await addTenant(t, "Alt Tenant SRL");
    await addUser(t, { email: "facturare@alt.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("facturare@alt.ro", "parola-alt-1");
    clujId = await addCustomer(CLUJ);
    bucharestId = await addCustomer(BUCHAREST_NO_SECTOR);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
  });

  it("answers no problem for a complete customer", async () => {
    const id = await addInvoice(clujId);
    const response = await check(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BuyerCheck>()).toEqual({ customerId: clujId, problems: [] });
  });

  it("names a Bucharest customer's missing sector, at the locality, in Romanian", async () => {
    const id = await addInvoice(bucharestId);
    expect((await check(id)).json<BuyerCheck>()).toEqual({
      customerId: bucharestId,
      problems: [{ field: "localitate", code: "sectorMissing", message: SECTOR_MESSAGE }],
    });
  });

  it("says so when the invoice has no customer", async () => {
    const id = await addInvoice(null);
    expect((await check(id)).json<BuyerCheck>()).toEqual({
      customerId: null,
      problems: [{ field: null, code: "customerMissing", message: "Factura nu are client: alegeți clientul în câmpul „Client” al facturii." }],
    });
  });

  it("answers 404 for another tenant's invoice and for one that does not exist", async () => {
    const id = await addInvoice(bucharestId);
    const foreign = await check(id, otherTenant);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: "Factura nu a fost găsită." });
    expect((await check(999_999)).statusCode).toBe(404);
  });

  it("takes ANAF's last known state through its hook: an inactive company checked an hour ago is named", async () => {
    const id = await addInvoice(clujId);
    const checkedAt = new Date(Date.now() - 3_600_000).toISOString();
    const asked: string[] = [];
    const answer = await invoiceBuyerCheck(t.db, { tenantId: DEMO_TENANT, documentType: "invoice" }, id, async (_db, cui) => {
      asked.push(cui);
      return { state: "inactive", checkedAt };
    });
    expect(asked).toEqual(["18547290"]);
    expect(answer?.problems.map((problem) => problem.code)).toEqual(["anafInactive"]);
    // The route's hook knows no ANAF state yet.
    expect((await check(id)).json<BuyerCheck>().problems).toEqual([]);
  });

  it("sends despite the buyer's problems when asked to, and names them in the history beside the send", async () => {
    const id = await addInvoice(bucharestId);
    const response = await t.api("POST", `/api/smartbill/invoice/send/${id}`, { session: invoicing, body: { acceptBuyerProblems: true } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await status(id)).toBe("sent");
    const events = await history(id);
    expect(events.map((event) => [event.action, event.outcome])).toEqual([
      ["buyerProblemsAccepted", "ok"],
      ["send", "ok"],
    ]);
    expect(events[0]).toMatchObject({
      userEmail: "facturare@demo.ro",
      answer: `Trimisă deși clientul are o problemă pentru e-Factura: ${SECTOR_MESSAGE}`,
      detail: { problems: [{ field: "localitate", code: "sectorMissing", message: SECTOR_MESSAGE }] },
    });
  });

  it("records nothing more when the flag is set but the buyer has no problem", async () => {
    const id = await addInvoice(clujId);
    const response = await t.api("POST", `/api/smartbill/invoice/send/${id}`, { session: invoicing, body: { acceptBuyerProblems: true } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await history(id)).map((event) => event.action)).toEqual(["send"]);
  });

  it("sends as before without the flag, with no body, an empty JSON body, {} or a body that is not JSON", async () => {
    const bodies: { body?: string | object; headers?: Record<string, string> }[] = [
      {},
      { body: "", headers: { "content-type": "application/json" } },
      { body: {} },
      { body: { acceptBuyerProblems: false } },
      { body: "trimite", headers: { "content-type": "text/plain" } },
    ];
    for (const call of bodies) {
      const id = await addInvoice(bucharestId);
      const response = await t.api("POST", `/api/smartbill/invoice/send/${id}`, { session: invoicing, ...call });
      expect([JSON.stringify(call), response.statusCode], response.body).toEqual([JSON.stringify(call), 200]);
      expect(await status(id)).toBe("sent");
      expect((await history(id)).map((event) => event.action)).toEqual(["send"]);
    }
  });

  it("refuses a flag that is not true or false, sending nothing", async () => {
    const id = await addInvoice(bucharestId);
    const response = await t.api("POST", `/api/smartbill/invoice/send/${id}`, { session: invoicing, body: { acceptBuyerProblems: "da" } });
    expect(response.statusCode).toBe(400);
    expect(await status(id)).toBe("draft");
    expect(await history(id)).toEqual([]);
  });
});
