import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { requireRole } from "../../server/plugins/requireRole";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { TEST_JWT_SECRET, type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const XSRF_REJECTED = { message: "Cerere respinsă: token anti-falsificare (XSRF) lipsă sau invalid." };

describeEachDialect("access to /api", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;

  beforeAll(async () => {
    // Routes like those later issues' resources will have: tenant-scoped and role-checked.
    const testRoutes: FastifyPluginAsync = async (scope) => {
      scope.addHook("onRequest", scope.authenticate);
      scope.addHook("onRequest", scope.verifyXsrf);
      scope.addHook("onRequest", scope.resolveTenant);
      const tenantOf = async (request: FastifyRequest) => ({ tenantId: request.tenantId });
      scope.get("/tenants-only", { preHandler: requireRole("tenants") }, tenantOf);
      scope.get("/invoices-only", { preHandler: requireRole("invoices") }, tenantOf);
      scope.post("/echo", { config: { audit: false } }, tenantOf);
    };
    t = await testApp(dialect, {
      plugin: async (app) => {
        await app.register(testRoutes, { prefix: "/api/test" });
      },
    });
    superadmin = await t.signIn("superadmin@demo.ro");
    admin = await t.signIn("admin@demo.ro");
    invoicing = await t.signIn("facturare@demo.ro");
  });
  afterAll(() => t.close());

  it("refuses a call without a token with 401 JSON", async () => {
    const response = await t.api("GET", "/api/me");
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: "Autentificare necesară. Vă rugăm să vă autentificați." });
  });

  it("refuses a malformed or forged token with 401", async () => {
    for (const authorization of ["Bearer not-a-jwt", "Basic YWRtaW46ZGVtbw==", "Bearer"]) {
      expect((await t.api("GET", "/api/me", { authorization })).statusCode).toBe(401);
    }
    const forged = await new SignJWT({ email: "x", tenant: { id: 1, name: "system" }, roles: [], sid: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("some-other-secret-of-at-least-32-chars"));
    expect((await t.api("GET", "/api/me", { authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });

  it("refuses an expired access token with 401", async () => {
    const { authenticationToken } = admin;
    const claims = JSON.parse(Buffer.from(authenticationToken.split(".")[1], "base64url").toString());
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 120, exp: now - 60 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await t.api("GET", "/api/me", { authorization: `Bearer ${expired}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Sesiune expirată. Vă rugăm să vă autentificați din nou." });
  });

  it("accepts the caller's claims only under HS256 and the server's key: another algorithm or none is refused", async () => {
    const claims = JSON.parse(Buffer.from(admin.authenticationToken.split(".")[1], "base64url").toString());
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const signed = (alg: string) => new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(key);
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
    const unsigned = `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`;
    const status = async (token: string) => (await t.api("GET", "/api/me", { authorization: `Bearer ${token}` })).statusCode;
    expect(await status(await signed("HS256"))).toBe(200);
    expect(await status(await signed("HS512"))).toBe(401);
    expect(await status(unsigned)).toBe(401);
  });

  it("stops accepting access tokens once they outlive a short TTL", async () => {
    const short = await testApp(dialect, { env: { ACCESS_TOKEN_TTL_SECONDS: "11" } });
    try {
      const session = await short.signIn("admin@demo.ro");
      expect((await short.api("GET", "/api/me", { session })).statusCode).toBe(200);
      // The clock is set from the token's own issue time, not from "now": sign-in takes real time,
      // and counting from after it made the last second before expiry land past it now and then.
      // Only the clock moves (timers stay real, for the database drivers).
      const { iat } = JSON.parse(Buffer.from(session.authenticationToken.split(".")[1], "base64url").toString());
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime((iat + 10) * 1000 + 999);
      expect((await short.api("GET", "/api/me", { session })).statusCode).toBe(200);
      vi.setSystemTime((iat + 11) * 1000);
      expect((await short.api("GET", "/api/me", { session })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it("GET /api/me answers the caller's email, tenant and roles from the database", async () => {
    const response = await t.api("GET", "/api/me", { session: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: "admin@demo.ro",
      tenant: { id: 2, name: "Demo SRL" },
      roles: ["ROLE_ADMIN"],
    });
    await t.db.updateTable("tenants").set({ name: "Demo SRL (redenumit)" }).where("id", "=", 2).execute();
    expect((await t.api("GET", "/api/me", { session: admin })).json().tenant.name).toBe("Demo SRL (redenumit)");
    await t.db.updateTable("tenants").set({ name: "Demo SRL" }).where("id", "=", 2).execute();
  });

  it("scopes a call to the caller's tenant when X-Tenant-ID is absent or their own", async () => {
    expect((await t.api("GET", "/api/test/invoices-only", { session: invoicing })).json()).toEqual({ tenantId: 2 });
    const own = await t.api("GET", "/api/test/invoices-only", { session: invoicing, tenantId: 2 });
    expect(own.json()).toEqual({ tenantId: 2 });
  });

  it("refuses an admin's X-Tenant-ID of another tenant with 403", async () => {
    const response = await t.api("GET", "/api/me", { session: admin, tenantId: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Nu aveți acces la datele acestei firme." });
  });

  it("lets a super-admin act on another tenant through X-Tenant-ID", async () => {
    const response = await t.api("GET", "/api/test/tenants-only", { session: superadmin, tenantId: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tenantId: 2 });
  });

  it("refuses a malformed X-Tenant-ID with 400", async () => {
    const response = await t.api("GET", "/api/me", { session: superadmin, tenantId: "abc" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Antetul X-Tenant-ID trebuie să fie un număr întreg pozitiv (cel mult 2147483647).");
  });

  it("requireRole lets through exactly the roles of the role matrix", async () => {
    const call = (url: string, session: LoginResponse) => t.api("GET", url, { session });
    expect((await call("/api/test/tenants-only", superadmin)).statusCode).toBe(200);
    expect((await call("/api/test/tenants-only", admin)).statusCode).toBe(403);
    expect((await call("/api/test/tenants-only", invoicing)).statusCode).toBe(403);
    expect((await call("/api/test/invoices-only", invoicing)).statusCode).toBe(200);
    expect((await call("/api/test/invoices-only", superadmin)).statusCode).toBe(200);
    const refused = await call("/api/test/invoices-only", admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Nu aveți dreptul să accesați această resursă." });
  });

  it("sets a readable XSRF-TOKEN cookie on a response to a request without one", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/me" });
    const cookie = response.cookies.find((c) => c.name === "XSRF-TOKEN");
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie!.path).toBe("/");
    expect(cookie!.sameSite).toBe("Lax");
    expect(cookie!.httpOnly).toBeFalsy();

    const withCookie = await t.app.inject({ method: "GET", url: "/api/me", cookies: { "XSRF-TOKEN": cookie!.value } });
    expect(withCookie.cookies.find((c) => c.name === "XSRF-TOKEN")).toBeUndefined();
  });

  it("refuses a state-changing call without the XSRF header or cookie with 403", async () => {
    const noHeader = await t.api("POST", "/api/test/echo", { session: admin, body: {}, xsrf: { cookie: "abc", header: "" } });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual(XSRF_REJECTED);
    const noCookie = await t.api("POST", "/api/test/echo", { session: admin, body: {}, xsrf: { cookie: "", header: "abc" } });
    expect(noCookie.statusCode).toBe(403);
    const none = await t.api("POST", "/api/test/echo", { session: admin, body: {}, xsrf: false });
    expect(none.statusCode).toBe(403);
  });

  it("refuses a state-changing call whose XSRF header does not match the cookie with 403", async () => {
    const response = await t.api("POST", "/api/test/echo", {
      session: admin,
      body: {},
      xsrf: { cookie: "cookie-value", header: "other-value" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(XSRF_REJECTED);
  });

  it("accepts a state-changing call that echoes the cookie the server set", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/me" });
    const value = first.cookies.find((c) => c.name === "XSRF-TOKEN")!.value;
    const response = await t.api("POST", "/api/test/echo", { session: admin, body: {}, xsrf: { cookie: value, header: value } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tenantId: 2 });
  });

  it("does not ask /dmz-api calls for the XSRF header", async () => {
    expect((await t.login("admin@demo.ro")).statusCode).toBe(200);
  });
});
