/**
 * The SmartBill client's calls after the send, against the emulator on a real loopback port:
 * the PDF, cancel and restore, storno, delete (whose 403 is no lockout), payments and their
 * status, e-mail; and what a lost answer on each says may have happened.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SmartBillUrlPolicy, smartBillUrlPolicy } from "../../server/smartbill/allowedUrl";
import { createSmartBillClient, resetSmartBillLimiters } from "../../server/smartbill/client";
import {
  DEMO_SMARTBILL_CIF,
  DEMO_SMARTBILL_TOKEN,
  DEMO_SMARTBILL_USERNAME,
  type Fault,
  type OutboxMail,
  smartBillEmulator,
} from "../../server/smartbill/emulator/index";
import { type InvoiceRequest, SmartBillError } from "../../server/smartbill/types";

let emulator: FastifyInstance;
let origin: string;
let smartBillUrls: SmartBillUrlPolicy;
/** Made anew for each test: a client takes its token's limiter when made, and each test resets them. */
let smartBill: ReturnType<typeof createSmartBillClient>;

beforeAll(async () => {
  emulator = Fastify({ logger: false });
  emulator.register(smartBillEmulator);
  await emulator.listen({ port: 0, host: "127.0.0.1" });
  const { port } = emulator.server.address() as { port: number };
  origin = `http://127.0.0.1:${port}`;
  smartBillUrls = smartBillUrlPolicy({ allowedHosts: [], emulator: { apiPath: "/SBORO/api", port: () => port } });
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(async () => {
  resetSmartBillLimiters();
  await admin("POST", "/reset");
  smartBill = client();
});

function client(timeoutMs = 10_000) {
  return createSmartBillClient(
    {
      baseUrl: `${origin}/SBORO/api`,
      username: DEMO_SMARTBILL_USERNAME,
      token: DEMO_SMARTBILL_TOKEN,
      cif: DEMO_SMARTBILL_CIF,
    },
    { smartBillUrls, timeoutMs },
  );
}

/** The admin API's JSON, typed by the caller. */
async function admin<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : response.json()) as Promise<T>;
}
const fault = (f: Fault) => admin("POST", "/faults", f);

async function failure(promise: Promise<unknown>): Promise<SmartBillError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SmartBillError);
    return error as SmartBillError;
  }
  throw new Error("expected the call to fail");
}

const invoiceRequest: InvoiceRequest = {
  seriesName: "SBL",
  issueDate: "2026-08-31",
  client: { name: "Țesătoria Ștefan SRL", country: "Romania", vatCode: "RO12345678", email: "contabil@tesatoria.ro" },
  products: [
    {
      name: "Laptop Lenovo ThinkPad E14",
      code: "PRD001",
      measuringUnitName: "buc",
      currency: "RON",
      quantity: 1,
      price: 100,
      taxName: "Normala",
      taxPercentage: 21,
    },
  ],
};
const first = { seriesName: "SBL", number: "0001" };
const issue = () => smartBill.createInvoice(invoiceRequest);
const payment = (value?: number, smartBillClient = smartBill) =>
  smartBillClient.addPayment({
    type: "Ordin plata",
    issueDate: "2026-09-01",
    ...(value === undefined ? { useInvoiceDetails: true } : { value }),
    client: { name: "Țesătoria Ștefan SRL", vatCode: "RO12345678" },
    isCash: false,
    invoicesList: [first],
  });

