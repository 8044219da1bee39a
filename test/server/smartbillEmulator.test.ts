/**
 * The SmartBill emulator against ../shared/spec/smartbill-api.md: each documented answer we
 * implement, with SmartBill's exact texts. The emulator runs in a bare Fastify, driven with
 * inject(); the client's own tests (smartbillClient.test.ts) use a real port.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  DEMO_SMARTBILL_CIF,
  DEMO_SMARTBILL_TOKEN,
  DEMO_SMARTBILL_USERNAME,
  type SmartBillEmulatorOptions,
  smartBillEmulator,
} from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { type TestApp, testApp } from "../helpers/testApp";

const API = "/sb/SBORO/api";
const ADMIN = "/sb/__emulator";
const AUTH_FAILED = "Autentificare esuata. Va rugam verificati datele si incercati din nou.";
const UNAUTHORIZED_BODY =
  '{"key":"!.oresp@&","successfully":false,' +
  '"errorText":"Autentificare esuata. Va rugam verificati datele si incercati din nou.",' +
  '"errorCode":"0","message":"","operationExecuted":false,"cooldown":0,"needsConsent":false}';

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

function basic(username = DEMO_SMARTBILL_USERNAME, token = DEMO_SMARTBILL_TOKEN): string {
  return `Basic ${Buffer.from(`${username}:${token}`).toString("base64")}`;
}

interface Call {
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  authorization?: string | null;
}

function get(app: FastifyInstance, path: string, call: Call = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...call.headers };
  if (call.authorization !== null) headers.authorization = call.authorization ?? basic();
  return app.inject({ method: "GET", url: `${API}${path}`, query: call.query, headers });
}

function post(app: FastifyInstance, path: string, call: Call = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    ...call.headers,
  };
  if (call.authorization !== null) headers.authorization = call.authorization ?? basic();
  return app.inject({
    method: "POST",
    url: `${API}${path}`,
    headers,
    payload: typeof call.body === "string" ? call.body : JSON.stringify(call.body),
  });
}

const stocks = (app: FastifyInstance, query: Record<string, string> = {}) =>
  get(app, "/stocks", { query: { cif: DEMO_SMARTBILL_CIF, date: "2026-08-22", ...query } });

function invoice(overrides: Record<string, unknown> = {}, product: Record<string, unknown> = {}) {
  return {
    companyVatCode: DEMO_SMARTBILL_CIF,
    seriesName: "SBL",
    issueDate: "2026-08-31",
    client: { name: "Client SRL", country: "Romania", vatCode: "RO12345678" },
    products: [
      {
        name: "Laptop Lenovo ThinkPad E14",
        code: "PRD001",
        quantity: 1,
        measuringUnitName: "buc",
        taxName: "Normala",
        taxPercentage: 21,
        price: 100,
        ...product,
      },
    ],
    ...overrides,
  };
}

const errorText = (response: LightMyRequestResponse) => response.json<{ errorText: string }>().errorText;

describe("the SmartBill emulator: authentication and company (§1)", () => {
  it("answers a call without credentials with SmartBill's exact 401 body", async () => {
    const app = await emulator();
    const response = await get(app, "/tax", { query: { cif: DEMO_SMARTBILL_CIF }, authorization: null });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe(UNAUTHORIZED_BODY);
  });

  it("answers a wrong token with the same 401 body", async () => {
    const app = await emulator();
    const response = await get(app, "/tax", {
      query: { cif: DEMO_SMARTBILL_CIF },
      authorization: basic(DEMO_SMARTBILL_USERNAME, "wrong-token"),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe(UNAUTHORIZED_BODY);
  });

  it("accepts the login e-mail in any case, but not another account's token", async () => {
    const app = await emulator();
    const upper = await get(app, "/tax", {
      query: { cif: DEMO_SMARTBILL_CIF },
      authorization: basic("FACTURARE@demo.ro"),
    });
    expect(upper.statusCode).toBe(200);
    const other = await get(app, "/tax", {
      query: { cif: DEMO_SMARTBILL_CIF },
      authorization: basic("altcineva@demo.ro"),
    });
    expect(errorText(other)).toBe(AUTH_FAILED);
  });

  it("answers an unknown CIF with a 401 saying the company is no longer in the Cloud", async () => {
    const app = await emulator();
    const response = await get(app, "/tax", { query: { cif: "RO99999999" } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      key: "!.oresp@&",
      successfully: false,
      errorText: "Firma la care incercati sa va conectati nu mai este disponibila in Cloud.",
      errorCode: "0",
      message: "",
      operationExecuted: false,
      cooldown: 0,
      needsConsent: false,
    });
  });

  it("answers a CIF the account has no rights on with 'nu este disponibila pentru acest utilizator'", async () => {
    const app = await emulator({
      accounts: [{ username: "a@firma.ro", token: "t-a", cifs: ["RO1"] }],
      companies: [{ cif: "RO1" }, { cif: "RO2" }],
    });
    const response = await get(app, "/tax", { query: { cif: "RO2" }, authorization: basic("a@firma.ro", "t-a") });
    expect(response.statusCode).toBe(401);
    expect(errorText(response)).toBe(
      "Firma la care incercati sa va conectati nu este disponibila pentru acest utilizator.",
    );
  });

  it("matches the CIF exactly as configured (no RO prefix tolerance)", async () => {
    const app = await emulator();
    const response = await get(app, "/tax", { query: { cif: "40671760" } });
    expect(response.statusCode).toBe(401);
  });
});

describe("the SmartBill emulator: headers and verbs (§1, §7.2)", () => {
  it("refuses a POST body that is not application/json with 415", async () => {
    const app = await emulator();
    const response = await post(app, "/invoice", {
      body: JSON.stringify(invoice()),
      headers: { "content-type": "text/plain" },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      status: 415,
      type: "invalid_request_error",
      errors: [{ code: "invalid_content_type" }],
    });
  });

  it("refuses a POST without Content-Type with 415", async () => {
    const app = await emulator();
    const response = await app.inject({
      method: "POST",
      url: `${API}/invoice`,
      headers: { authorization: basic() },
    });
    expect(response.statusCode).toBe(415);
  });

  it("accepts application/json with a charset", async () => {
    const app = await emulator();
    const response = await post(app, "/invoice", {
      body: invoice(),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers a wrong verb with 405 and an Allow header", async () => {
    const app = await emulator();
    const response = await app.inject({ method: "GET", url: `${API}/invoice/v2`, headers: { authorization: basic() } });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST");
    expect(response.json()).toMatchObject({
      status: 405,
      type: "invalid_request_error",
      instance: "/SBORO/api/invoice/v2",
      errors: [{ code: "method_not_allowed" }],
    });
    const deleteStocks = await app.inject({ method: "DELETE", url: `${API}/stocks`, headers: { authorization: basic() } });
    expect(deleteStocks.statusCode).toBe(405);
    expect(deleteStocks.headers.allow).toBe("GET");
  });

  it("answers an Accept it cannot serve with 406 invalid_accept_header", async () => {
    const app = await emulator();
    const response = await get(app, "/tax", {
      query: { cif: DEMO_SMARTBILL_CIF },
      headers: { accept: "application/pdf" },
    });
    expect(response.statusCode).toBe(406);
    expect(response.json()).toMatchObject({ errors: [{ code: "invalid_accept_header" }] });
    const any = await get(app, "/tax", { query: { cif: DEMO_SMARTBILL_CIF }, headers: { accept: "*/*" } });
    expect(any.statusCode).toBe(200);
  });

  it("answers malformed JSON with 400 json_parse_error and no errorText", async () => {
    const app = await emulator();
    const response = await post(app, "/invoice/v2", { body: '{"companyVatCode": "RO40671760",' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      type: "invalid_request_error",
      instance: "/SBORO/api/invoice/v2",
      errors: [
        {
          code: "json_parse_error",
          message: "Error parsing JSON request input.",
          docUrl: "https://api.smartbill.ro/#v3-error-invalid_request_error",
        },
      ],
    });
  });

  it("answers an unknown API path with Tomcat's HTML 404", async () => {
    const app = await emulator();
    const response = await get(app, "/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("the SmartBill emulator: stocks (§3)", () => {
  it("lists every warehouse of the demo company with its products, codes, units and quantities", async () => {
    const app = await emulator();
    const response = await stocks(app);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ errorText: "", message: "", number: "", series: "", url: "" });
    expect(body.list.map((entry: { warehouse: unknown }) => entry.warehouse)).toEqual([
      { warehouseName: "Depozit Central", warehouseType: "en gros" },
      { warehouseName: "Magazin Cluj", warehouseType: "en detail" },
    ]);
    expect(body.list[0].products).toHaveLength(6);
    expect(body.list[1].products).toHaveLength(4);
    expect(body.list[1].products).toContainEqual({
      productName: "Căști wireless cu microfon",
      productCode: "PRD007",
      measuringUnit: "buc",
      quantity: 11,
    });
  });

  it("filters by warehouse name, case-sensitively", async () => {
    const app = await emulator();
    const cluj = (await stocks(app, { warehouseName: "Magazin Cluj" })).json();
    expect(cluj.list).toHaveLength(1);
    expect(cluj.list[0].warehouse.warehouseName).toBe("Magazin Cluj");
    const lower = await stocks(app, { warehouseName: "magazin cluj" });
    expect(lower.statusCode).toBe(400);
    expect(errorText(lower)).toBe("Gestiunea magazin cluj nu a fost gasita pe server.");
  });

  it("filters by product code across the warehouses that hold the product", async () => {
    const app = await emulator();
    const body = (await stocks(app, { productCode: "PRD004" })).json();
    expect(body.list).toEqual([
      {
        warehouse: { warehouseName: "Depozit Central", warehouseType: "en gros" },
        products: [{ productName: "Cafea boabe prăjită", productCode: "PRD004", measuringUnit: "kg", quantity: 36.5 }],
      },
      {
        warehouse: { warehouseName: "Magazin Cluj", warehouseType: "en detail" },
        products: [{ productName: "Cafea boabe prăjită", productCode: "PRD004", measuringUnit: "kg", quantity: 7.25 }],
      },
    ]);
  });

  it("filters by product name, and by warehouse and product together", async () => {
    const app = await emulator();
    const byName = (await stocks(app, { productName: "hârtie copiator a4" })).json();
    expect(byName.list.map((e: { products: unknown[] }) => e.products.length)).toEqual([1, 1]);
    const both = (await stocks(app, { warehouseName: "Depozit Central", productCode: "PRD003" })).json();
    expect(both.list).toHaveLength(1);
    expect(both.list[0].products).toEqual([
      { productName: "Hârtie copiator A4", productCode: "PRD003", measuringUnit: "buc", quantity: 480 },
    ]);
  });

  it("treats empty filter values as no filter, as SmartBill's own plugin sends them", async () => {
    const app = await emulator();
    const all = (await stocks(app)).json();
    const empty = (await stocks(app, { warehouseName: "", productName: "", productCode: "" })).json();
    expect(empty).toEqual(all);
  });

  it("answers list [] when nothing matches", async () => {
    const app = await emulator();
    const response = await stocks(app, { productCode: "NU-EXISTA" });
    expect(response.statusCode).toBe(200);
    expect(response.json().list).toEqual([]);
  });

  it("requires the date, in yyyy-MM-dd", async () => {
    const app = await emulator();
    const missing = await get(app, "/stocks", { query: { cif: DEMO_SMARTBILL_CIF } });
    expect(missing.statusCode).toBe(400);
    expect(errorText(missing)).toBe("Data la care vreti sa aflati valoarea stocului trebuie specificata!");
    for (const date of ["22/08/2026", "2026-8-22", "2026-02-30"]) {
      const bad = await stocks(app, { date });
      expect(bad.statusCode).toBe(400);
      expect(errorText(bad)).toBe("Data trebuie sa fie de forma yyyy-MM-dd.");
    }
  });

  it("requires the company's CIF", async () => {
    const app = await emulator();
    const response = await get(app, "/stocks", { query: { date: "2026-08-22" } });
    expect(response.statusCode).toBe(400);
    expect(errorText(response)).toBe("Ciful firmei trebuie specificat!");
  });

  it("leaves productCode out for a company that does not use product codes", async () => {
    const app = await emulator({
      accounts: [{ username: "a@firma.ro", token: "t-a", cifs: ["RO1"] }],
      companies: [
        {
          cif: "RO1",
          usesProductCodes: false,
          warehouses: [{ name: "Depozit", type: "en gros", products: [{ code: "X", name: "Mere", unit: "kg", quantity: 3 }] }],
        },
      ],
    });
    const response = await get(app, "/stocks", {
      query: { cif: "RO1", date: "2026-08-22" },
      authorization: basic("a@firma.ro", "t-a"),
    });
    expect(response.json().list[0].products).toEqual([{ productName: "Mere", measuringUnit: "kg", quantity: 3 }]);
  });

  it("sends quantities as strings when asked for SWAGGER's older numbers", async () => {
    const app = await emulator({ legacyNumbers: true });
    const body = (await stocks(app, { productCode: "PRD001", warehouseName: "Magazin Cluj" })).json();
    expect(body.list[0].products[0].quantity).toBe("4");
  });
});

