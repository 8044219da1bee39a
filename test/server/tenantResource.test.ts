/**
 * What tenantResource's declarative options do beyond the generic suite (plainResources.test.ts):
 * trimmed and required texts, 0/1 flags, unique columns with their sentence, a reference that
 * must be the same tenant's record (checked in the write's transaction, never stored otherwise),
 * counts of the rows that refer to a record, a record still referred to refused on delete, and a
 * rule of the resource's own that sees the transaction and the tenant. Declared here over a
 * test table of boxes that refer to the catalogue's products, on both databases.
 */
import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { HttpError } from "../../server/errors";
import { guardApi } from "../../server/routes/api/index";
import { tenantResource } from "../../server/routes/api/tenantResourceRoutes";
import { removeTemporaryDatabases } from "../helpers/databases";
import { type Dialect, describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

/** Typed as a resource's folder types its table. */
declare module "../../server/db/database" {
  interface Database {
    boxes: {
      id: number;
      tenantId: number;
      code: string;
      label: string;
      fragile: number;
      productId: number | null;
      createdAt: string;
      updatedAt: string;
    };
  }
}

const TOO_MANY = "O firmă are cel mult trei cutii.";
const CODE_TAKEN = "Există deja o cutie cu acest cod.";
const PRODUCT_IN_BOXES = "Produsul este în cutii.";

const boxes = tenantResource({
  // Borrowing the warehouses' row of the role matrix.
  name: "warehouses",
  table: "boxes",
  columns: ["id", "code", "label", "fragile", "productId"],
  body: {
    type: "object",
    required: ["code", "label"],
    properties: {
      code: { type: "string", minLength: 1, maxLength: 20 },
      label: { type: "string", minLength: 1, maxLength: 100 },
      fragile: { type: "boolean" },
      productId: { type: ["integer", "null"], minimum: 1 },
    },
  },
  trimmed: ["code", "label"],
  required: ["code", "label"],
  flags: ["fragile"],
  unique: { code: CODE_TAKEN },
  references: { productId: "products" },
  check: async (_row, { trx, tenantId, id }) => {
    if (id !== undefined) return;
    const held = await trx.selectFrom("boxes").select((eb) => eb.fn.countAll<number>().as("n")).where("tenantId", "=", tenantId).executeTakeFirstOrThrow();
    if (Number(held.n) >= 3) throw new HttpError(400, TOO_MANY);
  },
  label: "label",
});

/** The catalogue declared again, counting its boxes. */
const productsWithBoxes = tenantResource({
  name: "products",
  columns: ["id", "code", "name"],
  body: { type: "object", properties: { code: { type: "string" }, name: { type: "string" } } },
  counts: { boxCount: { table: "boxes", column: "productId" } },
  messages: { inUse: PRODUCT_IN_BOXES },
});

const withBoxes: FastifyPluginAsync = async (app) => {
  guardApi(app);
  await app.register(boxes.routes as FastifyPluginAsync, { prefix: "/api/boxes" });
  await app.register(productsWithBoxes.routes as FastifyPluginAsync, { prefix: "/api/products-with-boxes" });
};

async function createBoxesTable(t: TestApp, dialect: Dialect) {
  const id = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`;
  await sql`create table boxes (
    id ${id},
    "tenantId" integer not null references tenants(id),
    code text not null,
    label text not null,
    fragile integer not null default 0 check (fragile in (0, 1)),
    "productId" integer references products(id),
    "createdAt" text not null,
    "updatedAt" text not null,
    unique ("tenantId", code)
  )`.execute(t.db);
}

describeEachDialect("a declared resource's options (tenantResource)", (dialect) => {
  let t: TestApp;
  let clerk: LoginResponse;
  let superadmin: LoginResponse;
  let otherTenant: number;
  let ours: number;
  let theirs: number;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" }, plugin: withBoxes });
    await createBoxesTable(t, dialect);
    ({ invoicing: clerk, superadmin } = await signInDemoRoles(t));
    otherTenant = await addTenant(t, "Alte Cutii SRL");
    const product = (tenantId: number, code: string) =>
      t.db
        .insertInto("products")
        .values({ tenantId, code, name: code, unit: "buc", price: 1, currency: "RON", taxName: "Normala", taxPercentage: 21, isService: 0, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" })
        .returning("id")
        .executeTakeFirstOrThrow();
    ours = (await product(2, "CUT-1")).id;
    theirs = (await product(otherTenant, "CUT-2")).id;
  });
  afterAll(() => t.close());

  const add = (body: unknown) => t.api("POST", "/api/boxes", { session: clerk, body });
  const edit = (id: number, body: unknown) => t.api("PUT", `/api/boxes/${id}`, { session: clerk, body });
  const stored = () => t.db.selectFrom("boxes").selectAll().orderBy("id").execute();
  const emptied = () => t.db.deleteFrom("boxes").execute();

  describe("texts and flags", () => {
    it("trims texts, stores a flag as 0/1 and answers it as a boolean", async () => {
      await emptied();
      const box = await add({ code: "  B-1 ", label: " Cutia mare  ", fragile: true, productId: ours });
      expect(box.statusCode, box.body).toBe(200);
      expect(box.json()).toEqual({ id: expect.any(Number), code: "B-1", label: "Cutia mare", fragile: true, productId: ours });
      expect(await stored()).toMatchObject([{ code: "B-1", label: "Cutia mare", fragile: 1, tenantId: 2 }]);
      const plain = (await add({ code: "B-2", label: "Cutia mică" })).json();
      expect(plain).toMatchObject({ fragile: false, productId: null });
    });

    it("refuses blank required texts, naming each, storing nothing", async () => {
      await emptied();
      const blank = await add({ code: "   ", label: "\t" });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({
        message: "Date invalide: „code” este obligatoriu; „label” este obligatoriu.",
        errors: { code: "„code” este obligatoriu", label: "„label” este obligatoriu" },
      });
      expect(await stored()).toEqual([]);
    });

    it("refuses a unique value the tenant already has, after trimming, with its sentence; another tenant may have it", async () => {
      await emptied();
      const first = (await add({ code: "B-1", label: "Prima" })).json<{ id: number }>();
      const second = (await add({ code: "B-2", label: "A doua" })).json<{ id: number }>();
      expect((await add({ code: " B-1 ", label: "Alta" })).json()).toEqual({ message: CODE_TAKEN });
      expect((await edit(second.id, { code: "B-1", label: "A doua" })).statusCode).toBe(409);
      // Saving a record with its own value is no duplicate.
      expect((await edit(first.id, { code: "B-1", label: "Prima, redenumită" })).statusCode).toBe(200);
      const elsewhere = await t.api("POST", "/api/boxes", { session: superadmin, tenantId: otherTenant, body: { code: "B-1", label: "A lor" } });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    });
  });

  describe("references and counts", () => {
    it("refuses a reference to another tenant's record or to none with 400 in Romanian, storing nothing", async () => {
      await emptied();
      for (const productId of [theirs, 999_999]) {
        const foreign = await add({ code: "B-X", label: "Străină", productId });
        expect(foreign.statusCode).toBe(400);
        expect(foreign.json()).toEqual({
          message: "Date invalide: „productId” nu corespunde niciunei înregistrări a firmei.",
          errors: { productId: "„productId” nu corespunde niciunei înregistrări a firmei" },
        });
      }
      const box = (await add({ code: "B-1", label: "A noastră", productId: ours })).json<{ id: number }>();
      expect((await edit(box.id, { code: "B-1", label: "A noastră", productId: theirs })).statusCode).toBe(400);
      expect(await stored()).toMatchObject([{ code: "B-1", productId: ours }]);
    });

    it("answers how many rows refer to a record, and refuses to delete it while any does", async () => {
      await emptied();
      await add({ code: "B-1", label: "Unu", productId: ours });
      await add({ code: "B-2", label: "Doi", productId: ours });
      const product = await t.api("GET", `/api/products-with-boxes/${ours}`, { session: clerk });
      expect(product.json()).toMatchObject({ id: ours, code: "CUT-1", boxCount: 2 });
      const listed = (await t.api("GET", "/api/products-with-boxes", { session: clerk })).json<{ id: number; boxCount: number }[]>();
      expect(listed.find((row) => row.id === ours)?.boxCount).toBe(2);
      // Sent back with the whole record by react-admin's edit form, a count is accepted and ignored.
      const saved = await t.api("PUT", `/api/products-with-boxes/${ours}`, { session: clerk, body: { ...product.json<object>(), boxCount: 99 } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ boxCount: 2 });
      const removed = await t.api("DELETE", `/api/products-with-boxes/${ours}`, { session: clerk });
      expect(removed.statusCode).toBe(409);
      expect(removed.json()).toEqual({ message: PRODUCT_IN_BOXES });
      expect(await t.db.selectFrom("products").select("id").where("id", "=", ours).executeTakeFirst()).toBeDefined();
    });
  });

  describe("a rule of its own", () => {
    it("runs in the write's transaction, seeing the tenant's rows: the fourth box is refused", async () => {
      await emptied();
      for (const code of ["B-1", "B-2", "B-3"]) expect((await add({ code, label: code })).statusCode).toBe(200);
      const fourth = await add({ code: "B-4", label: "B-4" });
      expect(fourth.statusCode).toBe(400);
      expect(fourth.json()).toEqual({ message: TOO_MANY });
      // Another tenant's boxes are not the clerk's: it still adds its own.
      expect((await t.api("POST", "/api/boxes", { session: superadmin, tenantId: otherTenant, body: { code: "B-9", label: "B-9" } })).statusCode).toBe(200);
      expect((await stored()).filter((box) => box.tenantId === 2)).toHaveLength(3);
    });
  });
});
