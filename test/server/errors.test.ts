import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactTokens } from "../../server/accessLog";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

describeEachDialect("errors", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, {
      plugin: async (app) => {
        app.get("/api/test/crash", async () => {
          throw new Error("secret internal detail");
        });
      },
    });
  });
  afterAll(() => t.close());

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/dmz-api/login", payload: payload as string, headers });

  it("answers an unknown /api path with a JSON 404", async () => {
    const session = await t.signIn("admin@demo.ro");
    const response = await t.api("GET", "/api/nope", { session });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: "Resursa nu a fost găsită." });
  });

  it("answers an unknown /dmz-api path, or a wrong method, with a JSON 404", async () => {
    expect((await t.api("POST", "/dmz-api/nope", { body: {} })).json()).toEqual({ message: "Resursa nu a fost găsită." });
    expect((await t.api("GET", "/dmz-api/login")).statusCode).toBe(404);
  });

  it("answers an unexpected failure with 500 and a message that reveals nothing", async () => {
    const response = await t.api("GET", "/api/test/crash");
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: "Eroare internă de server." });
  });

  describe("body validation", () => {
    it("refuses an unknown field with 400 and names it", async () => {
      const response = await login({ username: "admin@demo.ro", password: "demo1234", admin: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "Date invalide: câmpul „admin” nu este permis.",
        errors: { admin: "câmpul „admin” nu este permis" },
      });
    });

    it("refuses a field of the wrong type with 400 instead of converting it", async () => {
      const response = await login({ username: "admin@demo.ro", password: 12345678 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "Date invalide: „password” trebuie să fie text.",
        errors: { password: "„password” trebuie să fie text" },
      });
    });

    it("refuses an over-long string with 400", async () => {
      const response = await login({ username: `${"a".repeat(250)}@demo.ro`, password: "demo1234" });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Date invalide: „username” poate avea cel mult 254 de caractere.");
    });

    it("lists every missing field", async () => {
      const response = await login({});
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        username: "„username” este obligatoriu",
        password: "„password” este obligatoriu",
      });
    });

    it("refuses a body that is not JSON, or none at all, with 400 JSON", async () => {
      const malformed = await login("{not json", { "content-type": "application/json" });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: "Date invalide: corpul cererii nu este JSON valid." });
      const missing = await t.app.inject({ method: "POST", url: "/dmz-api/login" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/^Date invalide: /);
      const text = await login("username=a", { "content-type": "text/plain" });
      expect(text.statusCode).toBe(400);
      expect(text.json().message).toBe("Date invalide: corpul cererii trebuie să fie obiect JSON.");
      const xml = await login("<login/>", { "content-type": "application/xml" });
      expect(xml.statusCode).toBe(415);
      expect(xml.json()).toEqual({ message: "Tipul de conținut al cererii nu este acceptat." });
    });
  });
});

describeEachDialect("the built UI", (dialect) => {
  let t: TestApp;
  let uiDir: string;
  beforeAll(async () => {
    uiDir = mkdtempSync(join(tmpdir(), "smartbill-ui-"));
    mkdirSync(join(uiDir, "assets"));
    writeFileSync(join(uiDir, "index.html"), "<!doctype html><title>SmartBill</title><div id=root></div>");
    writeFileSync(join(uiDir, "assets", "index-abc123.js"), "console.log('app')");
    writeFileSync(join(uiDir, "favicon.svg"), "<svg/>");
    t = await testApp(dialect, { env: { UI_DIR: uiDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: "GET", url, headers: { accept: "text/html,*/*" } });

  it("serves index.html at / without caching it", async () => {
    const response = await page("/");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>SmartBill</title>");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a client-side route with index.html", async () => {
    for (const url of ["/admin/users", "/profile", "/dmz/reset-password?email=a%40b.ro&token=x"]) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("<div id=root>");
    }
  });

  it("serves hashed assets with a long cache lifetime", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await t.app.inject({ method: "GET", url: "/favicon.svg" })).headers["cache-control"]).toBe("no-cache");
  });

  it("still answers unknown API paths and missing assets with JSON 404", async () => {
    for (const url of ["/api/nope", "/dmz-api/nope"]) {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Resursa nu a fost găsită." });
    }
    const asset = await t.app.inject({ method: "GET", url: "/assets/missing.js" });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("keeps the API working beside the UI", async () => {
    expect((await t.login("admin@demo.ro")).statusCode).toBe(200);
  });
});

describe("access logs", () => {
  it("redact password-link tokens from logged URLs", () => {
    expect(redactTokens("/dmz/set-password?email=a%40b.ro&token=abc123")).toBe(
      "/dmz/set-password?email=a%40b.ro&token=[redacted]",
    );
    expect(redactTokens("/api/me")).toBe("/api/me");
  });
});