describe("the SmartBill emulator: taxes and series (§4.2)", () => {
  it("lists the 2026 taxes: Normala 21, Redusa 11, Taxare inversa 0", async () => {
    const app = await emulator();
    const response = await get(app, "/tax", { query: { cif: DEMO_SMARTBILL_CIF } });
    expect(response.json()).toEqual({
      errorText: "",
      message: "",
      number: "",
      series: "",
      url: "",
      taxes: [
        { name: "Normala", percentage: 21 },
        { name: "Redusa", percentage: 11 },
        { name: "Taxare inversa", percentage: 0 },
      ],
    });
  });

  it("lists the series, optionally of one type", async () => {
    const app = await emulator();
    const all = await get(app, "/series", { query: { cif: DEMO_SMARTBILL_CIF } });
    expect(all.json().list).toEqual([
      { name: "SBL", nextNumber: 1, type: "f" },
      { name: "SBL-PF", nextNumber: 1, type: "p" },
      { name: "CH", nextNumber: 1, type: "c" },
    ]);
    const proformas = await get(app, "/series", { query: { cif: DEMO_SMARTBILL_CIF, type: "p" } });
    expect(proformas.json().list).toEqual([{ name: "SBL-PF", nextNumber: 1, type: "p" }]);
    const receipts = await get(app, "/series", { query: { cif: DEMO_SMARTBILL_CIF, type: "c" } });
    expect(receipts.json().list).toEqual([{ name: "CH", nextNumber: 1, type: "c" }]);
  });

  it("refuses an unknown series type with SmartBill's text", async () => {
    const app = await emulator();
    const response = await get(app, "/series", { query: { cif: DEMO_SMARTBILL_CIF, type: "x" } });
    expect(response.statusCode).toBe(400);
    expect(errorText(response)).toBe(
      "Tipul documentului nu poate fi x! Parametrul type poate lua valorile: 'f' pentru factura, 'p' pentru proforma si 'c' pentru chitanta.",
    );
  });
});

