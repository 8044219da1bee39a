/**
 * smartbill.url is a tenant setting, so it must not open a door inward: the SmartBill client
 * calls only `https://` on SMARTBILL_ALLOWED_HOSTS (default ws.smartbill.ro) or, in demo mode,
 * this server's own emulator. A bad address is refused when saved, and one already stored is
 * never called: a local listener standing in for an internal service counts zero requests.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, Task, Warehouse } from "../../contract/api";
import { loadConfig } from "../../server/config";
import { timestamp } from "../../server/db/timestamps";
import { smartBillUrlPolicy } from "../../server/smartbill/allowedUrl";
import { createSmartBillClient, resetSmartBillLimiters } from "../../server/smartbill/client";
import { SmartBillError } from "../../server/smartbill/types";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { liveApp, waitForTask } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const DEMO_TENANT = 2;
const SMARTBILL = "https://ws.smartbill.ro/SBORO/api";
const RULE =
  "Adresa SmartBill trebuie să fie https:// pe unul dintre serverele permise: ws.smartbill.ro " +
  "(de exemplu https://ws.smartbill.ro/SBORO/api), fără nume de utilizator, parolă, „?” sau „#”.";
const demoRule = (port: number) =>
  `${RULE} În modul demo este permis și emulatorul SmartBill al acestui server: ` +
  `http://127.0.0.1:${port}/smartbill-emulator/SBORO/api.`;
const refusedCall = (port: number) =>
  "Setarea smartbill.url nu indică un server SmartBill permis, așa că SmartBill nu a fost apelat. " +
  `${demoRule(port)} Cereți unui administrator să corecteze setarea în „Configurare parametrii”.`;

/** The page an internal service would show; its title must never reach a user. */
const INTERNAL_TITLE = "Panou intern: parolele serverului";