describe("the SmartBill client after the send", () => {
  it("downloads an invoice's PDF with SmartBill's file name, asking for application/octet-stream", async () => {
    await issue();
    const { pdf, fileName } = await smartBill.invoicePdf(first);
    expect(fileName).toBe("facturaSBL0001.pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain("Seria SBL nr. 0001");
    expect(text).toContain("Tesatoria Stefan SRL");
    expect(text).toContain("121.00 RON");
    const log = await admin("GET", "/requests");
    expect(log.requests.at(-1)).toMatchObject({ method: "GET", path: "/invoice/pdf", query: "cif=RO40671760&seriesname=SBL&number=0001" });
  });

  it("reports SmartBill's nginx 502 for an unknown invoice's PDF as an 'http' error", async () => {
    const error = await failure(smartBill.invoicePdf({ seriesName: "SBL", number: "0099" }));
    expect(error).toMatchObject({ kind: "http", status: 502 });
    expect(error.message).toContain("502 Bad Gateway");
  });

  it("cancels and restores, a repeat being no error", async () => {
    await issue();
    expect(await smartBill.cancelInvoice(first)).toBe("Factura cu seria si numarul SBL0001 a fost anulata cu succes.");
    expect(await smartBill.cancelInvoice(first)).toBe("Factura SBL0001 este deja anulata.");
    expect(await smartBill.restoreInvoice(first)).toBe("Factura cu seria si numarul SBL0001 a fost restaurata cu succes.");
    expect(await smartBill.restoreInvoice(first)).toBe("Factura SBL0001 nu necesita restaurare.");
  });

  it("reverses an invoice once, passing SmartBill's refusal of a second storno through", async () => {
    await issue();
    const storno = await smartBill.reverseInvoice({ ...first, issueDate: "2026-09-01" });
    expect(storno).toMatchObject({ errorText: "", series: "SBL", number: "0002" });
    const error = await failure(smartBill.reverseInvoice(first));
    expect(error).toMatchObject({ kind: "provider", status: 400, message: "Factura este deja stornata." });
  });

  it("says a storno whose answer was lost may have been issued", async () => {
    await issue();
    await fault({ fault: "drop-after-store", path: "/invoice/reverse" });
    const error = await failure(smartBill.reverseInvoice(first));
    expect(error.kind).toBe("network");
    expect(error.message).toContain("Stornarea poate să fi fost totuși emisă");
    expect((await smartBill.getSeries("f"))[0].nextNumber).toBe(3);
  });

  it("reports DELETE's 403 'not last in series' as SmartBill's refusal, not a lockout, while the real lockout 403 still is one", async () => {
    await issue();
    await issue();
    const refused = await failure(smartBill.deleteInvoice(first));
    expect(refused).toMatchObject({
      kind: "provider",
      status: 403,
      message: "Nu poti sterge documentul cu seria si numarul SBL 0001, deoarece nu este ultimul din serie!",
    });
    expect(refused.lockedUntil).toBeUndefined();
    expect(await smartBill.deleteInvoice({ seriesName: "SBL", number: "0002" })).toBe(
      "Factura cu seria si numarul SBL0002 a fost stearsa cu succes.",
    );

    // The calls above used the window up: the next one starts SmartBill's block.
    await admin("PUT", "/settings", { limiter: { limit: 4, blockMs: 60_000 } });
    const locked = await failure(smartBill.deleteInvoice(first));
    expect(locked.kind).toBe("lockout");
    expect(locked.lockedUntil).toBeGreaterThan(Date.now());
  });

  it("records a partial payment, then the rest, and reads the payment status; deletes a payment", async () => {
    await issue();
    expect(await smartBill.paymentStatus(first)).toEqual({
      invoiceTotalAmount: 121,
      paidAmount: 0,
      unpaidAmount: 121,
      paid: false,
    });
    expect(await payment(50)).toMatchObject({ errorText: "", number: "", series: "" });
    expect(await smartBill.paymentStatus(first)).toMatchObject({ paidAmount: 50, unpaidAmount: 71, paid: false });
    await payment();
    expect(await smartBill.paymentStatus(first)).toMatchObject({ paidAmount: 121, unpaidAmount: 0, paid: true });
    const over = await failure(payment(1));
    expect(over).toMatchObject({ kind: "provider", message: "Factura este incasata sau stornata in totalitate." });

    const deleted = await smartBill.deletePayment({ paymentType: "Ordin plata", invoiceSeries: "SBL", invoiceNumber: "0001" });
    expect(deleted).toMatch(/^Incasarea emisa catre clientul Țesătoria Ștefan SRL RO12345678 in data de 01\/09\/2026/);
    expect(await smartBill.paymentStatus(first)).toMatchObject({ paidAmount: 50, paid: false });
  });

  it("says a payment whose answer was lost may have been recorded, and sends it once", async () => {
    await issue();
    await fault({ fault: "hang-after-store", path: "/payment" });
    const error = await failure(payment(10, client(300)));
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("Încasarea poate să fi fost totuși înregistrată");
    expect((await smartBill.paymentStatus(first)).paidAmount).toBe(10);
    const log = await admin("GET", "/requests");
    expect(log.requests.filter((r: { path: string }) => r.path === "/payment")).toHaveLength(1);
  });

  it("e-mails an invoice, encoding subject and body in Base64, and reads SmartBill's {status} envelope", async () => {
    await issue();
    const answer = await smartBill.sendDocument({ ...first, subject: "Factura #serie numar document#", bodyText: "Bună ziua!" });
    expect(answer).toBe("Documentul a fost trimis cu succes.");
    const sent = (await admin("GET", "/requests")).requests.at(-1).body;
    expect(sent).toMatchObject({ type: "factura", subject: Buffer.from("Factura #serie numar document#").toString("base64") });
    const { mails } = (await admin("GET", "/outbox")) as { mails: OutboxMail[] };
    expect(mails).toEqual([
      expect.objectContaining({ to: ["contabil@tesatoria.ro"], subject: "Factura SBL0001", bodyText: "Bună ziua!" }),
    ]);
    const refused = await failure(smartBill.sendDocument({ seriesName: "SBL", number: "0099" }));
    expect(refused).toMatchObject({ kind: "provider", status: 400, message: "Documentul nu a fost gasit" });
  });
});