describe("the SmartBill emulator: invoices (§2)", () => {
  const nextNumber = async (app: FastifyInstance) =>
    (await get(app, "/series", { query: { cif: DEMO_SMARTBILL_CIF, type: "f" } })).json().list[0].nextNumber;

  it("numbers invoices from the series, padded to 4 digits, and advances the series", async () => {
    const app = await emulator();
    const first = await post(app, "/invoice", { body: invoice() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ errorText: "", message: "", number: "0001", series: "SBL", url: "" });
    const second = await post(app, "/invoice", { body: invoice() });
    expect(second.json().number).toBe("0002");
    expect(await nextNumber(app)).toBe(3);
  });

  it("adds documentId, documentUrl and documentViewUrl on /invoice/v2", async () => {
    const app = await emulator();
    const response = await post(app, "/invoice/v2", { body: invoice() });
    const body = response.json();
    expect(body).toMatchObject({ errorText: "", number: "0001", series: "SBL" });
    expect(body.documentId).toEqual(expect.any(Number));
    expect(body.documentUrl).toContain(`/documente/editare/factura/${body.documentId}/`);
    expect(body.documentViewUrl).toMatch(/\/documente\/extern\/pf\/factura\/[0-9a-f]+\?srvid=2$/);
  });

  it("gives a draft no number and leaves the series where it was", async () => {
    const app = await emulator();
    const draft = await post(app, "/invoice", { body: invoice({ isDraft: true }) });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ errorText: "", number: "" });
    expect(await nextNumber(app)).toBe(1);
    expect((await post(app, "/invoice", { body: invoice() })).json().number).toBe("0001");
  });

  it("computes totals with the invoice's precision", async () => {
    const app = await emulator();
    const status = async (number: string) =>
      (
        await get(app, "/invoice/paymentstatus", {
          query: { cif: DEMO_SMARTBILL_CIF, seriesname: "SBL", number },
        })
      ).json();
    await post(app, "/invoice", { body: invoice({}, { quantity: 3, price: 10.005 }) });
    // 30.015 → 30.02 net, 6.30 VAT (21%)
    expect(await status("0001")).toMatchObject({ invoiceTotalAmount: 36.32, paidAmount: 0, unpaidAmount: 36.32, paid: false });
    await post(app, "/invoice", { body: invoice({ precision: 4 }, { quantity: 3, price: 10.005 }) });
    // 30.015 net, 6.3032 VAT (6.30315 rounded half up)
    expect((await status("0002")).invoiceTotalAmount).toBe(36.3182);
    await post(app, "/invoice", { body: invoice({}, { quantity: 2, price: 121, isTaxIncluded: true }) });
    expect((await status("0003")).invoiceTotalAmount).toBe(242);
    await post(app, "/invoice", {
      body: invoice({
        products: [
          invoice().products[0],
          { isDiscount: true, name: "Discount", numberOfItems: 1, discountType: 2, discountPercentage: 10, measuringUnitName: "buc" },
        ],
      }),
    });
    // 100 - 10% = 90 net, 18.90 VAT
    expect((await status("0004")).invoiceTotalAmount).toBe(108.9);
  });

  describe("validation, with SmartBill's texts", () => {
    const cases: [string, unknown, string][] = [
      ["a missing companyVatCode", invoice({ companyVatCode: undefined }), "CIF-ul firmei ('companyVatCode') trebuie specificat"],
      ["a missing client", invoice({ client: undefined }), "tara trebuie specificata"],
      ["a client without country", invoice({ client: { name: "Client SRL" } }), "tara trebuie specificata"],
      ["a client without name", invoice({ client: { name: "", country: "Romania" } }), "Client invalid!"],
      [
        "an empty product list",
        invoice({ products: [] }),
        "invoiceProducts trebuie specificat si trebuie sa contina cel putin un element",
      ],
      [
        "only a discount",
        invoice({ products: [{ isDiscount: true, name: "Discount", numberOfItems: 1, discountType: 2, discountPercentage: 5 }] }),
        "Nu poti sa emiti un document care contine doar un discount. Trebuie sa ai si produse / servicii adaugate.",
      ],
      ["an unknown series", invoice({ seriesName: "sbl" }), "Seria nu a fost gasita! Folositi o serie creata in contul de cloud."],
      ["a proforma series", invoice({ seriesName: "SBL-PF" }), "Seria nu a fost gasita! Folositi o serie creata in contul de cloud."],
      ["a badly written issueDate", invoice({ issueDate: "31.08.2026" }), "Data documentului trebuie sa fie de forma yyyy-MM-dd."],
      ["an unknown currency", invoice({ currency: "XYZ" }), "Moneda nu a fost gasita pe server!"],
      ["a product without name", invoice({}, { name: "" }), "name trebuie specificat pentru fiecare produs"],
      ["a product without code", invoice({}, { code: undefined }), "Produsul Laptop Lenovo ThinkPad E14 nu are codul specificat."],
      ["a product without unit", invoice({}, { measuringUnitName: undefined }), "measuringUnitName trebuie specificat pentru fiecare produs"],
      [
        "a product without VAT",
        invoice({}, { taxName: undefined, taxPercentage: undefined }),
        "Trebuie sa setezi o cota tva pentru produsul Laptop Lenovo ThinkPad E14.",
      ],
      [
        "an unknown VAT rate",
        invoice({}, { taxName: undefined, taxPercentage: 19 }),
        "Cota tva a produsului Laptop Lenovo ThinkPad E14 nu a fost gasita pe server!",
      ],
      [
        "a VAT name that does not match its percentage",
        invoice({}, { taxName: "Redusa", taxPercentage: 21 }),
        "Cota tva a produsului Laptop Lenovo ThinkPad E14 nu a fost gasita pe server!",
      ],
      [
        "a value discount without value",
        invoice({ products: [invoice().products[0], { isDiscount: true, name: "Reducere", numberOfItems: 1, discountType: 1 }] }),
        "discountValue trebuie specificat pentru fiecare produs de tip discount",
      ],
      [
        "a percent discount without percentage",
        invoice({ products: [invoice().products[0], { isDiscount: true, name: "Reducere", numberOfItems: 1, discountType: 2 }] }),
        "Trebuie sa introduceti valoarea procentului!",
      ],
      [
        "a discount over lines with different VAT rates",
        invoice({
          products: [
            invoice().products[0],
            { ...invoice().products[0], taxName: "Redusa", taxPercentage: 11 },
            { isDiscount: true, name: "Reducere", numberOfItems: 2, discountType: 2, discountPercentage: 10 },
          ],
        }),
        "La aplicarea unui discount pentru produse cu cote tva diferite, trebuie sa specifici si cota tva a discountului.",
      ],
      [
        "a payment without type",
        invoice({ payment: { value: 121, isCash: true } }),
        "type trebuie specificat pentru incasare",
      ],
      ["an e-mail without address", invoice({ sendEmail: true }), "Trebuie specificata adresa de email a clientului."],
    ];
    for (const [what, body, text] of cases) {
      it(`refuses ${what}: '${text}'`, async () => {
        const app = await emulator();
        const response = await post(app, "/invoice", { body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ errorText: text, message: "", number: "", series: "", url: "" });
        expect(await nextNumber(app)).toBe(1);
      });
    }

    it("answers a refused /invoice/v2 with documentId -1", async () => {
      const app = await emulator();
      const response = await post(app, "/invoice/v2", { body: invoice({ seriesName: "NU" }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errorText: "Seria nu a fost gasita! Folositi o serie creata in contul de cloud.",
        message: "",
        number: "",
        series: "",
        documentUrl: "",
        documentId: -1,
        documentViewUrl: "",
      });
    });

    it("answers companyVatCode null with a 500 'Internal Server Error!' and documentId null", async () => {
      const app = await emulator();
      const response = await post(app, "/invoice/v2", { body: invoice({ companyVatCode: null }) });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ errorText: "Internal Server Error!", documentId: null });
    });

    it("answers an unknown companyVatCode with the 401 company text", async () => {
      const app = await emulator();
      const response = await post(app, "/invoice", { body: invoice({ companyVatCode: "RO1" }) });
      expect(response.statusCode).toBe(401);
      expect(errorText(response)).toBe("Firma la care incercati sa va conectati nu mai este disponibila in Cloud.");
    });

    it("answers more than 400 lines with 410", async () => {
      const app = await emulator();
      const line = invoice().products[0];
      const response = await post(app, "/invoice", { body: invoice({ products: Array(401).fill(line) }) });
      expect(response.statusCode).toBe(410);
      expect(errorText(response)).toBe("Numarul maxim acceptat de 400 intrari pe document a fost depasit.");
    });

    it("refuses an unknown field with json_mapping_error naming its path", async () => {
      const app = await emulator();
      const top = await post(app, "/invoice/v2", { body: { ...invoice(), zzz: 1 } });
      expect(top.statusCode).toBe(400);
      expect(top.json()).toEqual({
        status: 400,
        type: "invalid_request_error",
        instance: "/SBORO/api/invoice/v2",
        errors: [
          {
            code: "json_mapping_error",
            message: "Unrecognized property: zzz.",
            docUrl: "https://api.smartbill.ro/#v3-error-invalid_request_error",
            param: "zzz",
          },
        ],
      });
      const nested = await post(app, "/invoice", { body: invoice({}, { Price: 10 }) });
      expect(nested.json().errors[0]).toMatchObject({ param: "products[0].Price" });
      expect(nested.json().errorText).toBeUndefined();
    });

    it("refuses a value of the wrong type with 'Could not map property'", async () => {
      const app = await emulator();
      const response = await post(app, "/invoice", { body: invoice({}, { quantity: "doi" }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        code: "json_mapping_error",
        message: "Could not map property: products[0].quantity.",
        param: "products[0].quantity",
      });
    });

    it("answers an unknown field with an HTML 500 when switched to the older behaviour", async () => {
      const app = await emulator({ unknownField: "html500" });
      const response = await post(app, "/invoice", { body: invoice({}, { nume: "x" }) });
      expect(response.statusCode).toBe(500);
      expect(response.body).toContain("<h1>HTTP Status 500 – Internal Server Error</h1>");
    });

    it("uses 422 for business validation when switched to", async () => {
      const app = await emulator({ validationStatus: 422 });
      const response = await post(app, "/invoice", { body: invoice({ seriesName: "NU" }) });
      expect(response.statusCode).toBe(422);
    });

    it("accepts an unknown language by default and refuses it when switched to SWAGGER's behaviour", async () => {
      const accepting = await emulator();
      expect((await post(accepting, "/invoice", { body: invoice({ language: "HU" }) })).statusCode).toBe(200);
      const refusing = await emulator({ unknownLanguage: "reject" });
      const response = await post(refusing, "/invoice", { body: invoice({ language: "HU" }) });
      expect(errorText(response)).toBe("Limba nu a fost gasita pe server!");
    });

    it("accepts 0% without a tax name as Taxare inversa", async () => {
      const app = await emulator();
      const response = await post(app, "/invoice", { body: invoice({}, { taxName: undefined, taxPercentage: 0 }) });
      expect(response.statusCode).toBe(200);
      const state = (await app.inject({ method: "GET", url: `${ADMIN}/state` })).json();
      expect(state.companies[0].invoices[0].lines[0]).toMatchObject({ taxName: "Taxare inversa", taxPercentage: 0 });
    });
  });

  describe("stock discharge with useStock", () => {
    // The stock at the end of the invoices' own date: it is answered as of the date asked.
    const clujLaptops = async (app: FastifyInstance) =>
      (await stocks(app, { date: "2026-08-31", warehouseName: "Magazin Cluj", productCode: "PRD001" })).json().list[0]?.products[0];

    it("takes the quantity from the line's warehouse, matched by code, and keeps the name sent", async () => {
      const app = await emulator();
      const response = await post(app, "/invoice", {
        body: invoice({ useStock: true }, { quantity: 3, warehouseName: "Magazin Cluj", name: "Laptop E14" }),
      });
      expect(response.statusCode).toBe(200);
      expect(await clujLaptops(app)).toEqual({
        productName: "Laptop E14",
        productCode: "PRD001",
        measuringUnit: "buc",
        quantity: 1,
      });
      const central = (await stocks(app, { warehouseName: "Depozit Central", productCode: "PRD001" })).json();
      expect(central.list[0].products[0].quantity).toBe(15);
    });

    it("refuses more than the warehouse holds, with SmartBill's bold-marked text, and changes nothing", async () => {
      const app = await emulator();
      const response = await post(app, "/invoice", {
        body: invoice(
          { useStock: true, products: [
            { ...invoice().products[0], quantity: 3, warehouseName: "Magazin Cluj" },
            { ...invoice().products[0], quantity: 2, warehouseName: "Magazin Cluj" },
          ] },
        ),
      });
      expect(response.statusCode).toBe(400);
      expect(errorText(response)).toBe(
        "Cantitate stoc insuficienta la <b>factura SBL0001</b> din data <b>31/08/2026</b> pentru produsul " +
          "<b>Laptop Lenovo ThinkPad E14</b> din gestiunea Magazin Cluj.",
      );
      expect((await clujLaptops(app)).quantity).toBe(4);
      expect(await nextNumber(app)).toBe(1);
    });

    it("needs a warehouse on each product line, found case-sensitively", async () => {
      const app = await emulator();
      const none = await post(app, "/invoice", { body: invoice({ useStock: true }) });
      expect(errorText(none)).toBe("Gestiunea predatoare nu este setata pentru produsul Laptop Lenovo ThinkPad E14.");
      const wrongCase = await post(app, "/invoice", { body: invoice({ useStock: true }, { warehouseName: "magazin cluj" }) });
      expect(errorText(wrongCase)).toBe(
        "Gestiunea predatoare magazin cluj a produsului Laptop Lenovo ThinkPad E14 nu a fost gasita.",
      );
    });

    it("refuses a product the warehouse never received, and a unit without conversion", async () => {
      const app = await emulator();
      const never = await post(app, "/invoice", {
        body: invoice({ useStock: true }, { code: "PRD007", name: "Căști", warehouseName: "Depozit Central" }),
      });
      expect(errorText(never)).toMatch(/^Nu ai facut nicio achizitie pentru produsul Căști\.<br\/>/);
      const unit = await post(app, "/invoice", {
        body: invoice({ useStock: true }, { measuringUnitName: "BUC", warehouseName: "Magazin Cluj" }),
      });
      expect(errorText(unit)).toMatch(
        /^Unitatea de masura BUC a produsului Laptop Lenovo ThinkPad E14 nu are factor de conversie setat\.<div id="moreErrorDetails" style="display:none">/,
      );
    });

    it("skips services, and moves no stock for a draft", async () => {
      const app = await emulator();
      const service = await post(app, "/invoice", {
        body: invoice({ useStock: true }, { name: "Instalare", code: "SRV01", measuringUnitName: "ore", isService: true }),
      });
      expect(service.statusCode).toBe(200);
      const draft = await post(app, "/invoice", {
        body: invoice({ useStock: true, isDraft: true }, { quantity: 2, warehouseName: "Magazin Cluj" }),
      });
      expect(draft.statusCode).toBe(200);
      expect((await clujLaptops(app)).quantity).toBe(4);
    });

    it("matches by name, ignoring case, when the company does not use product codes", async () => {
      const app = await emulator({
        accounts: [{ username: "a@firma.ro", token: "t-a", cifs: ["RO1"] }],
        companies: [
          {
            cif: "RO1",
            usesProductCodes: false,
            series: [{ name: "F", type: "f", nextNumber: 41 }],
            warehouses: [{ name: "Depozit", type: "en gros", products: [{ code: "", name: "Mere Golden", unit: "kg", quantity: 10 }] }],
          },
        ],
      });
      const response = await post(app, "/invoice", {
        authorization: basic("a@firma.ro", "t-a"),
        body: invoice(
          { companyVatCode: "RO1", seriesName: "F", useStock: true },
          { code: undefined, name: "mere golden", measuringUnitName: "kg", quantity: 2.5, warehouseName: "Depozit" },
        ),
      });
      expect(response.json()).toMatchObject({ errorText: "", number: "0041", series: "F" });
      const left = await get(app, "/stocks", {
        authorization: basic("a@firma.ro", "t-a"),
        query: { cif: "RO1", date: "2026-08-31" },
      });
      expect(left.json().list[0].products[0]).toEqual({ productName: "mere golden", measuringUnit: "kg", quantity: 7.5 });
    });
  });
});

