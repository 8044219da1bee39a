/**
 * The list protocol every list speaks (server/routes/api/listQuery.ts): paging, sort, filters,
 * `?id=` (react-admin's getMany) and a filter named after a reference (getManyReference), on the
 * spec's irregular lists and on a plain resource declared by tenantResource with no adapter.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { sql } from "kysely";
import type { FastifyPluginAsync } from "fastify";
import type { Static, TSchema } from "typebox";
import type { InvoiceStatus, LoginResponse, Page, Property, Tenant, TaskStatus, User, Warehouse } from "../../contract/api";
import { customerList } from "../../server/routes/api/customers/customers.repository";
import { guardApi } from "../../server/routes/api/index";
import { invoiceList } from "../../server/routes/api/invoices/invoices.repository";
import { listQuerystringFor } from "../../server/routes/api/listQuery";
import { propertyList } from "../../server/routes/api/properties/properties.repository";
import { taskQuerystring } from "../../server/routes/api/tasks/schemas";
import { tenantResource } from "../../server/routes/api/tenantResourceRoutes";
import { removeTemporaryDatabases } from "../helpers/databases";
import { type Dialect, describeEachDialect } from "../helpers/dialects";
import { addStockItems, addWarehouse } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

/** A plain tenant resource of the tests' own, in a table made for them, typed as a resource's folder types its table. */
declare module "../../server/db/database" {
  interface Database {
    gadgets: { id: number; tenantId: number; code: string; name: string; price: number; createdAt: string; updatedAt: string };
  }
}
interface Gadget {
  id: number;
  code: string;
  name: string;
  price: number;
}

const gadgets = tenantResource({
  // Borrowing the catalogue's row of the role matrix.
  name: "products",
  table: "gadgets",
  columns: ["id", "code", "name", "price"],
  body: {
    type: "object",
    required: ["code", "name"],
    properties: {
      code: { type: "string", minLength: 1, maxLength: 20 },
      name: { type: "string", minLength: 1, maxLength: 100 },
      price: { type: "number", minimum: 0 },
    },
  },
  list: {
    searchable: ["gadgets.code", "gadgets.name"],
    filters: { code: { column: "gadgets.code", schema: { type: "string", maxLength: 20 } } },
  },
  messages: { duplicate: "Codul există deja." },
});
const gadgetRoutes = gadgets.routes as FastifyPluginAsync;

const withGadgets: FastifyPluginAsync = async (app) => {
  guardApi(app);
  await app.register(gadgetRoutes, { prefix: "/api/gadgets" });
};

