/**
 * The API document (/api/docs) is generated from the routes' own schemas: it lists every route
 * the app registers under /api and /dmz-api, who may call it (the role matrix) and the shape of
 * its success answer, and it is served in demo mode only.
 */
import type { RouteOptions } from "fastify";
import type { Customer, Invoice, InvoiceLine } from "../../contract/api";
import { ROLE_MATRIX } from "../../contract/roles";
import { timestamp } from "../../server/db/timestamps";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

interface Operation {
  description?: string;
  "x-access"?: string;
  "x-roles"?: string[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const isApiPath = (url: string) => /^\/(api|dmz-api)(\/|$)/.test(url) && !/^\/api\/docs(\/|$)/.test(url);
/**
 * Fastify's `/:id` is OpenAPI's `/{id}`; a plugin's `/` route answers at its prefix with and
 * without the slash, which the hook and the document spell differently: compared without it.
 */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
const withoutSlash = (key: string) => key.replace(/(.)\/$/, "$1");

/**
 * Public routes under /api: where ANAF's consent page sends the browser back, without the app's
 * bearer token (its single-use state authenticates it); it answers a redirect to the screen.
 */
const PUBLIC_API_ROUTES = new Set(["GET /api/efactura/callback"]);

/** The routes that answer a file (a spreadsheet, a CSV), not JSON, or a redirect. */
const FILE_ROUTES = new Set([
  ...PUBLIC_API_ROUTES,
  "GET /api/smartbill/customer/export",
  "GET /api/smartbill/customer/import/template",
  "GET /api/smartbill/invoice/import/template",
  "POST /api/smartbill/customer/import/errors",
  "GET /api/audit/export",
  "GET /api/smartbill/receivables/export",
  "GET /api/smartbill/invoice/{id}/pdf",
  "GET /api/smartbill/proforma/import/template",
  "GET /api/smartbill/proforma/{id}/pdf",
  "GET /api/smartbill/customer/{id}/statement/pdf",
  "GET /api/smartbill/customer/{id}/statement/xlsx",
  "GET /api/smartbill/invoice/{id}/efactura/zip",
  "GET /api/smartbill/invoice/{id}/efactura/pdf",
  "GET /api/efactura/received/export",
  "GET /api/efactura/received/{id}/zip",
  "GET /api/efactura/received/{id}/pdf",
]);

describeEachDialect("the API document", (dialect) => {
  let t: TestApp;
  const registered: string[] = [];
  let document: Document;

  beforeAll(async () => {
    t = await testApp(dialect, {
      prepare: (app) =>
        app.addHook("onRoute", (route: RouteOptions) => {
          const methods = ([] as string[]).concat(route.method).filter((method) => method !== "HEAD");
          if (isApiPath(route.url)) for (const method of methods) registered.push(`${method} ${openApiPath(route.url)}`);
        }),
    });
    const response = await t.api("GET", "/api/docs/json");
    expect(response.statusCode).toBe(200);
    document = response.json<Document>();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, operation })),
    );

  it("lists every route the app registers under /api and /dmz-api, and nothing else", () => {
    expect(registered.length).toBeGreaterThan(40);
    const documented = operations().map(({ key }) => withoutSlash(key));
    expect(documented.sort()).toEqual([...new Set(registered.map(withoutSlash))].sort());
  });

  it("states who may call each route: the public ones, any signed-in user, or the role matrix's roles", () => {
    for (const { key, path, operation } of operations()) {
      const expected = path.startsWith("/dmz-api") || PUBLIC_API_ROUTES.has(key) ? "public" : ["signedIn", "roles"];
      expect([expected].flat(), key).toContain(operation["x-access"]);
      expect(operation.description, key).toBeTruthy();
      if (operation["x-access"] === "roles") expect(operation["x-roles"]?.length, key).toBeGreaterThan(0);
    }
    const roles = (key: string) => operations().find((operation) => operation.key === key)?.operation["x-roles"];
    expect(roles("GET /api/tenant/list")).toEqual([...ROLE_MATRIX.tenants]);
    expect(roles("GET /api/smartbill/customer/all")).toEqual([...ROLE_MATRIX.customers]);
    expect(roles("POST /api/smartbill/invoice/send/{id}")).toEqual([...ROLE_MATRIX.invoices]);
    expect(roles("PUT /api/smartbill/connection/")).toEqual([...ROLE_MATRIX.smartbillConnection]);
    expect(operations().find(({ key }) => key === "GET /api/me")?.operation["x-access"]).toBe("signedIn");
  });

  it("gives every JSON route the schema of its success answer", () => {
    const missing = operations()
      .filter(({ key }) => !FILE_ROUTES.has(key))
      .filter(({ operation }) =>
        !Object.entries(operation.responses).some(
          // 204: a success that answers nothing (a customer deleted), documented as such.
          ([status, answer]) => status === "204" || (/^2/.test(status) && answer.content?.["application/json"]?.schema !== undefined),
        ),
      )
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it("is browsable at /api/docs under the app's own security headers", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    const app = await t.app.inject({ method: "GET", url: "/dmz-api/nothing-here" });
    expect(page.headers["content-security-policy"]).toBe(app.headers["content-security-policy"]);
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.body).toContain("swagger-initializer.js");
  });
});

