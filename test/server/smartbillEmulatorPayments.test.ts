/**
 * The SmartBill emulator's payments and the places where it followed its own words rather than
 * SmartBill's 2026 document (../shared/spec/smartbill-api.md §4.2, §10.c–10.f, §10.h): a fiscal
 * receipt (Bon) with its flat received* amounts, number and printer text, GET /payment/text,
 * a payment that takes its client and value from the invoice, the texts of /payment, DELETE
 * /payment/v2 and /payment/chitanta, paid:false on paymentstatus refusals, the stock at a past
 * date, the demo company's receipt series. Each refusal in SmartBill's exact words.
 */
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEMO_SMARTBILL_CIF,
  DEMO_SMARTBILL_TOKEN,
  DEMO_SMARTBILL_USERNAME,
  type EmulatorCompanySeed,
  type EmulatorState,
  type SmartBillEmulatorOptions,
  smartBillEmulator,
} from "../../server/smartbill/emulator/index";

const API = "/sb/SBORO/api";
const CIF = DEMO_SMARTBILL_CIF;

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function emulator(options: SmartBillEmulatorOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.register(smartBillEmulator, { prefix: "/sb", ...options });
  await app.ready();
  apps.push(app);
  return app;
}

const authorization = `Basic ${Buffer.from(`${DEMO_SMARTBILL_USERNAME}:${DEMO_SMARTBILL_TOKEN}`).toString("base64")}`;

