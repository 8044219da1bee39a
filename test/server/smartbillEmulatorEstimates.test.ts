/**
 * The SmartBill emulator's proformas (../shared/spec/smartbill-api.md §4.1, §10.b, §10.h D1 D8
 * D9 D10): POST /estimate and /estimate/v2, the proforma's PDF, cancel, restore and delete,
 * GET /estimate/invoices, an invoice issued from a proforma (useEstimateDetails), e-mailing a
 * proforma through /document/send, and the faults on these routes. Every answer in SmartBill's
 * own words. Driven with inject(), except the faults, which drop or hold a real connection.
 */
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEMO_SMARTBILL_CIF,
  DEMO_SMARTBILL_TOKEN,
  DEMO_SMARTBILL_USERNAME,
  type EmulatorInvoice,
  type EmulatorState,
  type Fault,
  type SmartBillEmulatorOptions,
  smartBillEmulator,
} from "../../server/smartbill/emulator/index";

const API = "/sb/SBORO/api";
const ADMIN = "/sb/__emulator";
const CIF = DEMO_SMARTBILL_CIF;
/** The demo company's proforma series (type p) and invoice series (type f). */
const PF = "SBL-PF";
const INVOICE_SERIES = "SBL";

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

type Method = "GET" | "POST" | "PUT" | "DELETE";

