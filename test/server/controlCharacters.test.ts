/**
 * NUL and the other control characters are refused at the edge with a 400 naming the field, in
 * the query string, the path and the body of every /api and /dmz-api route, never a 500 (NUL
 * cannot be stored by PostgreSQL, and broke SQLite's text-search syntax). Tab, line feed and
 * carriage return are ordinary text.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { hasControlCharacter } from "../../server/controlCharacters";
import { type ApiRoute, apiRoutes } from "../helpers/apiRoutes";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const refusal = (field: string) => ({
  message: `Date invalide: „${field}” conține caractere de control nepermise (de exemplu NUL).`,
  errors: { [field]: `„${field}” conține caractere de control nepermise (de exemplu NUL)` },
});

it("knows the control characters: C0 but tab, line feed and carriage return; DEL; C1", () => {
  for (const code of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
    expect([code, hasControlCharacter(`a${String.fromCharCode(code)}b`)]).toEqual([code, true]);
  }
  for (const text of ["a\tb", "linia 1\nlinia 2", "a\r\nb", "Șervețele Ţesute SRL", "€ ß 漢字 😀", "\u00a0"]) {
    expect([text, hasControlCharacter(text)]).toEqual([text, false]);
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
    // The bodies of the send, the issue of a draft, cancel and restore are never read, so there is nothing to refuse.
    const unread = /\/send\/|\/(cancel|restore|issue)$/;
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