/**
 * Every field of the contract's Customer: a Record over its keys, so the compiler fails this file
 * when the contract gains a field the list below lacks.
 */
const CUSTOMER_FIELDS = Object.keys({
  id: true, clientName: true, cif: true, regCom: true, codClient: true, adresa: true, localitate: true, judet: true,
  banca: true, iban: true, tara: true, email: true, persContact: true, telefon: true, mentions: true, observations: true,
} satisfies Record<keyof Customer, true>);

/** Every field of the contract's Invoice and InvoiceLine, kept complete by the compiler as above. */
const INVOICE_FIELDS = Object.keys({
  id: true, clientId: true, warehouseId: true, issueDate: true, dueDays: true, useStock: true, mentions: true,
  observations: true, draft: true, saveToDb: true, seriesName: true, currency: true, language: true, precision: true,
  version: true, dueDate: true, clientName: true, status: true, sentSeries: true, sentNumber: true, errorText: true,
  sentAt: true, createdAt: true, updatedAt: true, products: true, cancelled: true, deletedFromSmartBill: true,
  reversalOfId: true, reversedById: true, payment: true, total: true, documentType: true, documentViewUrl: true,
  proformaId: true, invoiceId: true, invoicedAs: true, unpaid: true, efactura: true,
} satisfies Record<keyof Invoice, true>);
const INVOICE_LINE_FIELDS = Object.keys({
  id: true, invoiceId: true, name: true, code: true, quantity: true, price: true, measuringUnitName: true, currency: true,
  taxName: true, taxPercentage: true, saveToDb: true, service: true, warehouseName: true,
} satisfies Record<keyof InvoiceLine, true>);

describeEachDialect("the answers' schemas", (dialect) => {
  it("keep every field the contract declares for the customers' list", async () => {
    const t = await testApp(dialect);
    try {
      const session = await t.signIn("facturare@demo.ro");
      const now = timestamp();
      const text = Object.fromEntries(CUSTOMER_FIELDS.filter((field) => field !== "id").map((field) => [field, `${field}-1`]));
      await t.db.insertInto("customers").values({ tenantId: 2, ...(text as Omit<Customer, "id">), createdAt: now, updatedAt: now } as never).execute();
      const page = await t.api("GET", "/api/smartbill/customer/all?page=0&size=5", { session, tenantId: 2 });
      expect(page.statusCode).toBe(200);
      const [customer] = page.json<{ content: Customer[] }>().content;
      expect(Object.keys(customer).sort()).toEqual([...CUSTOMER_FIELDS].sort());
    } finally {
      await t.close();
    }
  });

  it("keep every field the contract declares for an invoice, its lines, and the invoices' list", async () => {
    const t = await testApp(dialect);
    try {
      const session = await t.signIn("facturare@demo.ro");
      const now = timestamp();
      const { id } = await t.db
        .insertInto("invoices")
        .values({
          tenantId: 2, clientId: null, warehouseId: null, issueDate: "2026-01-15", dueDays: 15, useStock: 0, draft: 0, saveToDb: 0,
          seriesName: "FCT", currency: "RON", language: "RO", precision: 2, sendSeriesNextNumber: null, sendStartedAt: null,
          sentSeries: null, sentNumber: null, sentMessage: null, sentUrl: null, errorText: null, sentAt: null, createdAt: now, updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto("invoice_lines")
        .values({
          invoiceId: id, name: "Pix", code: "P1", quantity: 2, price: 1.5, measuringUnitName: "buc", currency: "RON",
          taxName: "Normala", taxPercentage: 19, saveToDb: 0, service: 0, createdAt: now, updatedAt: now,
        })
        .execute();
      const one = await t.api("GET", `/api/smartbill/invoice/${id}`, { session, tenantId: 2 });
      expect(one.statusCode).toBe(200);
      const invoice = one.json<Invoice>();
      expect(Object.keys(invoice).sort()).toEqual([...INVOICE_FIELDS].sort());
      expect(Object.keys(invoice.products![0]).sort()).toEqual([...INVOICE_LINE_FIELDS].sort());
      const list = await t.api("GET", "/api/smartbill/invoice?page=0&size=5", { session, tenantId: 2 });
      const [item] = list.json<{ content: Invoice[] }>().content;
      expect(Object.keys(item).sort()).toEqual(INVOICE_FIELDS.filter((field) => field !== "products").sort());
    } finally {
      await t.close();
    }
  });
});

describeEachDialect("the API document in production", (dialect) => {
  it("is not served", async () => {
    const t = await testApp(dialect, {
      env: { NODE_ENV: "production", APP_URL: "https://app.example.ro", ADMIN_EMAIL: "root@example.ro", ADMIN_PASSWORD: "o-parola-lunga-1" },
    });
    try {
      expect((await t.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