function call(
  app: FastifyInstance,
  method: Method,
  path: string,
  { query, body, headers }: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${API}${path}`,
    query,
    headers: {
      authorization,
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** A proforma's body as SmartBill's Postman collection sends it: lines under `products`. */
function proforma(overrides: Record<string, unknown> = {}, product: Record<string, unknown> = {}) {
  return {
    companyVatCode: CIF,
    seriesName: PF,
    issueDate: "2026-08-31",
    dueDate: "2026-09-15",
    isDraft: false,
    client: { name: "Client SRL", country: "Romania", vatCode: "RO12345678", email: "contabil@client.ro", saveToDb: false },
    products: [
      {
        name: "Laptop Lenovo ThinkPad E14",
        code: "PRD001",
        isDiscount: false,
        measuringUnitName: "buc",
        currency: "RON",
        quantity: 2,
        price: 100,
        isTaxIncluded: false,
        taxName: "Normala",
        taxPercentage: 21,
        saveToDb: false,
        isService: false,
        ...product,
      },
    ],
    ...overrides,
  };
}

/** The invoice from a proforma, as the Postman collection's "Emitere factura pe baza de proforma". */
function fromProforma(number: string, overrides: Record<string, unknown> = {}, estimate: Record<string, unknown> = {}) {
  return {
    companyVatCode: CIF,
    isDraft: false,
    issueDate: "2026-09-01",
    dueDate: "2026-09-01",
    seriesName: INVOICE_SERIES,
    useStock: false,
    useEstimateDetails: true,
    estimate: { seriesName: PF, number, ...estimate },
    ...overrides,
  };
}

/** Issues a proforma and returns its number ("0001"). */
async function issueProforma(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const response = await call(app, "POST", "/estimate/v2", { body: proforma(overrides) });
  expect(response.statusCode).toBe(200);
  expect(response.json().errorText).toBe("");
  return response.json<{ number: string }>().number;
}

const ref = (number: string, series = PF) => ({ cif: CIF, seriesname: series, number });
const state = async (app: FastifyInstance): Promise<EmulatorState> =>
  (await app.inject({ method: "GET", url: `${ADMIN}/state` })).json();
const errorText = (response: LightMyRequestResponse) => response.json<{ errorText: string }>().errorText;
const seriesNext = async (app: FastifyInstance, name: string) =>
  (await state(app)).companies[0].series.find((s) => s.name === name)?.nextNumber;

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

describe("the SmartBill emulator: issuing a proforma (POST /estimate/v2, POST /estimate)", () => {
  it("numbers it in the proforma series and answers /estimate/v2 with the document's id and links", async () => {
    const app = await emulator();
    const response = await call(app, "POST", "/estimate/v2", { body: proforma() });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ errorText: "", message: "", number: "0001", series: PF, url: "" });
    expect(answer.documentId).toEqual(expect.any(Number));
    expect(answer.documentUrl).toMatch(new RegExp(`^http://localhost(:80)?/sb/documente/editare/estimate/${answer.documentId}/$`));
    expect(answer.documentViewUrl).toMatch(/^http:\/\/localhost(:80)?\/sb\/documente\/extern\/pf\/proforma\/[0-9a-f]{32}\?srvid=2$/);

    const company = (await state(app)).companies[0];
    expect(company.estimates).toHaveLength(1);
    expect(company.estimates[0]).toMatchObject({ series: PF, number: "0001", total: 242, documentId: answer.documentId });
    // A proforma is not an invoice: the invoice series and list are untouched.
    expect(company.invoices).toEqual([]);
    expect(company.series.find((s) => s.name === PF)?.nextNumber).toBe(2);
    expect(company.series.find((s) => s.name === INVOICE_SERIES)?.nextNumber).toBe(1);
  });

  it("answers the legacy POST /estimate with the five classic fields only", async () => {
    const app = await emulator();
    await issueProforma(app);
    const response = await call(app, "POST", "/estimate", { body: proforma() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ errorText: "", message: "", number: "0002", series: PF, url: "" });
  });

  it("gives a draft no number and leaves the series alone, as for an invoice", async () => {
    const app = await emulator();
    const response = await call(app, "POST", "/estimate/v2", { body: proforma({ isDraft: true }) });
    expect(response.json()).toMatchObject({ errorText: "", number: "", series: PF });
    expect(await seriesNext(app, PF)).toBe(1);
    expect(await issueProforma(app)).toBe("0001");
  });

  it("takes a payment link and a proforma in RON with reference prices in another currency", async () => {
    const app = await emulator();
    const linked = await call(app, "POST", "/estimate", { body: proforma({ paymentUrl: "Generate URL" }) });
    expect(linked.json().url).toMatch(/^http:\/\/localhost(:80)?\/sb\/plata\/\d+$/);
    const reference = await call(app, "POST", "/estimate", {
      body: proforma({}, { currency: "EUR", exchangeRate: 4.97 }),
    });
    expect(reference.json()).toMatchObject({ errorText: "", number: "0002" });
  });

  it("refuses in SmartBill's words, on both routes (v2 with documentId -1), and stores nothing", async () => {
    const app = await emulator();
    const cases: [string, Record<string, unknown>, string][] = [
      ["no lines", proforma({ products: [] }), "estimateProducts trebuie specificat si trebuie sa contina cel putin un element"],
      ["no products at all", { ...proforma(), products: undefined }, "estimateProducts trebuie specificat si trebuie sa contina cel putin un element"],
      [
        "prices in another currency than a foreign-currency proforma's",
        proforma({ currency: "EUR" }, { currency: "USD" }),
        "Aveti produse care au pretul in alta moneda decat cea a proformei.",
      ],
      ["an invoice series", proforma({ seriesName: INVOICE_SERIES }), "Seria nu a fost gasita! Folositi o serie creata in contul de cloud."],
      ["no client country", proforma({ client: { name: "Client SRL" } }), "tara trebuie specificata"],
      ["no client name", proforma({ client: { name: "", country: "Romania" } }), "Client invalid!"],
      ["a bad date", proforma({ issueDate: "31.08.2026" }), "Data documentului trebuie sa fie de forma yyyy-MM-dd."],
      ["an unknown currency", proforma({ currency: "XXX" }), "Moneda nu a fost gasita pe server!"],
      ["a line without a unit", proforma({}, { measuringUnitName: undefined }), "measuringUnitName trebuie specificat pentru fiecare produs"],
      ["an unknown tax", proforma({}, { taxPercentage: 19 }), "Cota tva a produsului Laptop Lenovo ThinkPad E14 nu a fost gasita pe server!"],
      ["no company", proforma({ companyVatCode: "" }), "CIF-ul firmei ('companyVatCode') trebuie specificat"],
    ];
    for (const [name, body, text] of cases) {
      const legacy = await call(app, "POST", "/estimate", { body });
      expect(legacy.statusCode, name).toBe(400);
      expect(legacy.json(), name).toEqual({ errorText: text, message: "", number: "", series: "", url: "" });
      const v2 = await call(app, "POST", "/estimate/v2", { body });
      expect(v2.statusCode, name).toBe(400);
      expect(v2.json(), name).toEqual({
        errorText: text,
        message: "",
        number: "",
        series: "",
        documentUrl: "",
        documentId: -1,
        documentViewUrl: "",
      });
    }
    expect((await state(app)).companies[0].estimates).toEqual([]);
    expect(await seriesNext(app, PF)).toBe(1);
  });

  it.each(["payment", "useStock", "estimate", "usePaymentTax"])(
    "refuses an invoice's %s field with invalid_request_error (SPEC26's EstimateRequest has none)",
    async (field) => {
      const app = await emulator();
      const values: Record<string, unknown> = {
        payment: { value: 1, type: "Card", isCash: false },
        useStock: false,
        estimate: { seriesName: PF, number: "0001" },
        usePaymentTax: false,
      };
      const response = await call(app, "POST", "/estimate/v2", { body: proforma({ [field]: values[field] }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        type: "invalid_request_error",
        instance: "/SBORO/api/estimate/v2",
        errors: [
          {
            code: "json_mapping_error",
            message: `Unrecognized property: ${field}.`,
            docUrl: "https://api.smartbill.ro/#v3-error-invalid_request_error",
            param: field,
          },
        ],
      });
    },
  );

  it("answers a wrong verb with 405 naming the path's verbs", async () => {
    const app = await emulator();
    const response = await call(app, "GET", "/estimate", { query: ref("0001") });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST, DELETE");
    expect((await call(app, "POST", "/estimate/invoices")).headers.allow).toBe("GET");
  });
});

