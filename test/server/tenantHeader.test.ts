/**
 * A super-admin's X-Tenant-ID that names no tenant: a 404 with a clear message on every /api
 * route (reads answered nothing, writes refused before any foreign key could fail), and a number
 * beyond the database's integers a 400. Every route the app registers is called, so a route added
 * later is covered without this file changing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { API_PATHS } from "../../contract/paths";
import { type ApiRoute, apiRoutes } from "../helpers/apiRoutes";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const TENANT_NOT_FOUND = { message: "Firma nu a fost găsită." };
const HEADER_INVALID = { message: "Antetul X-Tenant-ID trebuie să fie un număr întreg pozitiv (cel mult 2147483647)." };

describeEachDialect("X-Tenant-ID naming no tenant", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let routes: ApiRoute[];
  beforeAll(async () => {
    t = await testApp(dialect);
    superadmin = await t.signIn("superadmin@demo.ro");
    // ANAF's callback is public: the browser arrives from ANAF with no session and no tenant; its state names them.
    routes = (await apiRoutes()).filter(([, url]) => url !== API_PATHS.efacturaCallback);
  });
  afterAll(() => t.close());

  const rowCounts = async () =>
    Promise.all(
      (["tenants", "users", "properties", "warehouses", "customers", "invoices", "tasks"] as const).map(async (table) =>
        Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
      ),
    );

  it("answers 404 with a clear message on every route, and changes nothing", async () => {
    expect(routes.length).toBeGreaterThan(30);
    const before = await rowCounts();
    for (const [method, url] of routes) {
      const response = await t.api(method, url, { session: superadmin, tenantId: 99, body: method === "GET" || method === "DELETE" ? undefined : {} });
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
      expect(response.json()).toEqual(TENANT_NOT_FOUND);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 400 for an id beyond the database's integers, on every route", async () => {
    for (const tenantId of ["2147483648", "9999999999"]) {
      for (const [method, url] of routes) {
        const response = await t.api(method, url, { session: superadmin, tenantId });
        expect([method, url, response.statusCode]).toEqual([method, url, 400]);
        expect(response.json()).toEqual(HEADER_INVALID);
      }
    }
  });

  it("still lets the super-admin work on a tenant that exists, the largest id included", async () => {
    expect((await t.api("GET", "/api/smartbill/warehouses", { session: superadmin, tenantId: 2 })).statusCode).toBe(200);
    expect((await t.api("GET", "/api/smartbill/warehouses", { session: superadmin, tenantId: "2147483647" })).statusCode).toBe(404);
  });

  it("refuses an admin's unknown tenant with 403, not 404, revealing nothing about which tenants exist", async () => {
    const admin = await t.signIn("admin@demo.ro");
    const response = await t.api("GET", "/api/smartbill/warehouses", { session: admin, tenantId: 99 });
    expect(response.statusCode).toBe(403);
  });
});
