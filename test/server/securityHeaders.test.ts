/**
 * Every answer carries the security headers: the API's JSON (success, refusal, error), the
 * public routes, not-found answers and the UI's own files. HSTS only when APP_URL is https.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const ALWAYS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
};

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  expect([what, headers]).toMatchObject([what, ALWAYS]);
  const csp = String(headers["content-security-policy"]);
  for (const directive of ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "connect-src 'self'"]) {
    expect([what, csp]).toEqual([what, expect.stringContaining(directive)]);
  }
  // No inline or evaluated script is ever allowed.
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
}

describeEachDialect("security headers", (dialect) => {
  let t: TestApp;
  let uiDir: string;
  beforeAll(async () => {
    uiDir = mkdtempSync(join(tmpdir(), "ui-"));
    mkdirSync(join(uiDir, "assets"));
    writeFileSync(join(uiDir, "index.html"), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(uiDir, "assets", "app.js"), "export {};");
    t = await testApp(dialect, { env: { UI_DIR: uiDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it("are on every kind of answer, and HSTS is not sent over plain http", async () => {
    const session = await t.signIn("admin@demo.ro");
    const answers = {
      "API success": await t.api("GET", "/api/me", { session }),
      "API 401": await t.api("GET", "/api/me"),
      "API 400": await t.api("GET", "/api/property/properties?page=x", { session }),
      "API 404": await t.api("GET", "/api/nothing-here", { session }),
      "public route": await t.login("admin@demo.ro", "wrong"),
      "UI page": await t.app.inject({ url: "/admin/users", headers: { accept: "text/html" } }),
      "UI index": await t.app.inject({ url: "/" }),
      "UI asset": await t.app.inject({ url: "/assets/app.js" }),
      "missing asset": await t.app.inject({ url: "/assets/missing.js" }),
    };
    for (const [what, response] of Object.entries(answers)) {
      expectSecurityHeaders(response.headers, what);
      expect([what, response.headers["strict-transport-security"]]).toEqual([what, undefined]);
    }
    expect(answers["UI page"].body).toContain("/assets/app.js");
  });

  it("are on Fastify's own refusal of an address it cannot read, which says no more than the product's 400", async () => {
    const response = await t.app.inject({ url: "/%zz/%E0%A4%A" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Cerere invalidă." });
    expectSecurityHeaders(response.headers, "malformed address");
  });

  it("keep the API's answers out of every cache, and leave the UI's assets cacheable", async () => {
    const session = await t.signIn("admin@demo.ro");
    for (const response of [await t.api("GET", "/api/me", { session }), await t.login("admin@demo.ro"), await t.api("GET", "/api/me")]) {
      expect(response.headers["cache-control"]).toBe("no-store");
    }
    expect((await t.app.inject({ url: "/assets/app.js" })).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("add HSTS and upgrade-insecure-requests when the public address is https", async () => {
    const secure = await testApp(dialect, {
      env: { NODE_ENV: "production", APP_URL: "https://app.example.ro", ADMIN_EMAIL: "root@example.ro", ADMIN_PASSWORD: "o-parola-lunga-1" },
    });
    try {
      const response = await secure.app.inject({ url: "/api/me" });
      expectSecurityHeaders(response.headers, "production");
      expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(response.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    } finally {
      await secure.close();
    }
  });
});
