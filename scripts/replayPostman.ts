/**
 * npm run replay:postman -- <collection.json> — replays SmartBill's own Postman collection
 * against the SmartBill emulator, request by request in the collection's order, and says for
 * each whether the emulator served it (ok), refused it as SmartBill would (refused, with
 * SmartBill's reason), has no such route (missing), or refused the vendor's request for its
 * shape (broken); then the totals. See scripts/postmanReplay/classifyAnswer.ts.
 *
 * The emulator runs in this process on 127.0.0.1 with the demo company. The collection's
 * variables get the demo company's values: its CIF, account, invoice / proforma / receipt series,
 * first warehouse and product, and today's date. Its limit is raised: the collection is not paced.
 *
 * The collection names documents by literal numbers ("0025", "2205", "0023", "0009", id "1384").
 * Each one is mapped, on its first use, to a document the script creates first through the
 * emulator's API: a new invoice (with an 'Ordin plata' payment when a payment of it is to be
 * deleted), a new proforma, the last receipt of the receipt series, the last fiscal receipt's id
 * (one is issued when there is none). The mappings are printed at the end.
 *
 * The collection is SmartBill's text (florin-szilagyi/smartbill-ts-sdk:
 * tests/SmartBill_API_Postman.postman_collection.json): it is read from the path given, never
 * kept in this repository.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { SMARTBILL_EMULATOR_PREFIX, smartBillEmulator, type EmulatorState } from "../server/smartbill/emulator/index";
import {
  DEMO_SMARTBILL_CIF,
  DEMO_SMARTBILL_TOKEN,
  DEMO_SMARTBILL_USERNAME,
  demoCompanies,
} from "../server/smartbill/emulator/demoData";
import { classifyAnswer, totalsLine, type Verdict } from "./postmanReplay/classifyAnswer";
import { fillVariables, readCollection, stripJsonComments } from "./postmanReplay/postmanCollection";

const path = process.argv[2];
if (!path) {
  console.error("Folosire: npm run replay:postman -- <colecția Postman SmartBill.json>");
  process.exit(2);
}
const collection = readCollection(JSON.parse(readFileSync(path, "utf8")));

const app = Fastify({ logger: false });
await app.register(smartBillEmulator, { prefix: SMARTBILL_EMULATOR_PREFIX, limiter: { limit: 100_000 } });
const origin = await app.listen({ host: "127.0.0.1", port: 0 });
const baseUrl = `${origin}${SMARTBILL_EMULATOR_PREFIX}/SBORO/api`;

const [company] = demoCompanies();
const seriesOf = (type: "f" | "p" | "c") => company.series?.find((series) => series.type === type)?.name ?? "";
const warehouse = company.warehouses![0];
const product = warehouse.products[0];
const today = new Date().toISOString().slice(0, 10);
const variables: Record<string, string> = {
  ...collection.variables,
  baseUrl,
  vatCode: DEMO_SMARTBILL_CIF,
  email: DEMO_SMARTBILL_USERNAME,
  token: DEMO_SMARTBILL_TOKEN,
  date: today,
  todayDate: today,
  invoiceSeriesName: seriesOf("f"),
  estimateSeriesName: seriesOf("p"),
  paymentSeries: seriesOf("c"),
  warehouseName: warehouse.name,
  productName: product.name,
  productCode: product.code,
};
const username = fillVariables(collection.basicAuth?.username ?? "{{email}}", variables);
const password = fillVariables(collection.basicAuth?.password ?? "{{token}}", variables);
const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

async function send(method: string, url: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization,
      accept: "*/*",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get("content-type") ?? "";
  return { status: response.status, contentType, body: bytes.toString(/pdf|octet/.test(contentType) ? "latin1" : "utf8") };
}

const api = async (method: string, apiPath: string, body?: object) => {
  const answer = await send(method, `${baseUrl}${apiPath}`, body === undefined ? undefined : JSON.stringify(body));
  return { status: answer.status, json: (/json/.test(answer.contentType) ? JSON.parse(answer.body) : {}) as Record<string, unknown> };
};
const emulatorState = async () =>
  (await (await fetch(`${origin}${SMARTBILL_EMULATOR_PREFIX}/__emulator/state`)).json()) as EmulatorState;

// What the script creates for the collection's literal numbers: a body of its own, never the collection's.
const client = {
  name: variables.clientName || "Client Demo SRL",
  vatCode: variables.clientVatCode || "RO12345678",
  country: variables.clientCountry || "Romania",
  email: variables.clientEmail || "client@example.ro",
};
const documentBody = (seriesName: string) => ({
  companyVatCode: DEMO_SMARTBILL_CIF,
  seriesName,
  issueDate: today,
  client,
  products: [
    { name: product.name, code: product.code, measuringUnitName: product.unit, currency: "RON", quantity: 1, price: 100, taxName: "Normala", taxPercentage: 21 },
  ],
});

async function newInvoice(): Promise<string | undefined> {
  const { json } = await api("POST", "/invoice/v2", documentBody(variables.invoiceSeriesName));
  return json.errorText === "" ? String(json.number) : undefined;
}

async function newProforma(): Promise<string | undefined> {
  const { json } = await api("POST", "/estimate/v2", documentBody(variables.estimateSeriesName));
  return json.errorText === "" && json.number ? String(json.number) : undefined;
}

async function pay(invoiceNumber: string, type: string): Promise<void> {
  await api("POST", "/payment", {
    companyVatCode: DEMO_SMARTBILL_CIF,
    type,
    issueDate: today,
    value: 10,
    isCash: false,
    client: { name: client.name, vatCode: client.vatCode },
    invoicesList: [{ seriesName: variables.invoiceSeriesName, number: invoiceNumber }],
  });
}