describe("the SmartBill emulator: rate limit (§5, §7.8)", () => {
  const tax = (app: FastifyInstance) => get(app, "/tax", { query: { cif: DEMO_SMARTBILL_CIF } });

  it("sends X-RateLimit headers on answers that are not errors, and none on errors", async () => {
    const app = await emulator();
    const ok = await tax(app);
    expect(ok.headers["x-ratelimit-limit"]).toBe("30");
    expect(ok.headers["x-ratelimit-remaining"]).toBe("29");
    const reset = Number(ok.headers["x-ratelimit-reset"]);
    expect(reset * 1000).toBeGreaterThan(Date.now());
    expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 11_000);
    expect((await tax(app)).headers["x-ratelimit-remaining"]).toBe("28");
    const error = await get(app, "/series", { query: { cif: DEMO_SMARTBILL_CIF, type: "x" } });
    expect(error.headers["x-ratelimit-limit"]).toBeUndefined();
  });

  it("blocks the token on the call over the limit with the observed 403 text, without headers, until the block ends", async () => {
    const app = await emulator({ limiter: { limit: 3, windowMs: 5_000, blockMs: 300 } });
    // The emulator's clock stands still until the test moves it past the block: a busy machine
    // cannot end the block before the calls below are refused.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    for (let i = 0; i < 3; i++) expect((await tax(app)).statusCode).toBe(200);
    const blocked = await tax(app);
    expect(blocked.statusCode).toBe(403);
    expect(errorText(blocked)).toMatch(
      /^Ai depasit limita maxima de requesturi admisa\. Vei putea executa alte requesturi dupa 1 min de la momentul blocarii \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    expect(blocked.headers["x-ratelimit-limit"]).toBeUndefined();
    expect(blocked.headers["x-ratelimit-remaining"]).toBeUndefined();
    // Blocked whatever the call, for every company of the token.
    expect((await stocks(app)).statusCode).toBe(403);
    const lockouts = (await app.inject({ method: "GET", url: `${ADMIN}/lockouts` })).json();
    expect(lockouts).toHaveLength(1);
    vi.setSystemTime(Date.now() + 299);
    expect((await tax(app)).statusCode).toBe(403);
    vi.setSystemTime(Date.now() + 51);
    expect((await tax(app)).statusCode).toBe(200);
  });

  it("prints the configured block in minutes: 10 by default", async () => {
    const app = await emulator({ limiter: { limit: 1 } });
    await tax(app);
    expect(errorText(await tax(app))).toContain("dupa 10 min de la momentul blocarii");
  });

  it("counts per token: another account is not blocked", async () => {
    const app = await emulator({
      limiter: { limit: 1, blockMs: 60_000 },
      accounts: [
        { username: "a@firma.ro", token: "t-a", cifs: ["RO1"] },
        { username: "b@firma.ro", token: "t-b", cifs: ["RO1"] },
      ],
      companies: [{ cif: "RO1" }],
    });
    const call = (who: string, token: string) =>
      get(app, "/tax", { query: { cif: "RO1" }, authorization: basic(who, token) });
    expect((await call("a@firma.ro", "t-a")).statusCode).toBe(200);
    expect((await call("a@firma.ro", "t-a")).statusCode).toBe(403);
    expect((await call("b@firma.ro", "t-b")).statusCode).toBe(200);
  });

  it("answers 429 with Retry-After when switched to SPEC26's status", async () => {
    const app = await emulator({ limiter: { limit: 1, blockMs: 5_000 }, lockoutStatus: 429 });
    await tax(app);
    const blocked = await tax(app);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("5");
    expect(blocked.json()).toMatchObject({
      status: 429,
      type: "invalid_request_error",
      errors: [{ code: "rate_limit_exceeded", message: "Rate limit exceeded. Watch the rate limit headers" }],
    });
  });
});