/** An HTTP server on loopback that counts every connection and answers every request with `answer`. */
async function countingListener(
  answer: (response: import("node:http").ServerResponse) => void = (response) =>
    response.writeHead(200, { "content-type": "text/html" }).end(`<html><head><title>${INTERNAL_TITLE}</title></head></html>`),
): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((_request, response) => answer(response));
  server.on("connection", (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const portOf = (t: TestApp) => (t.app.server.address() as AddressInfo).port;

describe("SMARTBILL_ALLOWED_HOSTS", () => {
  it("defaults to SmartBill's API host", () => {
    expect(loadConfig({}).smartBillAllowedHosts).toEqual(["ws.smartbill.ro"]);
    expect(loadConfig({ SMARTBILL_ALLOWED_HOSTS: " " }).smartBillAllowedHosts).toEqual(["ws.smartbill.ro"]);
  });

  it("reads a comma-separated list of hosts, with ports, as URLs write them", () => {
    const config = loadConfig({ SMARTBILL_ALLOWED_HOSTS: " WS.SmartBill.ro, test.smartbill.ro:8443 ,ws.smartbill.ro:443,[::1]:9443" });
    expect(config.smartBillAllowedHosts).toEqual(["ws.smartbill.ro", "test.smartbill.ro:8443", "[::1]:9443"]);
  });

  it("refuses at start-up anything that is not a host or host:port, naming the variable", () => {
    for (const value of [
      "https://ws.smartbill.ro",
      "ws.smartbill.ro/SBORO/api",
      "user@ws.smartbill.ro",
      "*.smartbill.ro",
      "ws.smartbill.ro:",
      "ws.smartbill.ro:99999",
      "ws.smartbill.ro:https",
      "ws smartbill.ro",
      ",",
    ]) {
      expect(() => loadConfig({ SMARTBILL_ALLOWED_HOSTS: value }), value).toThrow(
        `SMARTBILL_ALLOWED_HOSTS must be a comma-separated list of host names, each optionally with :port (e.g. ws.smartbill.ro), got "${value}".`,
      );
    }
  });
});

describe("the SmartBill address policy", () => {
  const demo = smartBillUrlPolicy({
    allowedHosts: ["ws.smartbill.ro", "test.smartbill.ro:8443"],
    emulator: { apiPath: "/smartbill-emulator/SBORO/api", port: () => 4321 },
  });

  it("allows https on an allowed host (its port only if given), and in demo mode this server's emulator", () => {
    for (const url of [
      SMARTBILL,
      "https://WS.SMARTBILL.RO/SBORO/api/",
      "https://ws.smartbill.ro:443/SBORO/api",
      "https://test.smartbill.ro:8443/SBORO/api",
      "http://127.0.0.1:4321/smartbill-emulator/SBORO/api",
      "https://localhost:4321/smartbill-emulator/SBORO/api",
      "http://[::1]:4321/smartbill-emulator/SBORO/api",
    ]) {
      expect(demo.allowsBaseUrl(url), url).toBe(true);
    }
  });

  it("refuses every other address", () => {
    for (const url of [
      "",
      "ws.smartbill.ro",
      "http://ws.smartbill.ro/SBORO/api",
      "ftp://ws.smartbill.ro/SBORO/api",
      "https://ws.smartbill.ro:8443/SBORO/api",
      "https://test.smartbill.ro/SBORO/api",
      "https://evil.example/SBORO/api",
      "https://ws.smartbill.ro.evil.example/SBORO/api",
      "https://user:parola@ws.smartbill.ro/SBORO/api",
      "https://ws.smartbill.ro@127.0.0.1/SBORO/api",
      "https://ws.smartbill.ro/SBORO/api?cif=RO1",
      "https://ws.smartbill.ro/SBORO/api?",
      "https://ws.smartbill.ro/SBORO/api#",
      "http://127.0.0.1:4321/internal/admin#",
      "http://127.0.0.1:4322/smartbill-emulator/SBORO/api",
      "http://127.0.0.1/smartbill-emulator/SBORO/api",
      "http://10.0.0.1:4321/smartbill-emulator/SBORO/api",
      "http://127.0.0.1:4321/smartbill-emulator/../internal",
      "http://127.0.0.1:4321/smartbill-emulator/SBORO/api/../../../dmz-api/login",
      "http://127.0.0.1:4321/smartbill-emulator/SBORO/api/%2e%2e/%2e%2e/%2e%2e/internal",
      "http://127.0.0.1:4321/smartbill-emulator/__emulator/state",
      "file:///etc/passwd",
    ]) {
      expect(demo.allowsBaseUrl(url), url).toBe(false);
    }
  });

  it("allows no emulator while the server does not listen, nor outside demo mode", () => {
    const notListening = smartBillUrlPolicy({
      allowedHosts: ["ws.smartbill.ro"],
      emulator: { apiPath: "/smartbill-emulator/SBORO/api", port: () => undefined },
    });
    const production = smartBillUrlPolicy({ allowedHosts: ["ws.smartbill.ro"] });
    for (const policy of [notListening, production]) {
      expect(policy.allowsBaseUrl("http://127.0.0.1:4321/smartbill-emulator/SBORO/api")).toBe(false);
      expect(policy.allowsBaseUrl(SMARTBILL)).toBe(true);
      expect(policy.allowed()).toEqual({ hosts: ["ws.smartbill.ro"], emulatorUrl: undefined });
    }
  });
});

describe("the SmartBill client and redirects", () => {
  let elsewhere: Awaited<ReturnType<typeof countingListener>>;
  let redirecting: Awaited<ReturnType<typeof countingListener>>;
  beforeAll(async () => {
    elsewhere = await countingListener();
    const target = `http://127.0.0.1:${elsewhere.port}/internal/admin`;
    redirecting = await countingListener((response) =>
      response
        .writeHead(302, { location: target, "content-type": "text/html" })
        .end(`<html><head><title>Moved to ${target}</title></head></html>`),
    );
  });
  afterAll(async () => {
    await elsewhere.close();
    await redirecting.close();
  });
  afterEach(() => resetSmartBillLimiters());

  it("reports a redirect without following it or repeating where it points", async () => {
    const port = redirecting.port;
    const client = createSmartBillClient(
      { baseUrl: `http://127.0.0.1:${port}/SBORO/api`, username: "a@b.ro", token: "redirect-token", cif: "RO1" },
      { smartBillUrls: smartBillUrlPolicy({ allowedHosts: [], emulator: { apiPath: "/SBORO/api", port: () => port } }) },
    );
    for (const [call, what] of [
      [() => client.getTaxes(), "GET /tax"],
      [() => client.createInvoice({ seriesName: "SBL", issueDate: "2026-08-31", client: { name: "X", country: "Romania" }, products: [] }), "POST /invoice/v2"],
    ] as const) {
      const error = await call().then(
        () => expect.unreachable(),
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(SmartBillError);
      expect(error).toMatchObject({
        kind: "http",
        status: 302,
        message: `SmartBill a răspuns cu o redirecționare (HTTP 302), care nu este urmată (${what}).`,
      });
    }
    expect(redirecting.connections()).toBeGreaterThan(0);
    expect(elsewhere.connections()).toBe(0);
  });
});

describe("the SmartBill client's last check", () => {
  it("refuses a request the policy no longer allows, before anything is sent", async () => {
    const listener = await countingListener();
    try {
      let listening = true;
      const smartBillUrls = smartBillUrlPolicy({
        allowedHosts: [],
        emulator: { apiPath: "/SBORO/api", port: () => (listening ? listener.port : undefined) },
      });
      const client = createSmartBillClient(
        { baseUrl: `http://127.0.0.1:${listener.port}/SBORO/api`, username: "a@b.ro", token: "last-check-token", cif: "RO1" },
        { smartBillUrls },
      );
      listening = false; // e.g. the server stopped listening after the client was made
      await expect(client.getTaxes()).rejects.toMatchObject({ kind: "config" });
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
      resetSmartBillLimiters();
    }
  });
});

describeEachDialect("saving smartbill.url (/api/property/properties)", (dialect) => {
  let t: TestApp;
  let admin: LoginResponse;
  let other: Awaited<ReturnType<typeof countingListener>>;
  beforeAll(async () => {
    t = await liveApp(dialect);
    admin = await t.signIn("admin@demo.ro");
    other = await countingListener();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const stored = async () =>
    (
      await t.db
        .selectFrom("properties")
        .select("value")
        .where("tenantId", "=", DEMO_TENANT)
        .where("name", "=", "smartbill.url")
        .executeTakeFirst()
    )?.value;
  const add = (value: string) =>
    t.api("POST", "/api/property/properties", { session: admin, body: { name: "smartbill.url", value } });
  const edit = (value: string) =>
    t.api("PUT", "/api/property/properties/smartbill.url", { session: admin, body: { value } });
  const badValues = () => {
    const port = portOf(t);
    return [
      "http://ws.smartbill.ro/SBORO/api",
      "https://evil.example/SBORO/api",
      "https://user:parola@ws.smartbill.ro/SBORO/api",
      "https://ws.smartbill.ro/SBORO/api?cif=RO1",
      "https://ws.smartbill.ro/SBORO/api#sectiune",
      "ws.smartbill.ro/SBORO/api",
      `http://127.0.0.1:${other.port}/smartbill-emulator/SBORO/api`,
      `http://127.0.0.1:${port}/internal/admin#`,
      `http://127.0.0.1:${port}/smartbill-emulator/../internal`,
      `http://127.0.0.1:${port}/smartbill-emulator/SBORO/api/../../../dmz-api/login`,
    ];
  };

  it("refuses a bad address on PUT with 400 saying what is allowed, and keeps the stored one", async () => {
    const before = await stored();
    for (const value of badValues()) {
      const response = await edit(value);
      expect(response.statusCode, value).toBe(400);
      expect(response.json()).toEqual({ message: demoRule(portOf(t)), errors: { value: demoRule(portOf(t)) } });
      expect(await stored()).toBe(before);
    }
    expect(other.connections()).toBe(0);
  });

  it("refuses a bad address on POST with 400, storing nothing", async () => {
    const before = await stored();
    await t.db.deleteFrom("properties").where("tenantId", "=", DEMO_TENANT).where("name", "=", "smartbill.url").execute();
    try {
      for (const value of badValues()) {
        const response = await add(value);
        expect(response.statusCode, value).toBe(400);
        expect(response.json().message).toBe(demoRule(portOf(t)));
        expect(await stored()).toBeUndefined();
      }
    } finally {
      expect((await add(before!)).statusCode).toBe(200);
    }
  });

  it("accepts SmartBill's address and, in demo mode, this server's own emulator", async () => {
    const emulatorUrl = `http://127.0.0.1:${portOf(t)}/smartbill-emulator/SBORO/api`;
    for (const value of [SMARTBILL, `${SMARTBILL}/`, emulatorUrl]) {
      const response = await edit(value);
      expect(response.statusCode, value).toBe(200);
      expect(await stored()).toBe(value);
    }
    await t.db.deleteFrom("properties").where("tenantId", "=", DEMO_TENANT).where("name", "=", "smartbill.url").execute();
    expect((await add(SMARTBILL)).statusCode).toBe(200);
    expect((await edit(emulatorUrl)).statusCode).toBe(200);
  });

  it("leaves other settings alone, whatever address they hold", async () => {
    const response = await t.api("POST", "/api/property/properties", {
      session: admin,
      body: { name: "alt.url", value: `http://127.0.0.1:${other.port}/internal#` },
    });
    expect(response.statusCode).toBe(200);
  });
});

describeEachDialect("saving smartbill.url in production mode", (dialect) => {
  let t: TestApp;
  let owner: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect, {
      env: {
        NODE_ENV: "production",
        ADMIN_EMAIL: "owner@firma.ro",
        ADMIN_PASSWORD: "o-parola-sigura",
        APP_URL: "https://app.firma.ro",
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await t.signIn("owner@firma.ro", "o-parola-sigura");
  });
  afterAll(() => t.close());

  it("refuses a loopback address, even this server's own, and accepts SmartBill's", async () => {
    const add = (value: string) =>
      t.api("POST", "/api/property/properties", { session: owner, body: { name: "smartbill.url", value } });
    for (const value of [
      `http://127.0.0.1:${portOf(t)}/smartbill-emulator/SBORO/api`,
      `https://localhost:${portOf(t)}/smartbill-emulator/SBORO/api`,
    ]) {
      const response = await add(value);
      expect(response.statusCode, value).toBe(400);
      expect(response.json()).toEqual({ message: RULE, errors: { value: RULE } });
    }
    expect((await add(SMARTBILL)).statusCode).toBe(200);
  });
});

describeEachDialect("a smartbill.url stored before the rule", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let internal: Awaited<ReturnType<typeof countingListener>>;
  let warehouseId: number;
  let invoiceId: number;
  beforeAll(async () => {
    internal = await countingListener();
    t = await liveApp(dialect, { env: { TASK_POLL_MS: "20" } });
    invoicing = await t.signIn("facturare@demo.ro");
    const warehouse = await t.api("POST", "/api/smartbill/warehouses", {
      session: invoicing,
      body: { warehouseName: "Depozit Central", warehouseType: "en gros" },
    });
    warehouseId = warehouse.json<Warehouse>().id;
    invoiceId = await addInvoice(t, warehouseId);
  });
  afterAll(async () => {
    await t.close();
    await internal.close();
  });
  afterEach(() => resetSmartBillLimiters());

  const storeUrl = (value: string) =>
    t.db.updateTable("properties").set({ value }).where("tenantId", "=", DEMO_TENANT).where("name", "=", "smartbill.url").execute();
  const storedValues = () => [
    `http://127.0.0.1:${internal.port}/internal/admin#`,
    `http://127.0.0.1:${internal.port}/smartbill-emulator/SBORO/api`,
    `https://127.0.0.1:${internal.port}/SBORO/api`,
    `http://127.0.0.1:${portOf(t)}/smartbill-emulator/../internal`,
  ];

  it("is never called by a stock import, a tax list or an invoice send, and nothing of it is repeated", async () => {
    for (const value of storedValues()) {
      await storeUrl(value);

      const queued = await t.api("POST", `/api/smartbill/stock/import/${warehouseId}`, { session: invoicing });
      expect(queued.statusCode).toBe(202);
      const task: Task = await waitForTask(t, invoicing, queued.json().taskId);
      expect(task, value).toMatchObject({ status: "failed", errorText: refusedCall(portOf(t)) });

      const taxes = await t.api("GET", "/api/smartbill/tax", { session: invoicing });
      expect(taxes.statusCode).toBe(200);
      expect(taxes.json()).toEqual({ taxes: [{ name: "Normala", percentage: 21 }], fromProvider: false, source: "standard", readAt: null });

      const sent = await t.api("POST", `/api/smartbill/invoice/send/${invoiceId}`, { session: invoicing });
      expect(sent.statusCode, value).toBe(400);
      expect(sent.json()).toEqual({ message: `Factura nu a fost trimisă: ${refusedCall(portOf(t))}` });
      const invoice = await t.db.selectFrom("invoices").select("status").where("id", "=", invoiceId).executeTakeFirstOrThrow();
      expect(invoice.status).toBe("draft");

      for (const text of [task.errorText ?? "", sent.body]) {
        expect(text).not.toContain(INTERNAL_TITLE);
        expect(text).not.toContain(String(internal.port));
      }
    }
    expect(internal.connections()).toBe(0);
  });
});

/** A draft invoice of the demo tenant, with a customer and one line, written straight into the database. */
async function addInvoice(t: TestApp, warehouseId: number): Promise<number> {
  const now = timestamp();
  const { id: clientId } = await t.db
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
      banca: "",
      iban: "",
      tara: "",
      email: "",
      persContact: "",
      telefon: "",
      mentions: null,
      observations: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto("invoices")
    .values({
      tenantId: DEMO_TENANT,
      clientId,
      warehouseId,
      issueDate: "2026-08-31",
      dueDays: 14,
      useStock: 0,
      mentions: "",
      observations: "",
      draft: 0,
      saveToDb: 0,
      seriesName: "SBL",
      currency: "RON",
      language: "RO",
      precision: 2,
      status: "draft",
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
      name: "Laptop",
      code: "PRD001",
      quantity: 1,
      price: 3500,
      measuringUnitName: "buc",
      currency: "RON",
      taxName: "Normala",
      taxPercentage: 21,
      saveToDb: 0,
      service: 0,
      warehouseName: "",
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}