async function lastReceipt(): Promise<string | undefined> {
  const receipts = () =>
    emulatorState().then((state) =>
      state.companies[0].payments.filter((payment) => payment.type === "Chitanta" && payment.series === variables.paymentSeries),
    );
  if ((await receipts()).length === 0) {
    await api("POST", "/payment", {
      companyVatCode: DEMO_SMARTBILL_CIF,
      type: "Chitanta",
      seriesName: variables.paymentSeries,
      issueDate: today,
      isCash: true,
      value: 10,
      client: { name: client.name, vatCode: client.vatCode },
    });
  }
  return (await receipts()).at(-1)?.number;
}

async function lastFiscalReceiptId(): Promise<string | undefined> {
  const bons = () => emulatorState().then((state) => state.companies[0].payments.filter((payment) => payment.type === "Bon"));
  if ((await bons()).length === 0) {
    await api("POST", "/payment", {
      companyVatCode: DEMO_SMARTBILL_CIF,
      type: "Bon",
      issueDate: today,
      value: 100,
      returnFiscalPrinterText: true,
      client: { name: client.name, vatCode: client.vatCode },
      products: [{ name: product.name, measuringUnitName: product.unit, quantity: 1, price: 100, isTaxIncluded: true, taxName: "Normala", taxPercentage: 21 }],
      receivedCash: 100,
    });
  }
  const last = (await bons()).at(-1);
  return last ? String(last.id) : undefined;
}

/** literal ("invoice 0025") → the number it stands for here; kept, so later uses name the same document. */
const mapped = new Map<string, string>();
const mappingNotes: string[] = [];

async function documentFor(kind: "invoice" | "proforma", literal: string, paidWith?: string): Promise<string> {
  const key = `${kind} ${literal}`;
  const known = mapped.get(key);
  if (known) return known;
  const number = kind === "invoice" ? await newInvoice() : await newProforma();
  if (!number) return literal; // could not be created (a route the emulator lacks): the literal stays
  if (paidWith) await pay(number, paidWith);
  mapped.set(key, number);
  mappingNotes.push(`${key} → ${number}${paidWith ? ` (with a '${paidWith}' payment)` : ""}`);
  return number;
}

async function always(key: string, literal: string, find: () => Promise<string | undefined>): Promise<string> {
  const found = await find();
  if (!found) return literal;
  mappingNotes.push(`${key} ${literal} → ${found}`);
  return found;
}

/** The URL and body with the collection's literal document numbers replaced by documents of this run. */
async function mapDocuments(url: URL, body: Record<string, unknown> | undefined): Promise<void> {
  const apiPath = url.pathname.slice(new URL(baseUrl).pathname.length);
  const query = url.searchParams;
  const number = query.get("number");
  if (number) {
    if (apiPath.startsWith("/invoice")) query.set("number", await documentFor("invoice", number));
    else if (apiPath.startsWith("/estimate")) query.set("number", await documentFor("proforma", number));
    else if (apiPath === "/payment/chitanta") query.set("number", await always("receipt", number, lastReceipt));
  }
  const invoiceNumber = query.get("invoiceNumber");
  if (invoiceNumber) {
    query.set("invoiceNumber", await documentFor("invoice", invoiceNumber, query.get("paymentType") ?? undefined));
  }
  const id = query.get("id");
  if (id && apiPath === "/payment/text") query.set("id", await always("fiscal receipt id", id, lastFiscalReceiptId));

  if (!body) return;
  const literal = body.number;
  if (typeof literal === "string" && literal) {
    if (apiPath === "/invoice/reverse") body.number = await documentFor("invoice", literal);
    if (apiPath === "/document/send") {
      const kind = String(body.type).toLowerCase() === "proforma" ? "proforma" : "invoice";
      body.number = await documentFor(kind, literal);
    }
  }
  const estimate = body.estimate as Record<string, unknown> | undefined;
  if (estimate && typeof estimate.number === "string") estimate.number = await documentFor("proforma", estimate.number);
  const refs = Array.isArray(body.invoicesList) ? body.invoicesList : body.invoicesList ? [body.invoicesList] : [];
  for (const ref of refs as Record<string, unknown>[]) {
    if (typeof ref.number === "string" && ref.number) ref.number = await documentFor("invoice", ref.number);
  }
}

const verdicts: Verdict[] = [];
try {
  for (const request of collection.requests) {
    const url = new URL(fillVariables(request.url, variables));
    let body: string | undefined;
    if (request.body !== undefined) {
      const text = stripJsonComments(fillVariables(request.body, variables));
      let parsed: Record<string, unknown> | undefined;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = undefined;
      }
      await mapDocuments(url, parsed);
      body = parsed ? JSON.stringify(parsed) : text;
    } else {
      await mapDocuments(url, undefined);
    }
    const headers = Object.fromEntries(request.headers.map(({ key, value }) => [key.toLowerCase(), fillVariables(value, variables)]));
    const answer = await send(request.method, url.toString(), body, headers);
    const { verdict, reason } = classifyAnswer(answer);
    verdicts.push(verdict);
    const shownPath = `${url.pathname.replace(`${SMARTBILL_EMULATOR_PREFIX}/SBORO/api`, "")}${url.search}`;
    console.log(`${verdict.padEnd(8)} ${request.method.padEnd(6)} ${decodeURIComponent(shownPath)} | ${request.name}${reason ? ` | ${reason}` : ""}`);
  }
  if (mappingNotes.length > 0) console.log(`\nLiteral numbers mapped to documents of this run: ${mappingNotes.join("; ")}`);
  console.log(`\n${collection.requests.length} requests: ${totalsLine(verdicts)}`);
} finally {
  await app.close();
}