describe("the SmartBill emulator: a proforma's PDF (GET /estimate/pdf)", () => {
  it("answers a PDF named factura<series><number>.pdf that says it is a proforma, its Content-Type mirroring Accept", async () => {
    const app = await emulator();
    const number = await issueProforma(app);
    const response = await call(app, "GET", "/estimate/pdf", {
      query: ref(number),
      headers: { accept: "application/octet-stream" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/octet-stream");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename=factura${PF}0001.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("FACTURA PROFORMA");
    expect(text).toContain("Client SRL");

    const asJson = await call(app, "GET", "/estimate/pdf", { query: ref(number), headers: { accept: "application/json" } });
    expect(asJson.headers["content-type"]).toBe("application/json");
    expect(asJson.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("answers application/pdf with 406, as the invoice's PDF", async () => {
    const app = await emulator();
    const number = await issueProforma(app);
    const response = await call(app, "GET", "/estimate/pdf", { query: ref(number), headers: { accept: "application/pdf" } });
    expect(response.statusCode).toBe(406);
    expect(response.json().errors[0].code).toBe("invalid_accept_header");
  });

  it("refuses in JSON (400), unlike the invoice's nginx page", async () => {
    const app = await emulator();
    await issueProforma(app);
    await call(app, "POST", "/estimate/v2", { body: proforma({ isDraft: true }) });
    const cases: [Record<string, string>, string][] = [
      [{ cif: CIF, seriesname: PF }, "Numarul proformei trebuie specificat in url in parametrul 'number'!"],
      [{ cif: CIF, number: "0001" }, "Seria proformei trebuie specificata in url in parametrul 'seriesname'!"],
      [ref("99999999"), `Proforma cu seria si numarul ${PF}99999999 nu a fost gasita!`],
      // Unpadded, or an invoice's series: another document.
      [ref("1"), `Proforma cu seria si numarul ${PF}1 nu a fost gasita!`],
      [ref("0001", INVOICE_SERIES), `Proforma cu seria si numarul ${INVOICE_SERIES}0001 nu a fost gasita!`],
    ];
    for (const [query, text] of cases) {
      const response = await call(app, "GET", "/estimate/pdf", { query, headers: { accept: "application/octet-stream" } });
      expect(response.statusCode, text).toBe(400);
      expect(response.headers["content-type"], text).toMatch(/^application\/json/);
      expect(response.json(), text).toEqual({ errorText: text, message: "", number: "", series: "", url: "" });
    }
  });

  it("answers SmartBill's 401 for a company the account cannot use", async () => {
    const app = await emulator();
    const response = await call(app, "GET", "/estimate/pdf", { query: { ...ref("0001"), cif: "RO1" } });
    expect(response.statusCode).toBe(401);
    expect(errorText(response)).toBe("Firma la care incercati sa va conectati nu mai este disponibila in Cloud.");
  });
});

describe("the SmartBill emulator: cancelling, restoring and deleting a proforma", () => {
  const cancel = (app: FastifyInstance, number: string) => call(app, "PUT", "/estimate/cancel", { query: ref(number) });
  const restore = (app: FastifyInstance, number: string) => call(app, "PUT", "/estimate/restore", { query: ref(number) });
  const remove = (app: FastifyInstance, number: string) => call(app, "DELETE", "/estimate", { query: ref(number) });
  const message = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

  it("cancels and restores with SmartBill's idempotent messages", async () => {
    const app = await emulator();
    const number = await issueProforma(app);
    expect(message(await restore(app, number))).toBe(`Proforma ${PF}0001 nu necesita restaurare.`);
    const cancelled = await cancel(app, number);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      errorText: "",
      message: `Proforma cu seria si numarul ${PF}0001 a fost anulata cu succes.`,
      number: "",
      series: "",
      url: "",
    });
    expect((await state(app)).companies[0].estimates[0].cancelled).toBe(true);
    const again = await cancel(app, number);
    expect(again.statusCode).toBe(200);
    expect(message(again)).toBe(`Proforma ${PF}0001 este deja anulata.`);
    expect(message(await restore(app, number))).toBe(`Proforma cu seria si numarul ${PF}0001 a fost restaurata cu succes.`);
    expect((await state(app)).companies[0].estimates[0].cancelled).toBe(false);
    expect(message(await restore(app, number))).toBe(`Proforma ${PF}0001 nu necesita restaurare.`);
  });

  it("refuses a missing number or series and an unknown proforma with 400, in the proforma's words", async () => {
    const app = await emulator();
    await issueProforma(app);
    for (const path of ["/estimate/cancel", "/estimate/restore"]) {
      const cases: [Record<string, string>, string][] = [
        [{ cif: CIF, seriesname: PF }, "Numarul proformei trebuie specificat in url in parametrul 'number'!"],
        [{ cif: CIF, number: "0001" }, "Seria proformei trebuie specificata in url in parametrul 'seriesname'!"],
        [ref("0099"), `Proforma cu seria si numarul ${PF}0099 nu a fost gasita!`],
      ];
      for (const [query, text] of cases) {
        const response = await call(app, "PUT", path, { query });
        expect(response.statusCode, `${path} ${text}`).toBe(400);
        expect(errorText(response), path).toBe(text);
      }
    }
    const deleted = await call(app, "DELETE", "/estimate", { query: ref("0099") });
    expect(deleted.statusCode).toBe(400);
    expect(errorText(deleted)).toBe(`Proforma cu seria si numarul ${PF}0099 nu a fost gasita!`);
  });

  it("deletes only the last proforma of its series (403 otherwise), and the series goes back by one", async () => {
    const app = await emulator();
    await issueProforma(app);
    await issueProforma(app);
    const notLast = await remove(app, "0001");
    expect(notLast.statusCode).toBe(403);
    expect(errorText(notLast)).toBe(`Nu poti sterge documentul cu seria si numarul ${PF} 0001, deoarece nu este ultimul din serie!`);
    const deleted = await remove(app, "0002");
    expect(deleted.statusCode).toBe(200);
    expect(message(deleted)).toBe(`Proforma cu seria si numarul ${PF}0002 a fost stearsa cu succes.`);
    expect((await state(app)).companies[0].estimates.map((e) => e.number)).toEqual(["0001"]);
    expect(await seriesNext(app, PF)).toBe(2);
    const repeat = await remove(app, "0002");
    expect(repeat.statusCode).toBe(400);
    expect(errorText(repeat)).toBe(`Proforma cu seria si numarul ${PF}0002 nu a fost gasita!`);
    // A proforma's delete does not touch an invoice of the same number.
    expect(await issueProforma(app)).toBe("0002");
  });
});

describe("the SmartBill emulator: an invoice from a proforma and GET /estimate/invoices", () => {
  const invoicesOf = (app: FastifyInstance, number: string, series = PF) =>
    call(app, "GET", "/estimate/invoices", { query: ref(number, series) });

  it("answers 200 with an errorText and areInvoicesCreated false for a proforma not invoiced yet", async () => {
    const app = await emulator();
    const number = await issueProforma(app);
    const response = await invoicesOf(app, number);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      errorText: `Proforma cu seria ${PF} si numarul 0001 nu a fost facturata.`,
      areInvoicesCreated: false,
    });
  });

  it("answers 410 for an unknown proforma, and 400 for a missing number or series", async () => {
    const app = await emulator();
    await issueProforma(app);
    const unknown = await invoicesOf(app, "99999999");
    expect(unknown.statusCode).toBe(410);
    expect(errorText(unknown)).toBe(`Proforma cu seria ${PF} si numarul 99999999 nu a fost gasita.`);
    const noNumber = await call(app, "GET", "/estimate/invoices", { query: { cif: CIF, seriesname: PF } });
    expect(noNumber.statusCode).toBe(400);
    expect(errorText(noNumber)).toBe("Numarul proformei trebuie specificat in url in parametrul 'number'!");
    const noSeries = await call(app, "GET", "/estimate/invoices", { query: { cif: CIF, number: "0001" } });
    expect(noSeries.statusCode).toBe(400);
    expect(errorText(noSeries)).toBe("Seria proformei trebuie specificata in url in parametrul 'seriesname'!");
  });

  it("issues the invoice with the proforma's client and lines, and the proforma then lists it", async () => {
    const app = await emulator();
    const number = await issueProforma(app);
    const response = await call(app, "POST", "/invoice/v2", { body: fromProforma(number) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ errorText: "", number: "0001", series: INVOICE_SERIES });
    expect(response.json().documentUrl).toContain("/documente/editare/factura/");

    const company = (await state(app)).companies[0];
    const [invoice] = company.invoices;
    const [estimate] = company.estimates;
    expect(invoice).toMatchObject({
      series: INVOICE_SERIES,
      number: "0001",
      issueDate: "2026-09-01",
      client: estimate.client,
      lines: estimate.lines,
      total: estimate.total,
      currency: estimate.currency,
      fromEstimate: { series: PF, number: "0001" },
    });
    expect(invoice.total).toBe(242);

    const listed = await invoicesOf(app, number);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      errorText: "",
      areInvoicesCreated: true,
      invoices: [{ series: INVOICE_SERIES, number: "0001" }],
    });
  });

  it("lets a proforma be invoiced again, as SmartBill does, listing every invoice (a draft with number \"\")", async () => {
    const app = await emulator();
    const number = await issueProforma(app);
    expect((await call(app, "POST", "/invoice", { body: fromProforma(number) })).json().number).toBe("0001");
    expect((await call(app, "POST", "/invoice", { body: fromProforma(number, { isDraft: true }) })).json().number).toBe("");
    expect((await call(app, "POST", "/invoice", { body: fromProforma(number) })).json().number).toBe("0002");
    expect((await invoicesOf(app, number)).json().invoices).toEqual([
      { series: INVOICE_SERIES, number: "0001" },
      { series: INVOICE_SERIES, number: "" },
      { series: INVOICE_SERIES, number: "0002" },
    ]);
  });

  it("discharges stock for the proforma's lines with estimate.useStock", async () => {
    const app = await emulator();
    const laptopsInCluj = async () =>
      (
        await call(app, "GET", "/stocks", {
          query: { cif: CIF, date: "2026-09-01", warehouseName: "Magazin Cluj", productCode: "PRD001" },
        })
      ).json().list[0].products[0].quantity;
    const before = await laptopsInCluj();
    const number = await issueProforma(app, {
      products: [{ ...proforma().products[0], warehouseName: "Magazin Cluj" }],
    });
    // The proforma itself moves nothing.
    expect(await laptopsInCluj()).toBe(before);
    const response = await call(app, "POST", "/invoice", { body: fromProforma(number, {}, { useStock: true }) });
    expect(response.json().errorText).toBe("");
    expect(await laptopsInCluj()).toBe(before - 2);
  });

  it("refuses an unknown proforma (a draft, an invoice's number) in SmartBill's words, issuing nothing", async () => {
    const app = await emulator();
    await call(app, "POST", "/estimate", { body: proforma({ isDraft: true }) });
    for (const v2 of [false, true]) {
      const path = v2 ? "/invoice/v2" : "/invoice";
      const unknown = await call(app, "POST", path, { body: fromProforma("0099") });
      expect(unknown.statusCode).toBe(400);
      expect(errorText(unknown)).toBe(`Factura proforma ${PF}0099 nu a fost gasita!`);
      if (v2) expect(unknown.json().documentId).toBe(-1);
      const draft = await call(app, "POST", path, { body: fromProforma("") });
      expect(errorText(draft)).toBe(`Factura proforma ${PF} nu a fost gasita!`);
    }
    expect((await state(app)).companies[0].invoices).toEqual([]);
    expect(await seriesNext(app, INVOICE_SERIES)).toBe(1);
  });

  it("refuses a proforma without products: 'Proforma nu contine produse!'", async () => {
    const discountOnly: EmulatorInvoice = {
      documentId: 1,
      series: PF,
      number: "0001",
      isDraft: false,
      issueDate: "2026-08-31",
      currency: "RON",
      precision: 2,
      client: { name: "Client SRL", country: "Romania" },
      lines: [
        {
          name: "Reducere",
          quantity: 1,
          price: -10,
          taxPercentage: 21,
          isDiscount: true,
          isService: false,
          net: -10,
          vat: -2.1,
          total: -12.1,
        },
      ],
      totalNet: -10,
      totalVat: -2.1,
      total: -12.1,
      paid: 0,
      discharged: [],
      createdAt: "2026-08-31T09:00:00.000Z",
    };
    const app = await emulator({
      companies: [
        {
          cif: CIF,
          series: [
            { name: INVOICE_SERIES, type: "f", nextNumber: 1 },
            { name: PF, type: "p", nextNumber: 2 },
          ],
          estimates: [discountOnly, { ...discountOnly, number: "0002", lines: [] }],
        },
      ],
    });
    for (const number of ["0001", "0002"]) {
      const response = await call(app, "POST", "/invoice/v2", { body: fromProforma(number) });
      expect(response.statusCode).toBe(400);
      expect(errorText(response)).toBe("Proforma nu contine produse!");
    }
    expect((await state(app)).companies[0].invoices).toEqual([]);
  });

  it("still checks the invoice's own fields: its series must be an invoice series", async () => {
    const app = await emulator();
    const number = await issueProforma(app);
    const response = await call(app, "POST", "/invoice", { body: fromProforma(number, { seriesName: PF }) });
    expect(errorText(response)).toBe("Seria nu a fost gasita! Folositi o serie creata in contul de cloud.");
  });
});

