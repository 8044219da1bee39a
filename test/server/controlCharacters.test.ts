/**
 * NUL and the other control characters are refused at the edge with a 400 naming the field, in
 * the query string, the path and the body of every /api and /dmz-api route, never a 500 (NUL
 * cannot be stored by PostgreSQL, and broke SQLite's text-search syntax). Tab, line feed and
 * carriage return are ordinary text.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { hasControlCharacter, isRefusedCharacter } from "../../server/controlCharacters";
import { type ApiRoute, apiRoutes } from "../helpers/apiRoutes";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const refusal = (field: string) => ({
  message: `Date invalide: „${field}” conține caractere de control sau invizibile nepermise (de exemplu NUL, spații de lățime zero sau semne de schimbare a direcției textului).`,
  errors: { [field]: `„${field}” conține caractere de control sau invizibile nepermise (de exemplu NUL, spații de lățime zero sau semne de schimbare a direcției textului)` },
});

it("knows the control characters: C0 but tab, line feed and carriage return; DEL; C1", () => {
  for (const code of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
    expect([code, hasControlCharacter(`a${String.fromCharCode(code)}b`)]).toEqual([code, true]);
  }
  for (const text of ["a\tb", "linia 1\nlinia 2", "a\r\nb", "Șervețele Ţesute SRL", "€ ß 漢字 😀", "\u00a0"]) {
    expect([text, hasControlCharacter(text)]).toEqual([text, false]);
  }
});

it("knows the invisible characters: zero-width ones, direction marks, embeddings, overrides and isolates, BOM", () => {
  const invisible = [0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff];
  for (const code of invisible) {
    expect([code, hasControlCharacter(`ACME${String.fromCharCode(code)}SRL`)]).toEqual([code, true]);
    expect([code, isRefusedCharacter(code)]).toEqual([code, true]);
  }
  // Their neighbours are ordinary text: spaces, dashes, quotes, the ellipsis, the no-break space.
  for (const code of [0x2000, 0x200a, 0x2010, 0x2014, 0x201e, 0x201d, 0x2026, 0x2029 - 2, 0x202f, 0x205f, 0x206a, 0xfeff - 1, 0xff01]) {
    expect([code, hasControlCharacter(String.fromCharCode(code))]).toEqual([code, false]);
  }
  for (let code = 0; code < 0x3000; code++) {
    expect([code, isRefusedCharacter(code)]).toEqual([code, hasControlCharacter(String.fromCharCode(code))]);
  }
});

describeEachDialect("control characters in requests", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let routes: ApiRoute[];
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    superadmin = await t.signIn("superadmin@demo.ro");
    routes = await apiRoutes();
  });
  afterAll(() => t.close());

  it("refuses a NUL in the query string of every /api route with 400", async () => {
    for (const [method, url] of routes) {
      const response = await t.api(method, `${url}?q=%00abc`, { session: superadmin, tenantId: 2 });
      expect([method, url, response.statusCode]).toEqual([method, url, 400]);
      expect(response.json()).toEqual(refusal("q"));
    }
  });

  it("refuses a NUL in a JSON body field of every /api route that takes a body, before validation", async () => {
    // The bodies of the issue of a draft, cancel, restore and duplicate are never read, so there is nothing
    // to refuse (the send's is: its optional JSON body says whether to send despite the buyer's problems).
    const unread = /\/(cancel|restore|issue|duplicate)$/;
    const takingBodies = routes.filter(([method, url]) => (method === "POST" || method === "PUT") && !unread.test(url));
    expect(takingBodies.length).toBeGreaterThan(15);
    for (const [method, url] of takingBodies) {
      const response = await t.api(method, url, { session: superadmin, tenantId: 2, body: { name: "Depozit\u0000X" } });
      expect([method, url, response.statusCode]).toEqual([method, url, 400]);
      expect(response.json()).toEqual(refusal("name"));
    }
  });

  it("names a nested field, and refuses a control character in a key", async () => {
    const nested = await t.api("PUT", "/api/smartbill/invoice/product/1", {
      session: superadmin,
      tenantId: 2,
      body: { lines: [{ ok: "da" }, { name: "x\u001by" }] },
    });
    expect(nested.json()).toEqual(refusal("lines.1.name"));
    const key = await t.api("POST", "/api/smartbill/warehouses", { session: superadmin, tenantId: 2, body: { "war\u0000ehouseName": "x" } });
    expect(key.statusCode).toBe(400);
  });

  it("refuses a NUL in a path parameter", async () => {
    const response = await t.api("DELETE", "/api/property/properties/smartbill%00cif", { session: superadmin, tenantId: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal("name"));
  });

  it("answers searches with a NUL with 400 on every list, never a 500 nor every row", async () => {
    for (const url of ["/api/smartbill/customer/all", "/api/smartbill/warehouses", "/api/smartbill/stock", "/api/smartbill/invoice", "/api/tasks", "/api/user/list", "/api/tenant/list", "/api/property/properties"]) {
      for (const q of ["%00abc", "abc%00", "%01", "%7F", "%C2%85"]) {
        const response = await t.api("GET", `${url}?page=0&size=5&q=${q}`, { session: superadmin, tenantId: 2 });
        expect([url, q, response.statusCode]).toEqual([url, q, 400]);
      }
    }
  });

  it("stores nothing from a refused body: a NUL in a warehouse name or a setting's value", async () => {
    const warehouse = await t.api("POST", "/api/smartbill/warehouses", {
      session: superadmin,
      tenantId: 2,
      body: { warehouseName: "Depozit\u0000Ascuns", warehouseType: "en gros" },
    });
    expect(warehouse.statusCode).toBe(400);
    expect(warehouse.json()).toEqual(refusal("warehouseName"));
    const setting = await t.api("POST", "/api/property/properties", {
      session: superadmin,
      tenantId: 2,
      body: { name: "nota.interna", value: "a\u0007b" },
    });
    expect(setting.json()).toEqual(refusal("value"));
    expect(await t.db.selectFrom("warehouses").select("id").where("warehouseName", "like", "Depozit%Ascuns").execute()).toEqual([]);
    expect(await t.db.selectFrom("properties").select("name").where("name", "=", "nota.interna").execute()).toEqual([]);
  });

  it("refuses a right-to-left override or a zero-width space in a name, sent raw or \\u-escaped", async () => {
    const call = (payload: string) =>
      t.api("POST", "/api/smartbill/warehouses", {
        session: superadmin,
        tenantId: 2,
        body: payload,
        headers: { "content-type": "application/json" },
      });
    for (const payload of [
      '{"warehouseName":"Depozit \u202eTXT.exe","warehouseType":"en gros"}',
      '{"warehouseName":"Depozit \\u202ETXT.exe","warehouseType":"en gros"}',
      '{"warehouseName":"Depo\u200bzit","warehouseType":"en gros"}',
      '{"warehouseName":"Depo\\u200Bzit","warehouseType":"en gros"}',
      '{"warehouseName":"\\ufeffDepozit","warehouseType":"en gros"}',
    ]) {
      const response = await call(payload);
      expect([payload, response.statusCode]).toEqual([payload, 400]);
      expect(response.json()).toEqual(refusal("warehouseName"));
    }
    expect(await t.db.selectFrom("warehouses").select("id").where("warehouseName", "like", "Depo%zit%").execute()).toEqual([]);
  });

  it("keeps tab, line feed and carriage return as text", async () => {
    const response = await t.api("POST", "/api/property/properties", {
      session: superadmin,
      tenantId: 2,
      body: { name: "nota.multilinie", value: "linia 1\r\nlinia 2\tcoloana" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await t.db.selectFrom("properties").select("value").where("name", "=", "nota.multilinie").executeTakeFirstOrThrow();
    expect(stored.value).toBe("linia 1\r\nlinia 2\tcoloana");
  });

  it("refuses a NUL in the public routes' bodies: sign-in, refresh, password links", async () => {
    for (const [url, body, field] of [
      ["/dmz-api/login", { username: "admin@demo.ro\u0000", password: "demo1234" }, "username"],
      ["/dmz-api/login", { username: "admin@demo.ro", password: "demo\u00001234" }, "password"],
      ["/dmz-api/refresh", { refreshToken: "abc\u0000" }, "refreshToken"],
      ["/dmz-api/recover", { email: "admin@demo.ro\u0000" }, "email"],
      ["/dmz-api/set", { email: "a@b.ro", token: "t\u0000", newPassword: "parola-noua-1" }, "token"],
    ] as const) {
      const response = await t.api("POST", url, { body, xsrf: false });
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(response.json()).toEqual(refusal(field));
    }
  });

  it("refuses a NUL in the invoice import's form payload (a multipart field)", async () => {
    const boundary = `----test${randomBytes(8).toString("hex")}`;
    const payload = JSON.stringify({ seriesName: "SB\u0000L", currency: "RON" });
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${payload}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.xlsx"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\nPK\r\n" +
        `--${boundary}--\r\n`,
    );
    const response = await t.api("POST", "/api/smartbill/invoice/import", {
      session: superadmin,
      tenantId: 2,
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(refusal("seriesName"));
  });
});
