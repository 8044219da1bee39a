/**
 * The SmartBill client against the emulator on a real loopback port: what each kind of
 * failure becomes, the per-token limiter, lockouts, time-outs, and that an invoice is never
 * sent twice. smartBillClientForTenant reads the tenant's settings from the database, so that
 * part runs on both dialects.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type SmartBillUrlPolicy, smartBillUrlPolicy } from "../../server/smartbill/allowedUrl";
import {
  createSmartBillClient,
  DEFAULT_SMARTBILL_TIMEOUT_MS,
  resetSmartBillLimiters,
  type SmartBillClientOptions,
  smartBillClientForTenant,
  smartBillConfigFromSettings,
} from "../../server/smartbill/client";
import {
  DEMO_SMARTBILL_CIF,
  DEMO_SMARTBILL_TOKEN,
  DEMO_SMARTBILL_USERNAME,
  type Fault,
  smartBillEmulator,
} from "../../server/smartbill/emulator/index";
import { formatSmartBillTime, parseSmartBillTime } from "../../server/smartbill/bucharestTime";
import { errorTextToPlain } from "../../server/smartbill/errorText";
import { type InvoiceRequest, SmartBillError } from "../../server/smartbill/types";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

let emulator: FastifyInstance;
let origin: string;
let baseUrl: string;
/** The standalone emulator's address, allowed the way the app allows its own emulator. */
let emulatorUrls: SmartBillUrlPolicy;

beforeAll(async () => {
  emulator = Fastify({ logger: false });
  emulator.register(smartBillEmulator);
  await emulator.listen({ port: 0, host: "127.0.0.1" });
  const address = emulator.server.address();
  if (!address || typeof address !== "object") throw new Error("no emulator port");
  origin = `http://127.0.0.1:${address.port}`;
  baseUrl = `${origin}/SBORO/api`;
  const { port } = address;
  emulatorUrls = smartBillUrlPolicy({ allowedHosts: [], emulator: { apiPath: "/SBORO/api", port: () => port } });
});
afterAll(async () => {
  await emulator.close();
  removeTemporaryDatabases();
});

beforeEach(async () => {
  resetSmartBillLimiters();
  await admin("POST", "/reset");
});
afterEach(() => {
  vi.useRealTimers();
});

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${origin}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

const fault = (f: Fault) => admin("POST", "/faults", f);
const emulatorSettings = (settings: object) => admin("PUT", "/settings", settings);
/**
 * Uses up the token's calls from outside the client, as another program or server process
 * sharing the token would, until SmartBill blocks it.
 */
async function blockTokenElsewhere(): Promise<void> {
  const authorization = `Basic ${Buffer.from(`${DEMO_SMARTBILL_USERNAME}:${DEMO_SMARTBILL_TOKEN}`).toString("base64")}`;
  for (let i = 0; i < 100; i++) {
    const response = await fetch(`${baseUrl}/tax?cif=${DEMO_SMARTBILL_CIF}`, { headers: { authorization } });
    await response.text();
    if (response.status === 403 || response.status === 429) return;
  }
  throw new Error("the emulator never blocked the token");
}

const requestCount = async () => ((await admin("GET", "/requests")) as { count: number }).count;

function client(overrides: Partial<{ username: string; token: string; cif: string; baseUrl: string }> = {}, options?: SmartBillClientOptions) {
  return createSmartBillClient(
    {
      baseUrl,
      username: DEMO_SMARTBILL_USERNAME,
      token: DEMO_SMARTBILL_TOKEN,
      cif: DEMO_SMARTBILL_CIF,
      ...overrides,
    },
    { smartBillUrls: emulatorUrls, ...options },
  );
}

/** The SmartBillError a promise rejects with (failing the test if it resolves). */
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
  client: { name: "Client SRL", country: "Romania", vatCode: "RO12345678", saveToDb: false },
  products: [
    {
      name: "Laptop Lenovo ThinkPad E14",
      code: "PRD001",
      measuringUnitName: "buc",
      currency: "RON",
      quantity: 1,
      price: 3500,
      taxName: "Normala",
      taxPercentage: 21,
    },
  ],
};

