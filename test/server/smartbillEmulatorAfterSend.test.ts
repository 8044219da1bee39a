/**
 * The SmartBill emulator after an invoice is issued (../shared/spec/smartbill-api.md §4.1, §4.2,
 * §7): its PDF, cancel and restore, storno, delete, payments and their status, e-mail, the
 * after-store faults on each, and the route table's 405s. Driven with inject(), except the
 * faults, which drop or hold a real connection and so need a real port.
 */
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEMO_SMARTBILL_CIF,
  DEMO_SMARTBILL_TOKEN,
  DEMO_SMARTBILL_USERNAME,
  type EmulatorCompanySeed,
  type EmulatorState,
  type Fault,
  type SmartBillEmulatorOptions,
  smartBillEmulator,
} from "../../server/smartbill/emulator/index";

const API = "/sb/SBORO/api";
const ADMIN = "/sb/__emulator";
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

function invoice(overrides: Record<string, unknown> = {}, product: Record<string, unknown> = {}) {
  return {
    companyVatCode: CIF,
    seriesName: "SBL",
    issueDate: "2026-08-31",
    client: { name: "Client SRL", country: "Romania", vatCode: "RO12345678", email: "contabil@client.ro" },
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

/** Issues an invoice and returns its number ("0001"). */
async function issue(app: FastifyInstance, overrides: Record<string, unknown> = {}, product: Record<string, unknown> = {}) {
  const response = await call(app, "POST", "/invoice", { body: invoice(overrides, product) });
  expect(response.json().errorText).toBe("");
  return response.json<{ number: string }>().number;
}

const ref = (number: string, series = "SBL") => ({ cif: CIF, seriesname: series, number });
const cancel = (app: FastifyInstance, number: string) => call(app, "PUT", "/invoice/cancel", { query: ref(number) });
const restore = (app: FastifyInstance, number: string) => call(app, "PUT", "/invoice/restore", { query: ref(number) });
const remove = (app: FastifyInstance, number: string) => call(app, "DELETE", "/invoice", { query: ref(number) });
const reverse = (app: FastifyInstance, number: string, extra: Record<string, unknown> = {}) =>
  call(app, "POST", "/invoice/reverse", { body: { companyVatCode: CIF, seriesName: "SBL", number, ...extra } });
const pay = (app: FastifyInstance, body: Record<string, unknown>) =>
  call(app, "POST", "/payment", {
    body: {
      companyVatCode: CIF,
      type: "Ordin plata",
      issueDate: "2026-09-01",
      isCash: false,
      client: { name: "Client SRL", vatCode: "RO12345678" },
      ...body,
    },
  });
const status = async (app: FastifyInstance, number: string) =>
  (await call(app, "GET", "/invoice/paymentstatus", { query: ref(number) })).json();
const state = async (app: FastifyInstance) => (await app.inject({ method: "GET", url: `${ADMIN}/state` })).json();
const errorText = (response: LightMyRequestResponse) => response.json<{ errorText: string }>().errorText;
const laptopsIn = async (app: FastifyInstance, warehouseName: string) => {
  const response = await call(app, "GET", "/stocks", {
    query: { cif: CIF, date: "2026-09-01", warehouseName, productCode: "PRD001" },
  });
  return response.json().list[0]?.products[0]?.quantity ?? 0;
};
const withStock = { useStock: true };
const fromCluj = (quantity: number) => ({ quantity, warehouseName: "Magazin Cluj" });

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

describe("the SmartBill emulator: an invoice's PDF (GET /invoice/pdf)", () => {
  it("answers a real PDF holding the series, number, client and total, as an attachment named factura<series><number>.pdf", async () => {
    const app = await emulator();
    const number = await issue(app);
    const response = await call(app, "GET", "/invoice/pdf", {
      query: ref(number),
      headers: { accept: "application/octet-stream" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/octet-stream");
    expect(response.headers["content-disposition"]).toBe("attachment; filename=facturaSBL0001.pdf");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("Seria SBL nr. 0001");
    expect(text).toContain("Client SRL");
    expect(text).toContain("121.00 RON");
  });

  it("prints a client's name with its diacritics folded, as Helvetica cannot encode ș, ț or ă", async () => {
    const app = await emulator();
    const number = await issue(app, { client: { name: "Țesătoria Ștefan SRL", country: "România" } });
    const response = await call(app, "GET", "/invoice/pdf", { query: ref(number), headers: { accept: "*/*" } });
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain("Tesatoria Stefan SRL");
  });

  it("mirrors Accept in Content-Type: JSON as asked, octet-stream for any or none", async () => {
    const app = await emulator();
    const number = await issue(app);
    const pdf = (headers: Record<string, string>) =>
      app.inject({ method: "GET", url: `${API}/invoice/pdf`, query: ref(number), headers: { authorization, ...headers } });
    expect((await pdf({ accept: "application/json" })).headers["content-type"]).toBe("application/json");
    expect((await pdf({ accept: "*/*" })).headers["content-type"]).toBe("application/octet-stream");
    const none = await pdf({});
    expect(none.statusCode).toBe(200);
    expect(none.headers["content-type"]).toBe("application/octet-stream");
  });

  it("answers Accept: application/pdf with 406 invalid_accept_header", async () => {
    const app = await emulator();
    const number = await issue(app);
    const response = await call(app, "GET", "/invoice/pdf", { query: ref(number), headers: { accept: "application/pdf" } });
    expect(response.statusCode).toBe(406);
    expect(response.json()).toMatchObject({ type: "invalid_request_error", errors: [{ code: "invalid_accept_header" }] });
  });

  it("answers an unknown invoice, a missing number and a draft with nginx's HTML 502, no JSON", async () => {
    const app = await emulator();
    await issue(app, { isDraft: true });
    for (const query of [ref("0099"), { cif: CIF, seriesname: "SBL" }, ref("")]) {
      const response = await call(app, "GET", "/invoice/pdf", { query, headers: { accept: "application/octet-stream" } });
      expect(response.statusCode).toBe(502);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("<center>nginx</center>");
    }
  });

  it("prints FACTURA STORNO and the reversed invoice on a storno's PDF", async () => {
    const app = await emulator();
    const number = await issue(app);
    const storno = (await reverse(app, number)).json().number;
    const response = await call(app, "GET", "/invoice/pdf", { query: ref(storno), headers: { accept: "*/*" } });
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("FACTURA STORNO");
    expect(text).toContain("Storneaza factura SBL0001");
    expect(text).toContain("-121.00 RON");
  });
});

describe("the SmartBill emulator: cancel and restore (PUT /invoice/cancel, /invoice/restore)", () => {
  it("cancels and restores with SmartBill's messages, and answers a repeat with 200 and an informative message", async () => {
    const app = await emulator();
    const number = await issue(app);
    const cancelled = await cancel(app, number);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      errorText: "",
      message: "Factura cu seria si numarul SBL0001 a fost anulata cu succes.",
    });
    const again = await cancel(app, number);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("Factura SBL0001 este deja anulata.");
    expect((await restore(app, number)).json().message).toBe(
      "Factura cu seria si numarul SBL0001 a fost restaurata cu succes.",
    );
    const notNeeded = await restore(app, number);
    expect(notNeeded.statusCode).toBe(200);
    expect(notNeeded.json().message).toBe("Factura SBL0001 nu necesita restaurare.");
  });

  it("puts the stock back on cancel and takes it again on restore, for an invoice that discharged it", async () => {
    const app = await emulator();
    const number = await issue(app, withStock, fromCluj(3));
    expect(await laptopsIn(app, "Magazin Cluj")).toBe(1);
    await cancel(app, number);
    expect(await laptopsIn(app, "Magazin Cluj")).toBe(4);
    await cancel(app, number); // idempotent: not put back twice
    expect(await laptopsIn(app, "Magazin Cluj")).toBe(4);
    await restore(app, number);
    expect(await laptopsIn(app, "Magazin Cluj")).toBe(1);
  });

  it("refuses to restore when the stock it would take again is gone, and changes nothing", async () => {
    const app = await emulator();
    const number = await issue(app, withStock, fromCluj(3));
    await cancel(app, number);
    await issue(app, withStock, fromCluj(2));
    const response = await restore(app, number);
    expect(response.statusCode).toBe(400);
    expect(errorText(response)).toContain("Cantitate stoc insuficienta la <b>factura SBL0001</b>");
    expect(await laptopsIn(app, "Magazin Cluj")).toBe(2);
    expect((await cancel(app, number)).json().message).toBe("Factura SBL0001 este deja anulata.");
  });

  it("refuses a missing number or series and an unknown invoice with SmartBill's texts", async () => {
    const app = await emulator();
    await issue(app);
    const cases: [Record<string, string>, string][] = [
      [{ cif: CIF, seriesname: "SBL" }, "Numarul facturii trebuie specificat in url in parametrul 'number'!"],
      [{ cif: CIF, number: "0001" }, "Seria facturii trebuie specificata in url in parametrul 'seriesname'!"],
      [ref("0099"), "Factura cu seria si numarul SBL0099 nu a fost gasita!"],
      [ref("1"), "Factura cu seria si numarul SBL1 nu a fost gasita!"],
    ];
    for (const [query, text] of cases) {
      const response = await call(app, "PUT", "/invoice/cancel", { query });
      expect(response.statusCode).toBe(400);
      expect(errorText(response)).toBe(text);
    }
  });

  it("reads seriesName in any case, as the query keys are", async () => {
    const app = await emulator();
    const number = await issue(app);
    const response = await call(app, "PUT", "/invoice/cancel", { query: { cif: CIF, seriesName: "SBL", number } });
    expect(response.json().message).toContain("a fost anulata cu succes");
  });

  it("refuses to cancel an invoice whose storno stands", async () => {
    const app = await emulator();
    const number = await issue(app);
    await reverse(app, number);
    const response = await cancel(app, number);
    expect(response.statusCode).toBe(400);
    expect(errorText(response)).toBe("Factura SBL0001 a fost stornata prin factura SBL0002. Anulati intai factura storno.");
  });
});

describe("the SmartBill emulator: storno (POST /invoice/reverse)", () => {
  it("issues the storno as the series' next invoice, with negative quantities, linked both ways", async () => {
    const app = await emulator();
    const number = await issue(app, {}, { quantity: 2 });
    const response = await reverse(app, number, { issueDate: "2026-09-02" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ errorText: "", series: "SBL", number: "0002", documentId: 20002 });
    expect(response.json().documentUrl).toContain("/documente/editare/factura/20002/");
    const [original, storno] = (await state(app)).companies[0].invoices;
    expect(original.reversedBy).toEqual({ series: "SBL", number: "0002" });
    expect(storno).toMatchObject({
      number: "0002",
      issueDate: "2026-09-02",
      reverses: { series: "SBL", number: "0001" },
      total: -242,
    });
    expect(storno.lines[0]).toMatchObject({ quantity: -2, price: 100, net: -200, vat: -42 });
    expect((await state(app)).companies[0].series[0].nextNumber).toBe(3);
    expect((await status(app, "0002")).invoiceTotalAmount).toBe(-242);
  });

  it("issues one storno when fifty arrive at once for the same invoice", async () => {
    const app = await emulator({ limiter: { limit: 100 } });
    const number = await issue(app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => reverse(app, number)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map(errorText))).toEqual(new Set(["Factura este deja stornata."]));
    expect((await state(app)).companies[0].invoices).toHaveLength(2);
  });

  it("puts back the stock the reversed invoice took", async () => {
    const app = await emulator();
    const number = await issue(app, withStock, fromCluj(3));
    await reverse(app, number);
    expect(await laptopsIn(app, "Magazin Cluj")).toBe(4);
  });

  it("refuses an invoice already reversed, a cancelled one, a storno, and a date before the original's", async () => {
    const app = await emulator();
    const first = await issue(app);
    const storno = (await reverse(app, first)).json().number;
    const cancelled = await issue(app);
    await cancel(app, cancelled);
    const later = await issue(app, { issueDate: "2026-09-10" });
    const cases: [string, Record<string, unknown>, string][] = [
      [first, {}, "Factura este deja stornata."],
      [cancelled, {}, "Factura SBL0003 este anulata."],
      [storno, {}, "Factura SBL0002 este de tip storno. Nu se poate storna."],
      [later, { issueDate: "2026-09-09" }, "Data emiterii facturii storno nu poate fi anterioara datei emiterii facturii stornate."],
      ["9999", {}, "Factura cu seria si numarul SBL9999 nu a fost gasita!"],
    ];
    for (const [number, extra, text] of cases) {
      const response = await reverse(app, number, extra);
      expect(response.statusCode).toBe(400);
      expect(errorText(response)).toBe(text);
    }
    expect((await state(app)).companies[0].series[0].nextNumber).toBe(5);
  });

  it("needs the series, and answers a badly formatted issueDate with json_mapping_error", async () => {
    const app = await emulator();
    const number = await issue(app);
    const noSeries = await call(app, "POST", "/invoice/reverse", { body: { companyVatCode: CIF, number } });
    expect(errorText(noSeries)).toBe("Seria facturii trebuie specificata in parametrul 'seriesname'!");
    const badDate = await reverse(app, number, { issueDate: "02.09.2026" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({
      type: "invalid_request_error",
      errors: [{ code: "json_mapping_error", message: "Could not map property: issueDate.", param: "issueDate" }],
    });
    const unknownField = await reverse(app, number, { reason: "x" });
    expect(unknownField.json().errors[0]).toMatchObject({ code: "json_mapping_error", param: "reason" });
  });
});

describe("the SmartBill emulator: deleting an invoice (DELETE /invoice)", () => {
  it("deletes only the last invoice of its series, with SmartBill's 403 for any other", async () => {
    const app = await emulator();
    await issue(app);
    await issue(app);
    const refused = await remove(app, "0001");
    expect(refused.statusCode).toBe(403);
    expect(errorText(refused)).toBe(
      "Nu poti sterge documentul cu seria si numarul SBL 0001, deoarece nu este ultimul din serie!",
    );
    expect(errorText(refused)).not.toMatch(/limita maxima/);
    const deleted = await remove(app, "0002");
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe("Factura cu seria si numarul SBL0002 a fost stearsa cu succes.");
  });

  it("gives the series its number back, and a repeat finds nothing", async () => {
    const app = await emulator();
    const number = await issue(app);
    await remove(app, number);
    const again = await remove(app, number);
    expect(again.statusCode).toBe(400);
    expect(errorText(again)).toBe("Factura cu seria si numarul SBL0001 nu a fost gasita!");
    expect(await issue(app)).toBe("0001");
  });

  it("puts the stock back, but not twice for a cancelled invoice", async () => {
    const app = await emulator();
    const number = await issue(app, withStock, fromCluj(3));
    await remove(app, number);
    expect(await laptopsIn(app, "Magazin Cluj")).toBe(4);
    const cancelled = await issue(app, withStock, fromCluj(3));
    await cancel(app, cancelled);
    await remove(app, cancelled);
    expect(await laptopsIn(app, "Magazin Cluj")).toBe(4);
  });

  it("unlinks the original when its storno is deleted, so that it can be reversed again", async () => {
    const app = await emulator();
    const number = await issue(app);
    const storno = (await reverse(app, number)).json().number;
    await remove(app, storno);
    expect((await state(app)).companies[0].invoices[0].reversedBy).toBeUndefined();
    expect((await reverse(app, number)).json().number).toBe("0002");
  });

  it("refuses to delete an invoice that has payments", async () => {
    const app = await emulator();
    const number = await issue(app);
    await pay(app, { value: 10, invoicesList: [{ seriesName: "SBL", number }] });
    const response = await remove(app, number);
    expect(response.statusCode).toBe(400);
    expect(errorText(response)).toBe("Factura SBL0001 are incasari. Stergeti intai incasarile facturii.");
  });
});

describe("the SmartBill emulator: payments (POST /payment, DELETE /payment/v2, GET /invoice/paymentstatus)", () => {
  const on = (number: string) => ({ invoicesList: [{ seriesName: "SBL", number }] });

  it("records a partial payment and then the rest, and the payment status adds them up", async () => {
    const app = await emulator();
    const number = await issue(app);
    expect(await status(app, number)).toMatchObject({
      errorText: "",
      invoiceTotalAmount: 121,
      paidAmount: 0,
      unpaidAmount: 121,
      paid: false,
    });
    const partial = await pay(app, { value: 50, ...on(number) });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toEqual({ errorText: "", message: "", number: "", series: "", url: "" });
    expect(await status(app, number)).toMatchObject({ paidAmount: 50, unpaidAmount: 71, paid: false });
    // With useInvoiceDetails and no value, what is left is paid; one {seriesName, number} is enough.
    await pay(app, { type: "card", useInvoiceDetails: true, invoicesList: { seriesName: "SBL", number } });
    expect(await status(app, number)).toMatchObject({ paidAmount: 121, unpaidAmount: 0, paid: true });
    const types = (await state(app)).companies[0].payments.map((p: { type: string }) => p.type);
    expect(types).toEqual(["Ordin plata", "Card"]);
  });

  it("numbers a Chitanta from the company's receipt series", async () => {
    const company: EmulatorCompanySeed = {
      cif: CIF,
      series: [
        { name: "SBL", type: "f", nextNumber: 1 },
        { name: "CH", type: "c", nextNumber: 7 },
      ],
    };
    const app = await emulator({ companies: [company] });
    const number = await issue(app);
    const receipt = await pay(app, { type: "Chitanta", seriesName: "CH", isCash: true, value: 21, ...on(number) });
    expect(receipt.json()).toMatchObject({ errorText: "", series: "CH", number: "0007" });
    const noSeries = await pay(app, { type: "Chitanta", value: 21, ...on(number) });
    expect(errorText(noSeries)).toContain("Seria chitantei nu a fost gasita!");
  });

  it("refuses with SmartBill's texts, changing nothing", async () => {
    const app = await emulator();
    const number = await issue(app);
    const cancelled = await issue(app);
    await cancel(app, cancelled);
    const reversed = await issue(app);
    await reverse(app, reversed);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ type: "", value: 1, ...on(number) }, 400, "Tipul incasarii trebuie specificat."],
      [{ type: "Ordin  plata", value: 1, ...on(number) }, 404, "Tipul documentului nu a fost gasit pe server!"],
      [{ ...on(number) }, 400, "Valoarea incasarii trebuie specificata."],
      [{ client: null, value: 1, ...on(number) }, 400, "Datele clientului trebuie specificate."],
      [{ value: 1, ...on(cancelled) }, 400, "Factura SBL0002 este anulata, nu o puteti incasa."],
      [{ value: 1, ...on(reversed) }, 400, "Factura este incasata sau stornata in totalitate."],
      [{ value: 122, ...on(number) }, 400, "Valoarea incasarii depaseste restul de plata al facturii SBL0001 (121.00)."],
      [
        { value: 1, client: { name: "Altcineva SRL", vatCode: "RO999" }, ...on(number) },
        400,
        "Ciful clientului de pe factura SBL0001 difera de ciful clientului incasarii!",
      ],
      [{ value: 1, ...on("0099") }, 400, "Factura cu seria si numarul SBL0099 nu a fost gasita!"],
      [{ type: "Bon", currency: "EUR", value: 1 }, 400, "Bonurile fiscale pot fi emise doar in Lei!"],
    ];
    for (const [body, code, text] of cases) {
      const response = await pay(app, body);
      expect(response.statusCode, text).toBe(code);
      expect(errorText(response)).toContain(text);
    }
    expect((await state(app)).companies[0].payments).toEqual([]);
    await pay(app, { value: 121, ...on(number) });
    expect(errorText(await pay(app, { value: 1, ...on(number) }))).toBe("Factura este incasata sau stornata in totalitate.");
  });

  it("deletes a payment by its invoice, or by date, value, client and CIF, with SmartBill's message", async () => {
    const app = await emulator();
    const number = await issue(app);
    await pay(app, { value: 55, ...on(number) });
    await pay(app, { type: "CEC", value: 20, ...on(number) });
    const byInvoice = await call(app, "DELETE", "/payment/v2", {
      query: { cif: CIF, paymentType: "Ordin plata", invoiceSeries: "SBL", invoiceNumber: number },
    });
    expect(byInvoice.statusCode).toBe(200);
    expect(byInvoice.json().message).toBe(
      "Incasarea emisa catre clientul Client SRL RO12345678 in data de 01/09/2026 cu valoare de 55 de tip Ordin plata a fost stearsa cu succes.",
    );
    expect(await status(app, number)).toMatchObject({ paidAmount: 20, unpaidAmount: 101, paid: false });
    const byPayment = await call(app, "DELETE", "/payment/v2", {
      query: {
        cif: CIF,
        paymentType: "CEC",
        paymentDate: "2026-09-01",
        paymentValue: "20",
        clientName: "Client SRL",
        clientCif: "RO12345678",
      },
    });
    expect(byPayment.json().message).toContain("cu valoare de 20 de tip CEC a fost stearsa cu succes.");
    expect((await status(app, number)).paidAmount).toBe(0);
  });

  it("deletes a Chitanta only when it is the last of its receipt series, its series number going back", async () => {
    const company: EmulatorCompanySeed = {
      cif: CIF,
      series: [
        { name: "SBL", type: "f", nextNumber: 1 },
        { name: "CH", type: "c", nextNumber: 1 },
      ],
    };
    const app = await emulator({ companies: [company] });
    const number = await issue(app);
    const receipt = (value: number) => pay(app, { type: "Chitanta", seriesName: "CH", isCash: true, value, ...on(number) });
    await receipt(10);
    await receipt(20);
    const removeReceipt = (receiptNumber: string) =>
      call(app, "DELETE", "/payment/chitanta", { query: { cif: CIF, seriesname: "CH", number: receiptNumber } });
    const notLast = await removeReceipt("0001");
    expect(notLast.statusCode).toBe(403);
    expect(errorText(notLast)).toBe("Nu poti sterge documentul cu seria si numarul CH 0001, deoarece nu este ultimul din serie!");
    const deleted = await removeReceipt("0002");
    expect(deleted.json().message).toBe("Chitanta cu seria si numarul CH0002 a fost stearsa cu succes.");
    expect((await status(app, number)).paidAmount).toBe(10);
    expect(errorText(await removeReceipt("0002"))).toBe("Chitanta nu a fost gasita.");
    expect((await receipt(5)).json().number).toBe("0002");
  });

  it("refuses to delete a payment of a type spelled otherwise, or one that is not there", async () => {
    const app = await emulator();
    const number = await issue(app);
    await pay(app, { type: "CEC", value: 20, ...on(number) });
    const query = { cif: CIF, invoiceSeries: "SBL", invoiceNumber: number };
    const wrongCase = await call(app, "DELETE", "/payment/v2", { query: { ...query, paymentType: "Cec" } });
    expect(wrongCase.statusCode).toBe(400);
    expect(errorText(wrongCase)).toMatch(/^Tipul incasarii \(paymentType\) poate fi 'Card', 'Card online', 'Chitanta'/);
    const none = await call(app, "DELETE", "/payment/v2", { query: { ...query, paymentType: "Card" } });
    expect(errorText(none)).toBe("Nu au fost gasite incasari conform datelor specificate.");
    expect((await status(app, number)).paidAmount).toBe(20);
  });
});

describe("the SmartBill emulator: e-mailing an invoice (POST /document/send)", () => {
  const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
  const send = (app: FastifyInstance, body: Record<string, unknown>) =>
    call(app, "POST", "/document/send", {
      body: { companyVatCode: CIF, seriesName: "SBL", number: "0001", type: "factura", ...body },
    });
  const outbox = async (app: FastifyInstance) => (await app.inject({ method: "GET", url: `${ADMIN}/outbox` })).json();

  it("sends with its own {status} envelope, decoding the Base64 subject and body into the outbox, placeholders filled", async () => {
    const app = await emulator();
    await issue(app);
    const response = await send(app, {
      type: "Factura",
      cc: "sef@client.ro",
      subject: b64("Factura #serie numar document#"),
      bodyText: b64("Bună ziua, totalul este #total document#."),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: { code: 0, message: "Documentul a fost trimis cu succes." } });
    const { count, mails } = await outbox(app);
    expect(count).toBe(1);
    expect(mails[0]).toMatchObject({
      cif: CIF,
      series: "SBL",
      number: "0001",
      to: ["contabil@client.ro"],
      cc: ["sef@client.ro"],
      subject: "Factura SBL0001",
      bodyText: "Bună ziua, totalul este 121.00 RON.",
      attachment: "facturaSBL0001.pdf",
    });
    await app.inject({ method: "POST", url: `${ADMIN}/reset` });
    expect((await outbox(app)).count).toBe(0);
  });

  it("refuses with status code 1 and SmartBill's texts, sending nothing", async () => {
    const app = await emulator();
    await issue(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ number: "0099" }, "Documentul nu a fost gasit"],
      [{ subject: "nu e base64!" }, "Subiectul emailului trebuie sa fie codat folosind Base64."],
      [{ bodyText: "Bună ziua" }, "Continutul emailului trebuie sa fie codat folosind Base64."],
      [{ to: "nu-e-adresa" }, "Invalid Addresses"],
      [{ type: "invoice" }, "Valoarea campului 'type' nu este suportata (invoice). Valorile acceptate sunt: factura, proforma."],
    ];
    for (const [body, message] of cases) {
      const response = await send(app, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: { code: 1, message } });
    }
    expect((await outbox(app)).count).toBe(0);
  });

  it("refuses when the company has no e-mail server configured", async () => {
    const app = await emulator({
      companies: [{ cif: CIF, emailServerConfigured: false, series: [{ name: "SBL", type: "f", nextNumber: 1 }] }],
    });
    await issue(app);
    const response = await send(app, {});
    expect(response.json()).toEqual({ status: { code: 1, message: "Server-ul de email nu a fost configurat." } });
  });

  it("keeps SmartBill's classic 401 body for a company the account cannot use", async () => {
    const app = await emulator();
    const response = await send(app, { companyVatCode: "RO1" });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorText).toBe("Firma la care incercati sa va conectati nu mai este disponibila in Cloud.");
  });
});