describe("the SmartBill emulator: e-mailing a proforma (POST /document/send)", () => {
  const send = (app: FastifyInstance, body: Record<string, unknown>) =>
    call(app, "POST", "/document/send", {
      body: { companyVatCode: CIF, seriesName: PF, number: "0001", type: "proforma", to: "contabil@client.ro", ...body },
    });
  const outbox = async (app: FastifyInstance) => (await app.inject({ method: "GET", url: `${ADMIN}/outbox` })).json();

  it("finds the proforma with type proforma (any case) and sends its PDF, named as SmartBill names it", async () => {
    const app = await emulator();
    await issueProforma(app);
    const response = await send(app, { type: "Proforma" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: { code: 0, message: "Documentul a fost trimis cu succes." } });
    const { count, mails } = await outbox(app);
    expect(count).toBe(1);
    expect(mails[0]).toMatchObject({
      type: "proforma",
      series: PF,
      number: "0001",
      to: ["contabil@client.ro"],
      subject: `Factura proforma ${PF}0001`,
      attachment: `factura${PF}0001.pdf`,
    });
    expect(mails[0].bodyText).toContain("242.00 RON");
  });

  it("does not find a proforma with type factura, nor an invoice with type proforma", async () => {
    const app = await emulator();
    await issueProforma(app);
    const invoice = await call(app, "POST", "/invoice", { body: fromProforma("0001") });
    expect(invoice.json().number).toBe("0001");
    const asInvoice = await send(app, { type: "factura" });
    expect(asInvoice.statusCode).toBe(400);
    expect(asInvoice.json()).toEqual({ status: { code: 1, message: "Documentul nu a fost gasit" } });
    const invoiceAsProforma = await send(app, { seriesName: INVOICE_SERIES });
    expect(invoiceAsProforma.json()).toEqual({ status: { code: 1, message: "Documentul nu a fost gasit" } });
    expect((await outbox(app)).count).toBe(0);
  });

  it("refuses a missing or unknown type, an empty number and an empty series in SmartBill's words", async () => {
    const app = await emulator();
    await issueProforma(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: undefined }, "type  trebuie specificat. Valorile acceptate sunt: factura, proforma."],
      [{ type: "" }, "type  trebuie specificat. Valorile acceptate sunt: factura, proforma."],
      [{ type: "estimate" }, "Valoarea campului 'type' nu este suportata (estimate). Valorile acceptate sunt: factura, proforma."],
      [{ type: "invoice" }, "Valoarea campului 'type' nu este suportata (invoice). Valorile acceptate sunt: factura, proforma."],
      [{ number: "" }, "Numarul documentului  trebuie specificat"],
      [{ number: undefined }, "Numarul documentului  trebuie specificat"],
      [{ seriesName: "" }, "Seria nu a fost gasita! Folositi o serie creata in contul de cloud."],
      [{ type: "factura", seriesName: undefined }, "Seria nu a fost gasita! Folositi o serie creata in contul de cloud."],
    ];
    for (const [body, message] of cases) {
      const response = await send(app, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({ status: { code: 1, message } });
    }
    expect((await outbox(app)).count).toBe(0);
  });
});