describe("the SmartBill client", () => {
  it("reads the demo company's stock, taxes and series", async () => {
    const smartBill = client();
    const stock = await smartBill.getStocks({ date: "2026-08-22", warehouseName: "Magazin Cluj" });
    expect(stock).toHaveLength(1);
    expect(stock[0].warehouse).toEqual({ warehouseName: "Magazin Cluj", warehouseType: "en detail" });
    expect(stock[0].products).toContainEqual({
      productName: "Cafea boabe prăjită",
      productCode: "PRD004",
      measuringUnit: "kg",
      quantity: 7.25,
    });
    expect(await smartBill.getTaxes()).toEqual([
      { name: "Normala", percentage: 21 },
      { name: "Redusa", percentage: 11 },
      { name: "Taxare inversa", percentage: 0 },
    ]);
    expect(await smartBill.getSeries("f")).toEqual([{ name: "SBL", nextNumber: 1, type: "f" }]);
  });

  it("parses quantities and series numbers sent as strings", async () => {
    await emulatorSettings({ legacyNumbers: true });
    const smartBill = client();
    const [cluj] = await smartBill.getStocks({ date: "2026-08-22", warehouseName: "Magazin Cluj", productCode: "PRD004" });
    expect(cluj.products[0].quantity).toBe(7.25);
    expect(await smartBill.getSeries()).toEqual([
      { name: "SBL", nextNumber: 1, type: "f" },
      { name: "SBL-PF", nextNumber: 1, type: "p" },
    ]);
  });

  it("sends the warehouse name with spaces and diacritics intact", async () => {
    await admin("PUT", "/state", {
      companies: [
        {
          cif: DEMO_SMARTBILL_CIF,
          warehouses: [{ name: "Gestiune Brașov & Co", type: "en gros", products: [{ code: "P1", name: "Mere", unit: "kg", quantity: 2 }] }],
        },
      ],
    });
    const [warehouse] = await client().getStocks({ date: "2026-08-22", warehouseName: "Gestiune Brașov & Co" });
    expect(warehouse.products).toEqual([{ productName: "Mere", productCode: "P1", measuringUnit: "kg", quantity: 2 }]);
  });

  it("creates an invoice through /invoice/v2 and returns its series and number, its documentId and links", async () => {
    const result = await client().createInvoice(invoiceRequest);
    expect(result).toMatchObject({ errorText: "", message: "", number: "0001", series: "SBL", url: "" });
    expect(result.documentId).toEqual(expect.any(Number));
    expect(result.documentViewUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/);
  });

  it("turns a 401 into an 'auth' error with SmartBill's text", async () => {
    const error = await failure(client({ token: "not-the-token" }).getTaxes());
    expect(error.kind).toBe("auth");
    expect(error.status).toBe(401);
    expect(error.message).toBe("Autentificare esuata. Va rugam verificati datele si incercati din nou.");
  });

  it("turns an unknown CIF into an 'auth' error naming the company problem", async () => {
    const error = await failure(client({ cif: "RO99999999" }).getStocks({ date: "2026-08-22" }));
    expect(error.kind).toBe("auth");
    expect(error.message).toBe("Firma la care incercati sa va conectati nu mai este disponibila in Cloud.");
  });

  it("treats a 200 with errorText as a failure", async () => {
    await fault({ fault: "errortext-200", text: "Nu aveti dreptul de a adauga facturi pe seria selectata" });
    const error = await failure(client().createInvoice(invoiceRequest));
    expect(error.kind).toBe("provider");
    expect(error.status).toBe(200);
    expect(error.message).toBe("Nu aveti dreptul de a adauga facturi pe seria selectata");
  });

  it("reduces HTML in errorText to its visible text", async () => {
    await fault({ fault: "errortext-html" });
    const error = await failure(client().getTaxes());
    expect(error.kind).toBe("provider");
    expect(error.message).toBe(
      "Cantitate stoc insuficienta la factura SBL0001 din data 22/08/2026 pentru produsul " +
        "Laptop Lenovo ThinkPad E14. Verificati stocul produsului & incercati din nou.",
    );
  });

  it("passes SmartBill's validation texts through", async () => {
    const error = await failure(client().createInvoice({ ...invoiceRequest, seriesName: "NU" }));
    expect(error).toMatchObject({
      kind: "provider",
      status: 400,
      message: "Seria nu a fost gasita! Folositi o serie creata in contul de cloud.",
    });
    const stock = await failure(
      client().createInvoice({
        ...invoiceRequest,
        useStock: true,
        products: [{ ...invoiceRequest.products[0], quantity: 50, warehouseName: "Magazin Cluj" } as InvoiceRequest["products"][0]],
      }),
    );
    expect(stock.message).toBe(
      "Cantitate stoc insuficienta la factura SBL0001 din data 31/08/2026 pentru produsul " +
        "Laptop Lenovo ThinkPad E14 din gestiunea Magazin Cluj.",
    );
  });

  it("reports an HTML 500 page as an 'http' error with its status", async () => {
    await fault({ fault: "html500" });
    const error = await failure(client().getTaxes());
    expect(error.kind).toBe("http");
    expect(error.status).toBe(500);
    expect(error.message).toContain("HTTP 500");
    expect(error.message).toContain("Internal Server Error");
  });

  it("reports an nginx 502 page as an 'http' error", async () => {
    await fault({ fault: "html502" });
    const error = await failure(client().getSeries());
    expect(error).toMatchObject({ kind: "http", status: 502 });
    expect(error.message).toContain("502 Bad Gateway");
  });

  it("reports a non-JSON success as 'invalid-response'", async () => {
    await fault({ fault: "html200" });
    const error = await failure(client().getStocks({ date: "2026-08-22" }));
    expect(error.kind).toBe("invalid-response");
    expect(error.status).toBe(200);
    expect(error.message).toBe(
      "SmartBill a trimis un răspuns care nu este JSON (HTTP 200, „SmartBill - lucrari de mentenanta”) la GET /stocks.",
    );
  });

  it("gives up after the time limit with a 'timeout' error", async () => {
    await fault({ fault: "timeout" });
    const started = Date.now();
    const error = await failure(client({}, { timeoutMs: 200 }).getTaxes());
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("SmartBill nu a răspuns în 0,2 s (GET /tax).");
    // Ended by this call's limit, not the default one (30 s); generous for a busy machine.
    expect(Date.now() - started).toBeLessThan(DEFAULT_SMARTBILL_TIMEOUT_MS / 2);
    // The emulator is fine afterwards.
    expect(await client().getTaxes()).toHaveLength(3);
  });

  it("reports a refused connection as a 'network' error", async () => {
    const closed = Fastify({ logger: false });
    await closed.listen({ port: 0, host: "127.0.0.1" });
    const { port } = closed.server.address() as { port: number };
    await closed.close();
    // An allowed host (SMARTBILL_ALLOWED_HOSTS=127.0.0.1:port) that nothing answers on.
    const smartBillUrls = smartBillUrlPolicy({ allowedHosts: [`127.0.0.1:${port}`] });
    const error = await failure(client({ baseUrl: `https://127.0.0.1:${port}/SBORO/api` }, { smartBillUrls }).getTaxes());
    expect(error.kind).toBe("network");
    expect(error.message).toContain("conexiunea a fost refuzată");
  });

  it("never resends an invoice whose answer was lost, and says it may have been issued", async () => {
    await fault({ fault: "drop-after-store", path: "/invoice/v2" });
    const error = await failure(client().createInvoice(invoiceRequest));
    expect(error.kind).toBe("network");
    expect(error.message).toContain("Factura poate să fi fost totuși emisă");
    const log = (await admin("GET", "/requests")) as { requests: { method: string; path: string }[] };
    expect(log.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    // SmartBill did issue it: the series moved on.
    expect(await client().getSeries("f")).toEqual([{ name: "SBL", nextNumber: 2, type: "f" }]);
  });
});

describe("the SmartBill client's rate limiting", () => {
  it("makes call 31 wait for a free slot instead of failing, for all clients sharing the token", async () => {
    const windowMs = 400;
    await emulatorSettings({ limiter: { limit: 30, windowMs, blockMs: 600_000 } });
    const first = client({}, { rateLimit: { limit: 30, windowMs } });
    const second = client({}, { rateLimit: { limit: 30, windowMs } }); // another tenant on the same token
    const started = Date.now();
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        (i % 2 ? first : second).getTaxes().then(() => finished.push(Date.now() - started)),
      ),
    );
    finished.sort((a, b) => a - b);
    expect(finished).toHaveLength(31);
    expect(finished[30]).toBeGreaterThanOrEqual(windowMs);
    expect(await admin("GET", "/lockouts")).toEqual([]);
  });

  it("locks the token on the observed 403 lockout: later calls fail at once without reaching SmartBill, until the lock ends", async () => {
    await emulatorSettings({ limiter: { limit: 2, windowMs: 60_000, blockMs: 600_000 } });
    const smartBill = client();
    const before = Date.now();
    await blockTokenElsewhere();
    const error = await failure(smartBill.getTaxes());
    expect(error.kind).toBe("lockout");
    expect(error.status).toBeUndefined();
    // "dupa 10 min de la momentul blocarii dd/MM/yyyy HH:mm:ss", read in Romania's time zone.
    expect(error.lockedUntil).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 600_000);
    expect(error.lockedUntil).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(error.message).toMatch(
      /^SmartBill a blocat temporar accesul pentru acest token, .* până la \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2} \(ora României\)\.$/,
    );

    const sent = await requestCount();
    const again = await failure(smartBill.getStocks({ date: "2026-08-22" }));
    expect(again.kind).toBe("lockout");
    expect(again.lockedUntil).toBe(error.lockedUntil);
    const otherTenant = await failure(client({ cif: "RO1" }).createInvoice(invoiceRequest));
    expect(otherTenant.kind).toBe("lockout");
    expect(await requestCount()).toBe(sent);

    // Ten minutes later (SmartBill's clock and ours), the token works again.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(error.lockedUntil! + 1_000);
    expect(await smartBill.getTaxes()).toHaveLength(3);
  });

  it("locks the token on a 429, for as long as Retry-After says, then lets calls through", async () => {
    await emulatorSettings({ lockoutStatus: 429, limiter: { limit: 1, windowMs: 60_000, blockMs: 1_000 } });
    const smartBill = client();
    await blockTokenElsewhere();
    const error = await failure(smartBill.getTaxes());
    expect(error.kind).toBe("lockout");
    // From here the clock stands still until the test moves it: a client that waited out the
    // lock instead of failing at once would hang, and a busy machine cannot end the lock early.
    vi.useFakeTimers({ toFake: ["Date"] });
    expect(error.lockedUntil! - Date.now()).toBeGreaterThan(500);
    expect(error.lockedUntil! - Date.now()).toBeLessThanOrEqual(1_000);

    const sent = await requestCount();
    expect((await failure(smartBill.getTaxes())).kind).toBe("lockout");
    expect(await requestCount()).toBe(sent);

    vi.setSystemTime(error.lockedUntil! + 50);
    expect(await smartBill.getTaxes()).toHaveLength(3);
  });

  it("waits for SmartBill's window when X-RateLimit-Remaining reaches 0, instead of getting blocked", async () => {
    // Another process used most of the window: SmartBill's headers say so, our limiter alone does not know.
    await emulatorSettings({ limiter: { limit: 3, windowMs: 1_000, blockMs: 600_000 } });
    const authorization = `Basic ${Buffer.from(`${DEMO_SMARTBILL_USERNAME}:${DEMO_SMARTBILL_TOKEN}`).toString("base64")}`;
    await (await fetch(`${baseUrl}/tax?cif=${DEMO_SMARTBILL_CIF}`, { headers: { authorization } })).text();
    await (await fetch(`${baseUrl}/tax?cif=${DEMO_SMARTBILL_CIF}`, { headers: { authorization } })).text();
    const smartBill = client();
    await smartBill.getTaxes(); // the window's last call: Remaining 0
    await smartBill.getTaxes(); // waits for X-RateLimit-Reset
    expect(await admin("GET", "/lockouts")).toEqual([]);
  });

  it("fails the calls waiting for a slot when the token gets locked", async () => {
    await emulatorSettings({ limiter: { limit: 1, windowMs: 60_000, blockMs: 600_000 } });
    const smartBill = client({}, { rateLimit: { limit: 2, windowMs: 5_000 } });
    const results = await Promise.allSettled([smartBill.getTaxes(), smartBill.getTaxes(), smartBill.getTaxes()]);
    expect(results[0].status).toBe("fulfilled");
    const kinds = results.slice(1).map((r) => (r.status === "rejected" ? (r.reason as SmartBillError).kind : "ok"));
    expect(kinds).toEqual(["lockout", "lockout"]);
    // The third never reached SmartBill: it was waiting for a slot when the lockout came.
    expect(await requestCount()).toBe(2);
  });

  it("does not take an ordinary 403 for a lockout", async () => {
    await fault({ fault: "errortext-200", status: 403, text: "Nu aveti dreptul de a adauga facturi" });
    const error = await failure(client().createInvoice(invoiceRequest));
    expect(error).toMatchObject({ kind: "provider", status: 403, message: "Nu aveti dreptul de a adauga facturi" });
    expect(error.lockedUntil).toBeUndefined();
    expect((await client().createInvoice(invoiceRequest)).number).toBe("0001");
  });
});