function call(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  { query, body }: { query?: Record<string, string>; body?: unknown } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${API}${path}`,
    query,
    headers: {
      authorization,
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const client = { name: "Client SRL", vatCode: "RO12345678", country: "Romania" };
const laptop = { name: "Laptop Lenovo ThinkPad E14", code: "PRD001", measuringUnitName: "buc", taxName: "Normala", taxPercentage: 21 };

/** Issues an invoice of 121 lei (one laptop at 100 + 21 % VAT) and returns its number. */
async function issue(app: FastifyInstance, extra: Record<string, unknown> = {}, line: Record<string, unknown> = {}) {
  const response = await call(app, "POST", "/invoice", {
    body: {
      companyVatCode: CIF,
      seriesName: "SBL",
      issueDate: "2026-09-01",
      client,
      products: [{ ...laptop, quantity: 1, price: 100, ...line }],
      ...extra,
    },
  });
  expect(response.json().errorText).toBe("");
  return response.json<{ number: string }>().number;
}

const on = (number: string) => ({ invoicesList: [{ seriesName: "SBL", number }] });
const pay = (app: FastifyInstance, body: Record<string, unknown>) =>
  call(app, "POST", "/payment", { body: { companyVatCode: CIF, type: "Ordin plata", issueDate: "2026-09-02", isCash: false, ...body } });
const status = (app: FastifyInstance, number: string) =>
  call(app, "GET", "/invoice/paymentstatus", { query: { cif: CIF, seriesname: "SBL", number } });
const state = async (app: FastifyInstance) => (await app.inject({ method: "GET", url: "/sb/__emulator/state" })).json<EmulatorState>();
const errorText = (response: LightMyRequestResponse) => response.json<{ errorText: string }>().errorText;

/** A fiscal receipt as SmartBill's Postman collection shapes one: flat received* amounts. */
function bon(extra: Record<string, unknown> = {}) {
  return {
    type: "Bon",
    client: { name: client.name, vatCode: client.vatCode },
    value: 10,
    observation: "obs",
    useStock: false,
    products: [{ name: "Produs 1", measuringUnitName: "buc", currency: "RON", quantity: 1, price: 10, isTaxIncluded: true, taxName: "Normala", taxPercentage: 21 }],
    receivedCash: 5,
    receivedCard: 5,
    receivedTicheteMasa: 0,
    receivedTicheteCadou: 0,
    receivedOrdinDePlata: 0,
    receivedCec: 0,
    receivedCredit: 0,
    receivedCupon: 0,
    receivedPuncteDeFidelitate: 0,
    receivedBonuriValoareFixa: 0,
    receivedMonedaAlternativa: 0,
    ...extra,
  };
}

describe("the SmartBill emulator: a fiscal receipt (POST /payment type Bon, GET /payment/text)", () => {
  it("takes the flat received* amounts and answers {errorText, id, number} with the printer text in Base64 when asked", async () => {
    const app = await emulator();
    const response = await pay(app, bon({ returnFiscalPrinterText: true }));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ errorText: string; id: string; number: string; message: string }>();
    expect(Object.keys(answer).sort()).toEqual(["errorText", "id", "message", "number"]);
    expect(answer).toMatchObject({ errorText: "", number: "1" });
    expect(answer.id).toMatch(/^\d+$/);
    const printed = Buffer.from(answer.message, "base64").toString("utf8");
    expect(printed).toContain("Produs 1");
    // Both means of payment handed over, on the receipt.
    expect(printed).toContain(";0;5.00;");
    expect(printed).toContain(";1;5.00;");
  });

  it("sends no message without returnFiscalPrinterText, and numbers the next receipt on", async () => {
    const app = await emulator();
    await pay(app, bon());
    const second = (await pay(app, bon())).json();
    expect(Object.keys(second).sort()).toEqual(["errorText", "id", "number"]);
    expect(second.number).toBe("2");
  });

  it("refuses a nested received object as SmartBill's mapping does", async () => {
    const app = await emulator();
    const response = await pay(app, { ...bon(), received: { cash: 10 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: "invalid_request_error",
      errors: [{ code: "json_mapping_error", message: "Unrecognized property: received.", param: "received" }],
    });
  });

  it("refuses a product at 19 %, a rate that no longer exists in 2026, and records nothing", async () => {
    const app = await emulator();
    const product = { ...bon().products[0], taxPercentage: 19 };
    const response = await pay(app, bon({ products: [product] }));
    expect(response.statusCode).toBe(400);
    expect(errorText(response)).toBe("Cota tva a produsului Produs 1 nu a fost gasita pe server!");
    expect((await state(app)).companies[0].payments).toEqual([]);
  });

  it("answers the receipt's text by its id, and a Tomcat 500 page for an id that names none", async () => {
    const app = await emulator();
    const issued = (await pay(app, bon({ returnFiscalPrinterText: true }))).json();
    const text = await call(app, "GET", "/payment/text", { query: { cif: CIF, id: issued.id } });
    expect(text.statusCode).toBe(200);
    expect(text.json()).toEqual({ errorText: "", message: issued.message });
    const bad = await call(app, "GET", "/payment/text", { query: { cif: CIF, id: "1384" } });
    expect(bad.statusCode).toBe(500);
    expect(bad.headers["content-type"]).toMatch(/^text\/html/);
    expect(bad.body).toContain("HTTP Status 500");
  });

  it("answers GET only on /payment/text (405 with Allow)", async () => {
    const app = await emulator();
    const response = await call(app, "POST", "/payment/text", { body: {} });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET");
  });
});

describe("the SmartBill emulator: POST /payment in SmartBill's words", () => {
  it("takes the client and the whole unpaid value from the invoice with useInvoiceDetails and no client", async () => {
    const app = await emulator();
    const number = await issue(app);
    const response = await pay(app, { useInvoiceDetails: true, invoicesList: { seriesName: "SBL", number } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().errorText).toBe("");
    expect((await status(app, number)).json()).toMatchObject({ paidAmount: 121, unpaidAmount: 0, paid: true });
    expect((await state(app)).companies[0].payments[0]).toMatchObject({ clientName: "Client SRL", clientCif: "RO12345678", value: 121 });
  });

  it("refuses a payment without a client when the invoice's details are not used, with SmartBill's text", async () => {
    const app = await emulator();
    const number = await issue(app);
    const response = await pay(app, { value: 10, ...on(number) });
    expect(response.statusCode).toBe(400);
    expect(errorText(response)).toBe(
      "Datele clientului trebuie specificate. Ele se preiau din factura doar in cazul in care usePaymentDetails = true.",
    );
  });

  it("refuses an unknown invoice, a cancelled one and an unknown receipt series with SmartBill's texts, changing nothing", async () => {
    const app = await emulator();
    const number = await issue(app);
    const cancelled = await issue(app);
    await call(app, "PUT", "/invoice/cancel", { query: { cif: CIF, seriesname: "SBL", number: cancelled } });
    const cases: [Record<string, unknown>, string][] = [
      [{ client, value: 1, ...on("0099") }, "Factura nu a fost gasita!"],
      [
        { client, value: 1, ...on(cancelled) },
        "Factura SBL0002 este anulata, nu o puteti incasa. Restaurati intai factura sau emiteti incasarea independent de factura.",
      ],
      [
        { client, value: 1, type: "Chitanta", isCash: true, seriesName: "XX", ...on(number) },
        "Seria nu a fost gasita! Folositi o serie creata in contul de cloud.",
      ],
    ];
    for (const [body, text] of cases) {
      const response = await pay(app, body);
      expect(response.statusCode, text).toBe(400);
      expect(errorText(response)).toBe(text);
    }
    expect((await state(app)).companies[0].payments).toEqual([]);
  });

  it("issues a Chitanta from the demo company's own receipt series, CH", async () => {
    const app = await emulator();
    const number = await issue(app);
    const series = await call(app, "GET", "/series", { query: { cif: CIF, type: "c" } });
    expect(series.json().list).toEqual([{ name: "CH", nextNumber: 1, type: "c" }]);
    const receipt = await pay(app, { client, type: "Chitanta", seriesName: "CH", isCash: true, value: 21, ...on(number) });
    expect(receipt.json()).toMatchObject({ errorText: "", series: "CH", number: "0001" });
  });

  it("refuses a document of discounts only with SmartBill's whole text", async () => {
    const app = await emulator();
    const response = await call(app, "POST", "/invoice", {
      body: {
        companyVatCode: CIF,
        seriesName: "SBL",
        client,
        products: [{ name: "Discount", isDiscount: true, numberOfItems: 1, discountType: 2, discountPercentage: 5 }],
      },
    });
    expect(errorText(response)).toBe("Nu poti sa emiti un document care contine doar un discount. Trebuie sa ai si produse / servicii adaugate.");
  });
});

describe("the SmartBill emulator: deleting payments (DELETE /payment/v2, /payment/chitanta)", () => {
  const receiptsCompany: EmulatorCompanySeed = {
    cif: CIF,
    series: [
      { name: "SBL", type: "f", nextNumber: 1 },
      { name: "CH", type: "c", nextNumber: 1 },
    ],
  };

  it("does not delete a receipt or a fiscal receipt through /payment/v2: SmartBill's text naming the types it takes", async () => {
    const app = await emulator({ companies: [receiptsCompany] });
    const number = await issue(app);
    await pay(app, { client, type: "Chitanta", seriesName: "CH", isCash: true, value: 10, ...on(number) });
    for (const paymentType of ["Chitanta", "Bon"]) {
      const response = await call(app, "DELETE", "/payment/v2", {
        query: { cif: CIF, paymentType, invoiceSeries: "SBL", invoiceNumber: number },
      });
      expect(response.statusCode).toBe(400);
      expect(errorText(response)).toBe(
        "Tipul incasarii (paymentType) poate fi 'Card', 'CEC', 'Bilet ordin', 'Ordin plata', 'Mandat postal', 'Alta incasare'.",
      );
    }
    expect((await state(app)).companies[0].payments).toHaveLength(1);
  });

  it("names the missing number, then the missing series, of a receipt to delete", async () => {
    const app = await emulator({ companies: [receiptsCompany] });
    const noNumber = await call(app, "DELETE", "/payment/chitanta", { query: { cif: CIF, seriesname: "CH" } });
    expect(errorText(noNumber)).toBe("Numarul chitantei trebuie specificat in url in parametrul 'number'!");
    const noSeries = await call(app, "DELETE", "/payment/chitanta", { query: { cif: CIF, number: "0001" } });
    expect(errorText(noSeries)).toBe("Seria chitantei trebuie specificata in url in parametrul 'seriesname'!");
  });

  it("deletes only the last receipt of its series (403 as invoices)", async () => {
    const app = await emulator({ companies: [receiptsCompany] });
    const number = await issue(app);
    await pay(app, { client, type: "Chitanta", seriesName: "CH", isCash: true, value: 10, ...on(number) });
    await pay(app, { client, type: "Chitanta", seriesName: "CH", isCash: true, value: 10, ...on(number) });
    const first = await call(app, "DELETE", "/payment/chitanta", { query: { cif: CIF, seriesname: "CH", number: "0001" } });
    expect(first.statusCode).toBe(403);
    expect(errorText(first)).toBe("Nu poti sterge documentul cu seria si numarul CH 0001, deoarece nu este ultimul din serie!");
    const last = await call(app, "DELETE", "/payment/chitanta", { query: { cif: CIF, seriesname: "CH", number: "0002" } });
    expect(last.json().message).toBe("Chitanta cu seria si numarul CH0002 a fost stearsa cu succes.");
  });
});

describe("the SmartBill emulator: GET /invoice/paymentstatus refusals", () => {
  it("carries paid:false in the 400 body, as SmartBill's examples do", async () => {
    const app = await emulator();
    const noNumber = await call(app, "GET", "/invoice/paymentstatus", { query: { cif: CIF, seriesname: "SBL" } });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json()).toMatchObject({ errorText: "Numarul facturii trebuie specificat", paid: false });
    const unknown = await status(app, "0099");
    expect(unknown.json()).toMatchObject({ errorText: "Factura nu a fost gasita", paid: false });
  });
});

describe("the SmartBill emulator: cancelling a reversed invoice", () => {
  it("refuses in SmartBill's words for a reversed invoice, and keeps the stock the storno gave back", async () => {
    const app = await emulator();
    const number = await issue(app, { useStock: true }, { warehouseName: "Magazin Cluj" });
    await call(app, "POST", "/invoice/reverse", { body: { companyVatCode: CIF, seriesName: "SBL", number, issueDate: "2026-09-01" } });
    const response = await call(app, "PUT", "/invoice/cancel", { query: { cif: CIF, seriesname: "SBL", number } });
    expect(response.statusCode).toBe(400);
    expect(errorText(response)).toBe("Factura este deja stornata.");
  });
});

describe("the SmartBill emulator: GET /stocks as of a date", () => {
  const laptopsInCluj = async (app: FastifyInstance, date: string) => {
    const response = await call(app, "GET", "/stocks", {
      query: { cif: CIF, date, warehouseName: "Magazin Cluj", productCode: "PRD001" },
    });
    return response.json().list[0]?.products[0]?.quantity ?? 0;
  };

  it("answers the stock before a discharge for a date before it, and after it from its date on", async () => {
    const app = await emulator();
    const before = await laptopsInCluj(app, "2026-09-01");
    await issue(app, { useStock: true, issueDate: "2026-09-10" }, { quantity: 3, warehouseName: "Magazin Cluj" });
    expect(await laptopsInCluj(app, "2026-09-09")).toBe(before);
    expect(await laptopsInCluj(app, "2026-09-10")).toBe(before - 3);
    expect(await laptopsInCluj(app, "2026-12-31")).toBe(before - 3);
  });

  it("counts a storno from its own date, and a cancelled invoice for no date", async () => {
    const app = await emulator();
    const before = await laptopsInCluj(app, "2026-09-01");
    const reversed = await issue(app, { useStock: true, issueDate: "2026-09-10" }, { quantity: 2, warehouseName: "Magazin Cluj" });
    await call(app, "POST", "/invoice/reverse", {
      body: { companyVatCode: CIF, seriesName: "SBL", number: reversed, issueDate: "2026-09-20" },
    });
    expect(await laptopsInCluj(app, "2026-09-15")).toBe(before - 2);
    expect(await laptopsInCluj(app, "2026-09-20")).toBe(before);
    const cancelled = await issue(app, { useStock: true, issueDate: "2026-09-12" }, { quantity: 1, warehouseName: "Magazin Cluj" });
    await call(app, "PUT", "/invoice/cancel", { query: { cif: CIF, seriesname: "SBL", number: cancelled } });
    expect(await laptopsInCluj(app, "2026-09-15")).toBe(before - 2);
    expect(await laptopsInCluj(app, "2026-09-11")).toBe(before - 2);
  });
});