describe("the SmartBill emulator: proformas in its state", () => {
  it("keeps proformas per company; reset clears them, and a state put without them starts with none", async () => {
    const app = await emulator();
    await issueProforma(app);
    expect((await state(app)).companies[0].estimates).toHaveLength(1);
    await app.inject({ method: "POST", url: `${ADMIN}/reset` });
    expect((await state(app)).companies[0].estimates).toEqual([]);
    await issueProforma(app);
    const put = await app.inject({
      method: "PUT",
      url: `${ADMIN}/state`,
      payload: { companies: [{ cif: CIF, series: [{ name: PF, type: "p", nextNumber: 7 }] }] },
    });
    expect(put.json().companies[0].estimates).toEqual([]);
    expect(await issueProforma(app)).toBe("0007");
  });

  it("gives the demo company a proforma series", async () => {
    const app = await emulator();
    const response = await call(app, "GET", "/series", { query: { cif: CIF, type: "p" } });
    expect(response.json().list).toEqual([{ name: PF, nextNumber: 1, type: "p" }]);
  });
});

describe("the SmartBill emulator: faults on the proforma routes", () => {
  /** A real port: the faults drop or hold the connection itself. */
  async function listening() {
    const app = Fastify({ logger: false });
    app.register(smartBillEmulator, { hangMs: 200 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    apps.push(app);
    const address = app.server.address();
    if (!address || typeof address !== "object") throw new Error("no port");
    const origin = `http://127.0.0.1:${address.port}`;
    const admin = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${origin}/__emulator${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      });
      return response.status === 204 ? undefined : response.json();
    };
    const request = (method: Method, path: string, query: Record<string, string>, body?: unknown) =>
      fetch(`${origin}/SBORO/api${path}?${new URLSearchParams(query)}`, {
        method,
        headers: {
          authorization,
          accept: path === "/estimate/pdf" ? "application/octet-stream" : "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    return { admin, request };
  }

  interface Case {
    name: string;
    method: Method;
    path: string;
    query?: Record<string, string>;
    body?: Record<string, unknown>;
    before?: (emulator: Awaited<ReturnType<typeof listening>>) => Promise<void>;
    /** What the state shows once the call did its work. */
    done: (state: EmulatorState, outbox: { count: number }) => boolean;
  }
  const first = ref("0001");
  const company = (s: EmulatorState) => s.companies[0];
  const cases: Case[] = [
    { name: "a proforma (v2)", method: "POST", path: "/estimate/v2", body: proforma(), done: (s) => company(s).estimates.length === 2 },
    { name: "a proforma (legacy)", method: "POST", path: "/estimate", body: proforma(), done: (s) => company(s).estimates.length === 2 },
    {
      name: "an invoice from the proforma (v2)",
      method: "POST",
      path: "/invoice/v2",
      body: fromProforma("0001"),
      done: (s) => company(s).invoices.some((i) => i.fromEstimate?.number === "0001"),
    },
    {
      name: "an invoice from the proforma (legacy)",
      method: "POST",
      path: "/invoice",
      body: fromProforma("0001"),
      done: (s) => company(s).invoices.some((i) => i.fromEstimate?.number === "0001"),
    },
    { name: "a cancel", method: "PUT", path: "/estimate/cancel", query: first, done: (s) => company(s).estimates[0].cancelled === true },
    {
      name: "a restore",
      method: "PUT",
      path: "/estimate/restore",
      query: first,
      before: async ({ request }) => void (await request("PUT", "/estimate/cancel", first)).text(),
      done: (s) => company(s).estimates[0].cancelled === false,
    },
    { name: "a delete", method: "DELETE", path: "/estimate", query: first, done: (s) => company(s).estimates.length === 0 },
    {
      name: "an e-mail",
      method: "POST",
      path: "/document/send",
      body: { companyVatCode: CIF, seriesName: PF, number: "0001", type: "proforma", to: "a@client.ro" },
      done: (_s, outbox) => outbox.count === 1,
    },
  ];

  for (const fault of ["drop-after-store", "hang-after-store"] as const) {
    it.each(cases)(`${fault}: $name is done, and the caller gets no answer`, async (c) => {
      const emulator = await listening();
      const { admin, request } = emulator;
      const issued = await request("POST", "/estimate/v2", {}, proforma());
      expect((await issued.json()).number).toBe("0001");
      await c.before?.(emulator);
      await admin("POST", "/faults", { fault, path: c.path, method: c.method } satisfies Fault);
      await expect(request(c.method, c.path, c.query ?? {}, c.body).then((r) => r.arrayBuffer())).rejects.toThrow();
      expect(c.done(await admin("GET", "/state"), await admin("GET", "/outbox"))).toBe(true);
      expect(await admin("GET", "/faults")).toEqual([]);
    });
  }

  it.each(cases)("timeout: $name is not done", async (c) => {
    const emulator = await listening();
    const { admin, request } = emulator;
    await request("POST", "/estimate/v2", {}, proforma()).then((r) => r.text());
    await c.before?.(emulator);
    await admin("POST", "/faults", { fault: "timeout", path: c.path, method: c.method } satisfies Fault);
    await expect(request(c.method, c.path, c.query ?? {}, c.body).then((r) => r.arrayBuffer())).rejects.toThrow();
    expect(c.done(await admin("GET", "/state"), await admin("GET", "/outbox"))).toBe(false);
  });

  it("a lost answer on the invoice from a proforma is confirmed from /estimate/invoices", async () => {
    const { admin, request } = await listening();
    await request("POST", "/estimate/v2", {}, proforma()).then((r) => r.text());
    await admin("POST", "/faults", { fault: "drop-after-store", path: "/invoice/v2" } satisfies Fault);
    await expect(request("POST", "/invoice/v2", {}, fromProforma("0001")).then((r) => r.text())).rejects.toThrow();
    const listed = await request("GET", "/estimate/invoices", first);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject({ areInvoicesCreated: true, invoices: [{ series: INVOICE_SERIES, number: "0001" }] });
  });

  it.each([
    ["/estimate/v2", "POST"],
    ["/estimate/invoices", "GET"],
  ] as const)("answers Tomcat's HTML 500 on %s when asked to, doing nothing", async (path, method) => {
    const { admin, request } = await listening();
    await request("POST", "/estimate/v2", {}, proforma()).then((r) => r.text());
    await admin("POST", "/faults", { fault: "html500", path } satisfies Fault);
    const response = await request(method, path, method === "GET" ? first : {}, method === "POST" ? proforma() : undefined);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("HTTP Status 500");
    expect(company(await admin("GET", "/state")).estimates).toHaveLength(1);
  });

  it("answers a 200 with an errorText on /estimate/invoices and /estimate/pdf when asked to", async () => {
    const { admin, request } = await listening();
    await request("POST", "/estimate/v2", {}, proforma()).then((r) => r.text());
    await admin("POST", "/faults", { fault: "errortext-200", path: "/estimate/invoices", text: "Eroare" } satisfies Fault);
    const listed = await request("GET", "/estimate/invoices", first);
    expect(listed.status).toBe(200);
    expect((await listed.json()).errorText).toBe("Eroare");
    await admin("POST", "/faults", { fault: "html502", path: "/estimate/pdf" } satisfies Fault);
    const pdf = await request("GET", "/estimate/pdf", first);
    expect(pdf.status).toBe(502);
    expect(await pdf.text()).toContain("nginx");
  });

  it("applies a fault on /estimate only to the verb it names", async () => {
    const { admin, request } = await listening();
    await admin("POST", "/faults", { fault: "html500", path: "/estimate", method: "DELETE" } satisfies Fault);
    const issued = await request("POST", "/estimate", {}, proforma());
    expect(issued.status).toBe(200);
    await issued.text();
    expect((await request("DELETE", "/estimate", first)).status).toBe(500);
  });
});