async function createGadgetsTable(t: TestApp, dialect: Dialect) {
  const id = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`;
  await sql`create table gadgets (
    id ${id},
    "tenantId" integer not null references tenants(id),
    code text not null,
    name text not null,
    price real not null default 0,
    "createdAt" text not null,
    "updatedAt" text not null,
    unique ("tenantId", code)
  )`.execute(t.db);
}

/** What a list route's `request.query` is, as the type provider infers it from the route's schema. */
type QueryOf<Schema extends TSchema> = Required<Static<Schema>>;

it("types a list's query string from its schema: the shared parameters, the key and the named filters", () => {
  expectTypeOf<QueryOf<typeof taskQuerystring>>().toEqualTypeOf<{
    page: number; size: number; sort: string; q: string; id: number[]; status: TaskStatus;
  }>();
  expectTypeOf<QueryOf<ReturnType<typeof listQuerystringFor<typeof invoiceList>>>>().toMatchTypeOf<{
    id: number[]; status: InvoiceStatus; clientId: number;
  }>();
  // Settings are keyed by name; a customer column filters by text.
  expectTypeOf<QueryOf<ReturnType<typeof listQuerystringFor<typeof propertyList>>>["id"]>().toEqualTypeOf<string[]>();
  expectTypeOf<QueryOf<ReturnType<typeof listQuerystringFor<typeof customerList>>>["judet"]>().toEqualTypeOf<string>();
  // The schema Fastify validates is the same JSON Schema as ever.
  expect(taskQuerystring).toMatchObject({
    type: "object",
    additionalProperties: false,
    properties: { id: { type: "array", items: { type: "integer" } }, status: { type: "string", enum: ["queued", "running", "done", "failed"] } },
  });
});

describeEachDialect("the list protocol", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let invoicing: LoginResponse;
  let warehouseIds: number[];
  let otherTenantWarehouse: number;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" }, plugin: withGadgets });
    await createGadgetsTable(t, dialect);
    ({ superadmin, invoicing } = await signInDemoRoles(t));
    warehouseIds = [];
    for (const name of ["Protocol C", "Protocol A", "Protocol B"]) warehouseIds.push(await addWarehouse(t, 2, name));
    otherTenantWarehouse = await addWarehouse(t, await addTenant(t, "Protocol Alt SRL"), "Protocol Străin");
    await addStockItems(t, 2, warehouseIds[0], [
      { productCode: "P1", productName: "Pix", measuringUnit: "buc", quantity: 1 },
      { productCode: "P2", productName: "Caiet", measuringUnit: "buc", quantity: 2 },
      { productCode: "P3", productName: "Riglă", measuringUnit: "buc", quantity: 3 },
    ]);
    await addStockItems(t, 2, warehouseIds[1], [{ productCode: "P9", productName: "Gumă", measuringUnit: "buc", quantity: 9 }]);
  });
  afterAll(() => t.close());

  const get = (url: string, session = invoicing, tenantId?: number) => t.api("GET", url, { session, tenantId });

  it("answers only the records named by repeated ids, in the list's order", async () => {
    const [c, , b] = warehouseIds;
    const response = await get(`/api/smartbill/warehouses?id=${b}&id=${c}&sort=warehouseName,asc`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Warehouse[]>().map((w) => w.warehouseName)).toEqual(["Protocol B", "Protocol C"]);
  });

  it("takes a single id as a list of one", async () => {
    const response = await get(`/api/smartbill/warehouses?id=${warehouseIds[1]}`);
    expect(response.json<Warehouse[]>().map((w) => w.warehouseName)).toEqual(["Protocol A"]);
  });

  it("never answers another tenant's record asked for by id", async () => {
    const response = await get(`/api/smartbill/warehouses?id=${otherTenantWarehouse}&id=${warehouseIds[0]}`);
    expect(response.json<Warehouse[]>().map((w) => w.id)).toEqual([warehouseIds[0]]);
  });

  it("pages the records asked for by id when paging is asked for", async () => {
    const response = await get(`/api/smartbill/warehouses?${warehouseIds.map((id) => `id=${id}`).join("&")}&page=1&size=2&sort=warehouseName,asc`);
    expect(response.json<Page<Warehouse>>()).toMatchObject({ totalElements: 3, content: [{ warehouseName: "Protocol C" }] });
  });

  it("refuses more than 500 ids, and an id that is not a key", async () => {
    const many = Array.from({ length: 501 }, (_, i) => `id=${i + 1}`).join("&");
    const tooMany = await get(`/api/smartbill/warehouses?${many}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain("500");
    expect((await get("/api/smartbill/warehouses?id=abc")).statusCode).toBe(400);
  });

  it("finds settings by their name, their key", async () => {
    const response = await get("/api/property/properties?id=smartbill.username&id=nu.exista", superadmin, 2);
    expect(response.statusCode).toBe(200);
    expect(response.json<Property[]>().map((p) => p.name)).toEqual(["smartbill.username"]);
  });

  it("finds tenants and users by id", async () => {
    const tenants = await get("/api/tenant/list?id=2&id=1", superadmin);
    expect(tenants.json<Tenant[]>().map((tenant) => tenant.id)).toEqual([1, 2]);
    const users = await get("/api/user/list?tenantId=2&page=0&size=50", superadmin);
    const page = users.json<Page<User>>();
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((user) => user.tenant.id === 2)).toBe(true);
  });

  it("answers a page of the rows referring to one record, filtered by the reference's name", async () => {
    const response = await get(`/api/smartbill/stock?warehouseId=${warehouseIds[0]}&page=0&size=2&sort=productName,desc`);
    expect(response.json()).toMatchObject({
      totalElements: 3,
      content: [{ productName: "Riglă" }, { productName: "Pix" }],
    });
  });

  describe("for a plain tenant resource with no adapter code", () => {
    const gadgets = (method: "GET" | "POST" | "PUT" | "DELETE", path = "", body?: unknown, tenantId?: number) =>
      t.api(method, `/api/gadgets${path}`, { session: invoicing, body, tenantId });
    let ids: number[];

    beforeAll(async () => {
      ids = [];
      for (const [code, name, price] of [["G3", "Ciocan", 30], ["G1", "Cleşte", 10], ["G2", "Șurubelniță", 20]] as const) {
        const created = await gadgets("POST", "", { code, name, price });
        expect(created.statusCode).toBe(200);
        ids.push(created.json<Gadget>().id);
      }
    });

    it("creates a record and answers it, scoped to the caller's tenant", async () => {
      const created = await gadgets("POST", "", { code: "G9", name: "Menghină" });
      expect(created.json()).toEqual({ id: expect.any(Number), code: "G9", name: "Menghină", price: 0 });
      const row = await t.db.selectFrom("gadgets" as never).selectAll().where("code" as never, "=", "G9" as never).executeTakeFirst();
      expect(row).toMatchObject({ tenantId: 2 });
      await gadgets("DELETE", `/${created.json<Gadget>().id}`);
    });

    it("pages, sorts, searches and filters the list", async () => {
      const page = await gadgets("GET", "?page=0&size=2&sort=price,desc");
      expect(page.json()).toEqual({
        totalElements: 3,
        content: [
          { id: ids[0], code: "G3", name: "Ciocan", price: 30 },
          { id: ids[2], code: "G2", name: "Șurubelniță", price: 20 },
        ],
      });
      expect((await gadgets("GET", "?q=surub")).json<Gadget[]>().map((g) => g.code)).toEqual(["G2"]);
      expect((await gadgets("GET", "?code=G1")).json<Gadget[]>().map((g) => g.name)).toEqual(["Cleşte"]);
      expect((await gadgets("GET", `?id=${ids[1]}&id=${ids[0]}`)).json<Gadget[]>().map((g) => g.code)).toEqual(["G3", "G1"]);
      expect((await gadgets("GET", "?sort=tenantId,asc")).statusCode).toBe(400);
    });

    it("reads, updates and deletes one record, ignoring the read-only fields sent back", async () => {
      const one = await gadgets("GET", `/${ids[1]}`);
      expect(one.json()).toEqual({ id: ids[1], code: "G1", name: "Cleşte", price: 10 });
      const updated = await gadgets("PUT", `/${ids[1]}`, { ...one.json<Gadget>(), name: "Clește", createdAt: "x", tenantId: 1 });
      expect(updated.json()).toEqual({ id: ids[1], code: "G1", name: "Clește", price: 10 });
      const deleted = await gadgets("DELETE", `/${ids[1]}`);
      expect(deleted.json()).toEqual(updated.json());
      expect((await gadgets("GET", `/${ids[1]}`)).statusCode).toBe(404);
    });

    it("keeps other tenants' records out of reach", async () => {
      expect((await gadgets("GET", `/${ids[0]}`, undefined, 1)).statusCode).toBe(403);
      const superadminOther = await t.api("GET", `/api/gadgets/${ids[0]}`, { session: superadmin, tenantId: 1 });
      expect(superadminOther.statusCode).toBe(404);
      const put = await t.api("PUT", `/api/gadgets/${ids[0]}`, { session: superadmin, tenantId: 1, body: { code: "X", name: "X" } });
      expect(put.statusCode).toBe(404);
      expect((await t.api("GET", "/api/gadgets", { session: superadmin, tenantId: 1 })).json()).toEqual([]);
    });

    it("refuses bad input with 400 and a duplicate with the resource's 409", async () => {
      const missing = await gadgets("POST", "", { name: "Fără cod" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toHaveProperty("code");
      expect((await gadgets("POST", "", { code: "G1x", name: "n", colour: "roșu" })).statusCode).toBe(400);
      const duplicate = await gadgets("POST", "", { code: "G3", name: "Alt ciocan" });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ message: "Codul există deja." });
    });

    it("answers through a record schema built from its columns, which the API document shows", async () => {
      type Schema = { type?: unknown; properties?: Record<string, { type?: unknown }>; anyOf?: Schema[] };
      const document = (await t.api("GET", "/api/docs/json")).json<{ paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>> }>();
      const answer = (path: string, method: string) => document.paths[path][method].responses["200"].content["application/json"].schema;
      const record = answer("/api/gadgets/{id}", "get");
      expect(Object.keys(record.properties ?? {})).toEqual(["id", "code", "name", "price"]);
      // Not required in the body, so it may be stored as null: never answered as 0.
      expect(record.properties?.price.type).toEqual(["number", "null"]);
      expect(record.properties?.code.type).toBe("string");
      for (const [path, method] of [["/api/gadgets/", "post"], ["/api/gadgets/{id}", "put"], ["/api/gadgets/{id}", "delete"]]) {
        expect([path, method, answer(path, method)]).toEqual([path, method, record]);
      }
      expect(answer("/api/gadgets/", "get").anyOf?.[0]).toEqual({ type: "array", items: record });
    });

    it("refuses a caller whose role the matrix row does not allow, and one not signed in", async () => {
      const tenantAdmin = await t.signIn("admin@demo.ro");
      expect((await t.api("GET", "/api/gadgets", { session: tenantAdmin })).statusCode).toBe(403);
      expect((await t.api("GET", "/api/gadgets", { authorization: "Bearer nu" })).statusCode).toBe(401);
    });
  });
});