describe("the SmartBill emulator: every route in its table (405 and the limiter)", () => {
  it("answers a wrong verb on the new routes with 405 and Allow", async () => {
    const app = await emulator();
    const cases: [Method, string, string][] = [
      ["GET", "/invoice/cancel", "PUT"],
      ["POST", "/invoice/restore", "PUT"],
      ["GET", "/invoice", "POST, DELETE"],
      ["POST", "/invoice/pdf", "GET"],
      ["GET", "/invoice/reverse", "POST"],
      ["GET", "/payment", "POST"],
      ["GET", "/payment/v2", "DELETE"],
      ["POST", "/payment/chitanta", "DELETE"],
      ["PUT", "/document/send", "POST"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await call(app, method, path);
      expect(response.statusCode, `${method} ${path}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.json()).toMatchObject({ errors: [{ code: "method_not_allowed" }] });
    }
  });

  it("counts wrong verbs against the token's limit", async () => {
    const app = await emulator({ limiter: { limit: 2, blockMs: 60_000 } });
    expect((await call(app, "GET", "/invoice")).statusCode).toBe(405);
    expect((await call(app, "DELETE", "/tax")).statusCode).toBe(405);
    const blocked = await call(app, "GET", "/tax", { query: { cif: CIF } });
    expect(blocked.statusCode).toBe(403);
    expect(errorText(blocked)).toMatch(/^Ai depasit limita maxima de requesturi admisa/);
  });
});

describe("the SmartBill emulator: faults on the calls after the send", () => {
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
          accept: path === "/invoice/pdf" ? "application/octet-stream" : "application/json",
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
    /** Sets up what the call needs; returns nothing. */
    before?: (emulator: Awaited<ReturnType<typeof listening>>) => Promise<void>;
    /** What the state shows once the call did its work. */
    done: (state: EmulatorState, outbox: { count: number }) => boolean;
  }
  const first = { cif: CIF, seriesname: "SBL", number: "0001" };
  const company = (s: EmulatorState) => s.companies[0];
  const cases: Case[] = [
    { name: "the PDF", method: "GET", path: "/invoice/pdf", query: first, done: () => true },
    { name: "a cancel", method: "PUT", path: "/invoice/cancel", query: first, done: (s) => company(s).invoices[0].cancelled === true },
    {
      name: "a restore",
      method: "PUT",
      path: "/invoice/restore",
      query: first,
      before: async ({ request }) => void (await request("PUT", "/invoice/cancel", first)).text(),
      done: (s) => company(s).invoices[0].cancelled === false,
    },
    {
      name: "a storno",
      method: "POST",
      path: "/invoice/reverse",
      body: { companyVatCode: CIF, seriesName: "SBL", number: "0001" },
      done: (s) => company(s).invoices.length === 2,
    },
    { name: "a delete", method: "DELETE", path: "/invoice", query: first, done: (s) => company(s).invoices.length === 0 },
    {
      name: "a payment",
      method: "POST",
      path: "/payment",
      body: {
        companyVatCode: CIF,
        type: "Card",
        value: 10,
        client: { name: "Client SRL" },
        invoicesList: [{ seriesName: "SBL", number: "0001" }],
      },
      done: (s) => company(s).invoices[0].paid === 10,
    },
    {
      name: "a payment's deletion",
      method: "DELETE",
      path: "/payment/v2",
      query: { cif: CIF, paymentType: "Card", invoiceSeries: "SBL", invoiceNumber: "0001" },
      before: async ({ request }) =>
        void (await request("POST", "/payment", {}, {
          companyVatCode: CIF,
          type: "Card",
          value: 10,
          client: { name: "Client SRL" },
          invoicesList: [{ seriesName: "SBL", number: "0001" }],
        })).text(),
      done: (s) => company(s).payments.length === 0,
    },
    {
      name: "an e-mail",
      method: "POST",
      path: "/document/send",
      body: { companyVatCode: CIF, seriesName: "SBL", number: "0001", type: "factura", to: "a@client.ro" },
      done: (_s, outbox) => outbox.count === 1,
    },
  ];

  for (const fault of ["drop-after-store", "hang-after-store"] as const) {
    it.each(cases)(`${fault}: $name is done, and the caller gets no answer`, async (c) => {
      const emulator = await listening();
      const { admin, request } = emulator;
      const issued = await request("POST", "/invoice", {}, invoice());
      expect((await issued.json()).number).toBe("0001");
      await c.before?.(emulator);
      await admin("POST", "/faults", { fault, path: c.path, method: c.method } satisfies Fault);
      await expect(request(c.method, c.path, c.query ?? {}, c.body).then((r) => r.arrayBuffer())).rejects.toThrow();
      expect(c.done(await admin("GET", "/state"), await admin("GET", "/outbox"))).toBe(true);
      expect(await admin("GET", "/faults")).toEqual([]);
    });
  }

  it.each(cases.filter((c) => c.path !== "/invoice/pdf"))("timeout: $name is not done", async (c) => {
    const emulator = await listening();
    const { admin, request } = emulator;
    await request("POST", "/invoice", {}, invoice()).then((r) => r.text());
    await c.before?.(emulator);
    await admin("POST", "/faults", { fault: "timeout", path: c.path, method: c.method } satisfies Fault);
    await expect(request(c.method, c.path, c.query ?? {}, c.body).then((r) => r.arrayBuffer())).rejects.toThrow();
    expect(c.done(await admin("GET", "/state"), await admin("GET", "/outbox"))).toBe(false);
  });

  it("answers nginx's 502 on the PDF when asked to", async () => {
    const { admin, request } = await listening();
    await request("POST", "/invoice", {}, invoice()).then((r) => r.text());
    await admin("POST", "/faults", { fault: "html502", path: "/invoice/pdf" });
    const response = await request("GET", "/invoice/pdf", first);
    expect(response.status).toBe(502);
    expect(await response.text()).toContain("nginx");
  });

  it("applies a fault on /invoice only to the verb it names", async () => {
    const { admin, request } = await listening();
    await admin("POST", "/faults", { fault: "html500", path: "/invoice", method: "DELETE" });
    const issued = await request("POST", "/invoice", {}, invoice());
    expect(issued.status).toBe(200);
    await issued.text();
    expect((await request("DELETE", "/invoice", first)).status).toBe(500);
  });
});