describe("reading SmartBill's texts", () => {
  it("reads SmartBill's times in Romania's time zone, summer and winter", () => {
    expect(formatSmartBillTime(Date.UTC(2026, 7, 22, 8, 40, 35))).toBe("22/08/2026 11:40:35");
    expect(parseSmartBillTime("22/08/2026 11:40:35")).toBe(Date.UTC(2026, 7, 22, 8, 40, 35));
    expect(formatSmartBillTime(Date.UTC(2026, 0, 15, 10, 0, 0))).toBe("15/01/2026 12:00:00");
    expect(parseSmartBillTime("15/01/2026 12:00:00")).toBe(Date.UTC(2026, 0, 15, 10, 0, 0));
    // The morning clocks go forward (29 March 2026, 03:00 → 04:00).
    expect(parseSmartBillTime("29/03/2026 04:30:00")).toBe(Date.UTC(2026, 2, 29, 1, 30, 0));
    expect(parseSmartBillTime("31/02/2026 10:00:00")).toBeUndefined();
    expect(parseSmartBillTime("ieri")).toBeUndefined();
  });

  it("keeps the visible text of an HTML errorText: hidden blocks dropped, entities decoded", () => {
    expect(
      errorTextToPlain(
        'Nu ai facut nicio achizitie pentru produsul <b>Mere &amp; Pere</b>.<br/>Adauga o intrare.' +
          '<div id="moreErrorDetails" style="display:none"><div><p>Pasul 1</p></div><p>Pasul 2</p></div> ' +
          "&#206;ncearc&#x103; din nou.",
      ),
    ).toBe("Nu ai facut nicio achizitie pentru produsul Mere & Pere. Adauga o intrare. Încearcă din nou.");
    expect(errorTextToPlain("  Seria nu a fost gasita!  ")).toBe("Seria nu a fost gasita!");
  });
});

