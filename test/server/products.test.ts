/**
 * 'Nomenclator produse' (/api/products): the tenant's catalogue, a plain resource served by
 * tenantResourceRoutes — its records, the list protocol, the tenant's walls and the role matrix.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, Page } from "../../contract/api";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { invoicingUserOfNewTenant } from "../helpers/smartbillData";
import type { Product } from "../../contract/api";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const NOT_FOUND = { message: "Produsul nu a fost găsit în nomenclator." };
const CODE_TAKEN = { message: "Există deja un produs cu acest cod în nomenclator." };
const ROLE_FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };

const laptop = { code: "LAP-1", name: "Laptop Lenovo", unit: "buc", price: 3499.9, currency: "RON", taxName: "Normala", taxPercentage: 21 };

describeEachDialect("the product catalogue (/api/products)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  let other: { tenantId: number; session: LoginResponse };
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    other = await invoicingUserOfNewTenant(t, superadmin, "Alt Catalog SRL", "facturare@alt-catalog.ro");
  });
  afterAll(() => t.close());

  const list = (query = "", session = invoicing) => t.api("GET", `/api/products${query}`, { session });
  const add = (body: unknown, session = invoicing) => t.api("POST", "/api/products", { session, body });
  const read = (id: number, session = invoicing) => t.api("GET", `/api/products/${id}`, { session });
  const edit = (id: number, body: unknown, session = invoicing) => t.api("PUT", `/api/products/${id}`, { session, body });
  const remove = (id: number, session = invoicing) => t.api("DELETE", `/api/products/${id}`, { session });
  const codes = (page: { json: () => unknown }) => (page.json() as Page<Product>).content.map((product) => product.code);

  describe("records", () => {
    it("adds a product and answers it as stored, the service flag a boolean", async () => {
      const created = await add({ ...laptop, code: " LAP-CRUD ", currency: "eur", isService: false });
      expect(created.statusCode).toBe(200);
      const product = created.json<Product>();
      expect(product).toEqual({ id: expect.any(Number), ...laptop, code: "LAP-CRUD", currency: "EUR", isService: false });
      expect((await read(product.id)).json()).toEqual(product);
      const stored = await t.db.selectFrom("products").selectAll().where("id", "=", product.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ tenantId: 2, isService: 0 });
    });

    it("takes RON and goods when currency and the service flag are left out, and keeps prices to the cent", async () => {
      const { currency: _, ...withoutCurrency } = laptop;
      const product = (await add({ ...withoutCurrency, code: "LAP-DEF", price: 10.005 })).json<Product>();
      expect(product).toMatchObject({ currency: "RON", isService: false, price: 10.01 });
    });

    it("edits a product, accepting the whole record react-admin sends back", async () => {
      const product = (await add({ ...laptop, code: "SRV-EDIT" })).json<Product>();
      const changed = await edit(product.id, { ...product, name: "Montaj", unit: "ore", isService: true, taxName: "Redusa", taxPercentage: 11 });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ ...product, name: "Montaj", unit: "ore", isService: true, taxName: "Redusa", taxPercentage: 11 });
      expect((await read(product.id)).json<Product>().isService).toBe(true);
    });

    it("deletes a product, answering it, and then knows it no more", async () => {
      const product = (await add({ ...laptop, code: "DEL-1" })).json<Product>();
      const deleted = await remove(product.id);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual(product);
      expect((await read(product.id)).statusCode).toBe(404);
      expect((await read(product.id)).json()).toEqual(NOT_FOUND);
      expect((await remove(product.id)).statusCode).toBe(404);
    });

    it("refuses a second product with the same code with 409, in Romanian, keeping the first", async () => {
      const first = (await add({ ...laptop, code: "DUP-1" })).json<Product>();
      const again = await add({ ...laptop, code: "DUP-1", name: "Altul" });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(CODE_TAKEN);
      const second = (await add({ ...laptop, code: "DUP-2" })).json<Product>();
      const renamed = await edit(second.id, { ...laptop, code: "DUP-1" });
      expect(renamed.statusCode).toBe(409);
      expect(renamed.json()).toEqual(CODE_TAKEN);
      expect((await read(first.id)).json<Product>().name).toBe(laptop.name);
      expect((await read(second.id)).json<Product>().code).toBe("DUP-2");
    });

    it("lets codes differ only by case, as SmartBill does", async () => {
      await add({ ...laptop, code: "case-1" });
      expect((await add({ ...laptop, code: "CASE-1" })).statusCode).toBe(200);
    });

    it("refuses a blank or missing code, a negative price and an unknown field with 400 in Romanian, storing nothing", async () => {
      const before = await t.db.selectFrom("products").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
      const blank = await add({ ...laptop, code: "   " });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ message: "Date invalide: „code” este obligatoriu.", errors: { code: "„code” este obligatoriu" } });
      const { code: _, ...withoutCode } = laptop;
      const missing = await add(withoutCode);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ code: "„code” este obligatoriu" });
      const negative = await add({ ...laptop, code: "NEG", price: -1 });
      expect(negative.json().errors).toEqual({ price: "„price” trebuie să fie cel puțin 0" });
      const unknown = await add({ ...laptop, code: "UNK", stock: 3 });
      expect(unknown.json().errors).toEqual({ stock: "câmpul „stock” nu este permis" });
      const after = await t.db.selectFrom("products").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe("VAT and price", () => {
    it("keeps a price not set (null), as the stock import leaves it, apart from a price of 0", async () => {
      const unpriced = await add({ ...laptop, code: "NOPRICE", price: null });
      expect(unpriced.statusCode, unpriced.body).toBe(200);
      expect(unpriced.json<Product>().price).toBeNull();
      expect((await read(unpriced.json<Product>().id)).json<Product>().price).toBeNull();
      expect((await add({ ...laptop, code: "FREE", price: 0 })).json<Product>().price).toBe(0);
    });

    it("saves the VAT of the tax chosen, from the tenant's SmartBill tax list: a stale 19 becomes 21; a tax the list lacks is refused", async () => {
      const taxes = JSON.stringify([{ name: "Normala", percentage: 21 }, { name: "Redusa", percentage: 11 }]);
      await t.db.insertInto("tax_lists").values({ tenantId: 2, taxes, readAt: new Date().toISOString() }).execute();
      try {
        const stale = await add({ ...laptop, code: "VAT-19", taxName: "normala", taxPercentage: 19 });
        expect(stale.statusCode, stale.body).toBe(200);
        expect(stale.json<Product>()).toMatchObject({ taxName: "Normala", taxPercentage: 21 });
        const edited = await edit(stale.json<Product>().id, { ...stale.json<Product>(), taxName: "Redusa", taxPercentage: 21 });
        expect(edited.json<Product>()).toMatchObject({ taxName: "Redusa", taxPercentage: 11 });
        const unknown = await add({ ...laptop, code: "VAT-X", taxName: "Scutit", taxPercentage: 0 });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toEqual({
          message: "Cota TVA „Scutit” nu există în SmartBill (cotele din SmartBill: Normala 21%, Redusa 11%); alegeți o cotă din listă.",
          errors: { taxName: "Cota TVA „Scutit” nu există în SmartBill (cotele din SmartBill: Normala 21%, Redusa 11%); alegeți o cotă din listă." },
        });
        expect((await list("?q=VAT-X")).json()).toEqual([]);
        // Another tenant's list is not this one's: with none ever read, what is sent is kept.
        expect((await add({ ...laptop, code: "VAT-19", taxPercentage: 19 }, other.session)).json<Product>().taxPercentage).toBe(19);
      } finally {
        await t.db.deleteFrom("tax_lists").where("tenantId", "=", 2).execute();
      }
    });
  });

  describe("the list", () => {
    beforeAll(async () => {
      for (const [code, name, currency, isService] of [
        ["L-03", "Șurubelniță", "RON", false],
        ["L-01", "Cablu rețea", "EUR", false],
        ["L-02", "Instalare rețea", "RON", true],
      ] as const) {
        expect((await add({ ...laptop, code, name, currency, isService })).statusCode).toBe(200);
      }
    });

    it("searches code and name, ignoring case and diacritics", async () => {
      expect(codes(await list("?q=retea&sort=code,asc&page=0&size=10"))).toEqual(["L-01", "L-02"]);
      expect(codes(await list("?q=l-0&sort=code,desc&page=0&size=10"))).toEqual(["L-03", "L-02", "L-01"]);
      expect(codes(await list("?q=surub&page=0&size=10"))).toEqual(["L-03"]);
    });

    it("filters by currency and by the service flag", async () => {
      expect(codes(await list("?q=L-0&currency=EUR&page=0&size=10"))).toEqual(["L-01"]);
      expect(codes(await list("?q=L-0&isService=1&page=0&size=10"))).toEqual(["L-02"]);
      expect(codes(await list("?q=L-0&isService=0&sort=code,asc&page=0&size=10"))).toEqual(["L-01", "L-03"]);
      expect((await list("?isService=da")).statusCode).toBe(400);
    });

    it("sorts by name and pages with the total", async () => {
      const page = (await list("?q=L-0&sort=name,asc&page=1&size=2")).json<Page<Product>>();
      expect(page.totalElements).toBe(3);
      expect(page.content.map((product) => product.name)).toEqual(["Șurubelniță"]);
      expect((await list("?sort=stock,asc")).statusCode).toBe(400);
    });

    it("answers only the products named by repeated ids (react-admin's getMany)", async () => {
      const all = (await list("?q=L-0&sort=code,asc")).json<Product[]>();
      const response = await list(`?id=${all[2].id}&id=${all[0].id}&sort=code,asc`);
      expect(response.json<Product[]>().map((product) => product.code)).toEqual(["L-01", "L-03"]);
    });
  });

  describe("tenants and roles", () => {
    it("never shows, changes or deletes another tenant's product: its id is 404", async () => {
      const theirs = (await add({ ...laptop, code: "ALT-1" }, other.session)).json<Product>();
      expect((await read(theirs.id)).json()).toEqual(NOT_FOUND);
      expect((await edit(theirs.id, { ...laptop, code: "FURAT" })).statusCode).toBe(404);
      expect((await remove(theirs.id)).statusCode).toBe(404);
      expect((await list(`?id=${theirs.id}`)).json()).toEqual([]);
      expect((await list("?q=ALT-1")).json()).toEqual([]);
      expect((await read(theirs.id, other.session)).json<Product>().code).toBe("ALT-1");
      // The same code is free in another tenant's catalogue.
      expect((await add({ ...laptop, code: "ALT-1" })).statusCode).toBe(200);
    });

    it("refuses the tenant's admin with 403, changing nothing: the catalogue is invoicing work", async () => {
      expect((await list("", admin)).json()).toEqual(ROLE_FORBIDDEN);
      const refused = await add({ ...laptop, code: "ADM-1" }, admin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(ROLE_FORBIDDEN);
      expect(await t.db.selectFrom("products").select("id").where("code", "=", "ADM-1").executeTakeFirst()).toBeUndefined();
    });

    it("keeps a tenant whose only data is its catalogue from being deleted", async () => {
      const tenantId = await addTenant(t, "Doar Produse SRL");
      expect((await t.api("POST", "/api/products", { session: superadmin, tenantId, body: { ...laptop } })).statusCode).toBe(200);
      const refused = await t.api("DELETE", `/api/tenant/${tenantId}`, { session: superadmin });
      expect(refused.statusCode).toBe(409);
      expect(await t.db.selectFrom("tenants").select("id").where("id", "=", tenantId).executeTakeFirst()).toEqual({ id: tenantId });
    });
  });
});