describe("the SmartBill emulator: faults and admin API (§7.4, §7.9)", () => {
  const admin = (app: FastifyInstance, method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) =>
    app.inject({ method, url: `${ADMIN}${path}`, ...(body === undefined ? {} : { payload: body as object }) });
  const tax = (app: FastifyInstance) => get(app, "/tax", { query: { cif: DEMO_SMARTBILL_CIF } });

  it("answers an HTML 500 page for as many calls as asked, then recovers", async () => {
    const app = await emulator();
    expect((await admin(app, "POST", "/faults", { fault: "html500", times: 2 })).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) {
      const response = await tax(app);
      expect(response.statusCode).toBe(500);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toContain("Apache Tomcat");
    }
    expect((await tax(app)).statusCode).toBe(200);
  });

  it("applies a fault only to the path it names", async () => {
    const app = await emulator();
    await admin(app, "POST", "/faults", { fault: "html502", path: "/stocks" });
    expect((await tax(app)).statusCode).toBe(200);
    const response = await stocks(app);
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain("<center>nginx</center>");
  });

  it("holds a fault set 'after' a path until a call to that path has come, then strikes the next call it names", async () => {
    const app = await emulator();
    await admin(app, "POST", "/faults", { fault: "html502", path: "/tax", after: "/stocks" });
    expect((await tax(app)).statusCode).toBe(200); // before any /stocks call: not yet
    expect((await stocks(app)).statusCode).toBe(200);
    expect((await tax(app)).statusCode).toBe(502);
    expect((await tax(app)).statusCode).toBe(200);
    expect((await admin(app, "POST", "/faults", { fault: "html502", after: 3 })).statusCode).toBe(400);
  });

  it("answers 200 with an errorText, and an errorText with HTML", async () => {
    const app = await emulator();
    await admin(app, "POST", "/faults", { fault: "errortext-200", text: "Nu aveti dreptul de a adauga facturi" });
    const plain = await post(app, "/invoice", { body: invoice() });
    expect(plain.statusCode).toBe(200);
    expect(errorText(plain)).toBe("Nu aveti dreptul de a adauga facturi");
    await admin(app, "POST", "/faults", { fault: "errortext-html" });
    const html = await tax(app);
    expect(html.statusCode).toBe(400);
    expect(errorText(html)).toContain("<br/>");
    expect(errorText(html)).toContain("<b>");
    expect(errorText(html)).toContain('<div id="moreErrorDetails" style="display:none">');
  });

  it("refuses an unknown fault", async () => {
    const app = await emulator();
    expect((await admin(app, "POST", "/faults", { fault: "meteor" })).statusCode).toBe(400);
  });

  it("shows and replaces its state, logs the calls, and resets to the seed", async () => {
    const app = await emulator();
    await post(app, "/invoice", { body: invoice() });
    const state = (await admin(app, "GET", "/state")).json();
    expect(state.companies[0].series[0].nextNumber).toBe(2);
    expect(state.companies[0].invoices).toHaveLength(1);

    const replaced = await admin(app, "PUT", "/state", {
      companies: [{ cif: DEMO_SMARTBILL_CIF, series: [{ name: "FCT", type: "f", nextNumber: 3821 }] }],
    });
    expect(replaced.statusCode).toBe(200);
    expect((await post(app, "/invoice", { body: invoice({ seriesName: "FCT" }) })).json().number).toBe("3821");

    const log = (await admin(app, "GET", "/requests")).json();
    expect(log.requests.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual([
      "POST /invoice",
      "POST /invoice",
    ]);

    expect((await admin(app, "POST", "/reset")).statusCode).toBe(204);
    expect((await admin(app, "GET", "/state")).json().companies[0].series[0]).toEqual({
      name: "SBL",
      type: "f",
      nextNumber: 1,
    });
    expect((await admin(app, "GET", "/requests")).json().count).toBe(0);
  });

  it("changes its switches at run time", async () => {
    const app = await emulator();
    const settings = await admin(app, "PUT", "/settings", { lockoutStatus: 429, limiter: { limit: 1 } });
    expect(settings.json()).toMatchObject({ lockoutStatus: 429, limiter: { limit: 1, windowMs: 10_000 } });
    await tax(app);
    expect((await tax(app)).statusCode).toBe(429);
    await admin(app, "DELETE", "/lockouts");
    expect((await tax(app)).statusCode).toBe(200);
  });
});

describe("the app's emulator (demo mode)", () => {
  const uiDir = mkdtempSync(join(tmpdir(), "emulator-ui-"));
  writeFileSync(join(uiDir, "index.html"), "<!doctype html><title>SmartBill</title><div id=root></div>");
  let demo: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    demo = await testApp("sqlite", { env: { UI_DIR: uiDir } });
    production = await testApp("sqlite", {
      env: {
        UI_DIR: uiDir,
        NODE_ENV: "production",
        ADMIN_EMAIL: "owner@firma.ro",
        ADMIN_PASSWORD: "o-parola-sigura",
        APP_URL: "https://app.firma.ro",
      },
    });
  });
  afterAll(async () => {
    await demo.close();
    await production.close();
    rmSync(uiDir, { recursive: true, force: true });
    removeTemporaryDatabases();
  });

  const base = "/smartbill-emulator/SBORO/api";

  it("serves SmartBill at /smartbill-emulator with Basic auth, outside the app's token and anti-forgery checks", async () => {
    const taxes = await demo.app.inject({
      method: "GET",
      url: `${base}/tax?cif=${DEMO_SMARTBILL_CIF}`,
      headers: { authorization: basic() },
    });
    expect(taxes.statusCode).toBe(200);
    expect(taxes.json().taxes).toHaveLength(3);
    const issued = await demo.app.inject({
      method: "POST",
      url: `${base}/invoice`,
      headers: { authorization: basic(), "content-type": "application/json" },
      payload: invoice(),
    });
    expect(issued.json()).toMatchObject({ errorText: "", number: "0001" });
  });

  it("answers its own 404 and 405 instead of the UI's index.html", async () => {
    const missing = await demo.app.inject({
      method: "GET",
      url: `${base}/nothing`,
      headers: { accept: "text/html", authorization: basic() },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Apache Tomcat");
    const wrongVerb = await demo.app.inject({ method: "GET", url: `${base}/invoice`, headers: { accept: "text/html" } });
    expect(wrongVerb.statusCode).toBe(405);
    const adminMissing = await demo.app.inject({
      method: "GET",
      url: "/smartbill-emulator/nothing",
      headers: { accept: "text/html" },
    });
    expect(adminMissing.statusCode).toBe(404);
    expect(adminMissing.body).not.toContain("<div id=root>");
  });

  it("is not mounted in production", async () => {
    const response = await production.app.inject({
      method: "GET",
      url: `${base}/tax?cif=${DEMO_SMARTBILL_CIF}`,
      headers: { authorization: basic(), accept: "text/html" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("<div id=root>");
    const state = await production.app.inject({ method: "GET", url: "/smartbill-emulator/__emulator/state" });
    expect(state.statusCode).toBe(404);
  });
});