describe("the SmartBill configuration", () => {
  it("takes the time limit from SMARTBILL_TIMEOUT_MS when none is given", async () => {
    vi.stubEnv("SMARTBILL_TIMEOUT_MS", "150");
    try {
      await fault({ fault: "timeout" });
      const error = await failure(client().getTaxes());
      expect(error.message).toBe("SmartBill nu a răspuns în 0,15 s (GET /tax).");
      vi.stubEnv("SMARTBILL_TIMEOUT_MS", "soon");
      expect(() => client()).toThrow(expect.objectContaining({ kind: "config" }));
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("names the missing setting", () => {
    expect(() =>
      smartBillConfigFromSettings({ "smartbill.username": "a@b.ro", "smartbill.cif": "RO1", "smartbill.token": " " }),
    ).toThrow(new SmartBillError("config", "Configurarea SmartBill este incompletă: lipsește setarea smartbill.token."));
  });

  it("names every missing setting", () => {
    try {
      smartBillConfigFromSettings({});
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        kind: "config",
        message:
          "Configurarea SmartBill este incompletă: lipsesc setările smartbill.username, smartbill.token și smartbill.cif.",
      });
    }
  });

  it("uses SmartBill's address unless smartbill.url says otherwise", () => {
    const settings = { "smartbill.username": "a@b.ro", "smartbill.token": "t", "smartbill.cif": "RO1" };
    expect(smartBillConfigFromSettings(settings).baseUrl).toBe("https://ws.smartbill.ro/SBORO/api");
    expect(smartBillConfigFromSettings({ ...settings, "smartbill.url": "http://localhost:8090/SBORO/api" }).baseUrl).toBe(
      "http://localhost:8090/SBORO/api",
    );
  });

  it("refuses a smartbill.url that is not a web address, without repeating it", () => {
    expect(() =>
      createSmartBillClient({ baseUrl: "ws.smartbill.ro", username: "a", token: "t", cif: "RO1" }),
    ).toThrow(
      expect.objectContaining({
        kind: "config",
        message:
          "Setarea smartbill.url nu indică un server SmartBill permis, așa că SmartBill nu a fost apelat. " +
          "Adresa SmartBill trebuie să fie https:// pe unul dintre serverele permise: ws.smartbill.ro " +
          "(de exemplu https://ws.smartbill.ro/SBORO/api), fără nume de utilizator, parolă, „?” sau „#”. " +
          "Cereți unui administrator să corecteze setarea în „Configurare parametrii”.",
      }),
    );
  });
});

describeEachDialect("a tenant's SmartBill client (smartBillClientForTenant)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it("connects with the tenant's settings", async () => {
    await t.db
      .updateTable("properties")
      .set({ value: baseUrl })
      .where("tenantId", "=", 2)
      .where("name", "=", "smartbill.url")
      .execute();
    const smartBill = await smartBillClientForTenant(t.db, 2, emulatorUrls);
    const stock = await smartBill.getStocks({ date: "2026-08-22" });
    expect(stock.map((entry) => entry.warehouse.warehouseName)).toEqual(["Depozit Central", "Magazin Cluj"]);
  });

  it("names the settings a tenant lacks", async () => {
    await expect(smartBillClientForTenant(t.db, 1, t.app.smartBillUrls)).rejects.toMatchObject({
      kind: "config",
      message: "Configurarea SmartBill este incompletă: lipsesc setările smartbill.username, smartbill.token și smartbill.cif.",
    });
    await t.db.deleteFrom("properties").where("tenantId", "=", 2).where("name", "=", "smartbill.token").execute();
    await expect(smartBillClientForTenant(t.db, 2, t.app.smartBillUrls)).rejects.toMatchObject({
      kind: "config",
      message: "Configurarea SmartBill este incompletă: lipsește setarea smartbill.token.",
    });
  });
});
