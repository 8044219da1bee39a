import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LoginResponse, Page, Warehouse } from "../../contract/api";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { resetSmartBillLimiters } from "../../server/smartbill/client";
import { DEMO_SMARTBILL_TOKEN } from "../../server/smartbill/emulator/index";
import { addStockItems, addWarehouse, emulator, invoicingUserOfNewTenant, liveApp } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const ROLE_FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };
const TENANT_FORBIDDEN = { message: "Nu aveți acces la datele acestei firme." };
const FIELDS_REQUIRED = "Completați numele și tipul depozitului.";
const TYPE_INVALID = "Tipul depozitului trebuie să fie „en gros” sau „en detail”.";
const NOT_FOUND = { message: "Depozitul nu a fost găsit." };

describeEachDialect("the warehouses resource (/api/smartbill/warehouses)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  let other: { tenantId: number; session: LoginResponse };
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    other = await invoicingUserOfNewTenant(t, superadmin, "Alt Client SRL", "facturare@alt-client.ro");
  });
  afterAll(() => t.close());

  const list = (query = "", session = invoicing, tenantId?: number) =>
    t.api("GET", `/api/smartbill/warehouses${query}`, { session, tenantId });
  const add = (body: unknown, session = invoicing, tenantId?: number) =>
    t.api("POST", "/api/smartbill/warehouses", { session, body, tenantId });
  const edit = (id: number | string, body: unknown, session = invoicing, tenantId?: number) =>
    t.api("PUT", `/api/smartbill/warehouses/${id}`, { session, body, tenantId });
  const remove = (id: number | string, session = invoicing, tenantId?: number) =>
    t.api("DELETE", `/api/smartbill/warehouses/${id}`, { session, tenantId });
  const stored = (id: number) =>
    t.db.selectFrom("warehouses").select(["tenantId", "warehouseName", "warehouseType"]).where("id", "=", id).executeTakeFirst();
  const stockOf = async (warehouseId: number) =>
    (await t.db.selectFrom("stock_items").select("productName").where("warehouseId", "=", warehouseId).orderBy("id").execute()).map(
      (row) => row.productName,
    );

  describe("access", () => {
    it("lets the invoicing role work on its own tenant's warehouses", async () => {
      const created = await add({ warehouseName: "Acces Facturare", warehouseType: "en gros" });
      expect(created.statusCode).toBe(200);
      const { id } = created.json<Warehouse>();
      expect((await list()).json<Warehouse[]>()).toContainEqual({ id, warehouseName: "Acces Facturare", warehouseType: "en gros" });
      expect((await edit(id, { warehouseName: "Acces Facturare", warehouseType: "en detail" })).statusCode).toBe(200);
      expect((await remove(id)).statusCode).toBe(200);
    });

    it("lets the super-admin work on tenant 2's warehouses through X-Tenant-ID", async () => {
      const created = await add({ warehouseName: "De la sistem", warehouseType: "en gros" }, superadmin, 2);
      expect(created.statusCode).toBe(200);
      const { id } = created.json<Warehouse>();
      expect((await stored(id))?.tenantId).toBe(2);
      expect((await list("", invoicing)).json<Warehouse[]>().map((w) => w.id)).toContain(id);
      expect((await list("", superadmin, 2)).json<Warehouse[]>().map((w) => w.id)).toContain(id);
      // Without the header, the super-admin's own tenant (1), which has none of tenant 2's.
      expect((await list("", superadmin)).json<Warehouse[]>().map((w) => w.id)).not.toContain(id);
      expect((await remove(id, superadmin, 2)).statusCode).toBe(200);
    });

    it("lets the tenant's admin set up its warehouses: list, add, edit and delete", async () => {
      const created = await add({ warehouseName: "Pus de administrator", warehouseType: "en gros" }, admin);
      expect(created.statusCode).toBe(200);
      const { id } = created.json<Warehouse>();
      expect((await stored(id))?.tenantId).toBe(2);
      expect((await list("", admin)).json<Warehouse[]>().map((w) => w.id)).toContain(id);
      expect((await edit(id, { warehouseName: "Schimbat de administrator", warehouseType: "en detail" }, admin)).statusCode).toBe(200);
      expect((await remove(id, admin)).statusCode).toBe(200);
      expect(await stored(id)).toBeUndefined();
    });

    it("refuses a user without a role with 403, changing nothing", async () => {
      await addUser(t, { email: "fara-rol@demo.ro", tenantId: 2, password: "parola-fara-rol" });
      const nobody = await t.signIn("fara-rol@demo.ro", "parola-fara-rol");
      const id = await addWarehouse(t, 2, "Doar cu rol");
      for (const response of [
        await list("", nobody),
        await add({ warehouseName: "Nepermis", warehouseType: "en gros" }, nobody),
        await edit(id, { warehouseName: "Schimbat", warehouseType: "en gros" }, nobody),
        await remove(id, nobody),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(ROLE_FORBIDDEN);
      }
      expect(await stored(id)).toEqual({ tenantId: 2, warehouseName: "Doar cu rol", warehouseType: "en gros" });
      expect(await t.db.selectFrom("warehouses").select("id").where("warehouseName", "=", "Nepermis").execute()).toEqual([]);
    });

    it("answers a spoofed X-Tenant-ID with 403 and no data, on every endpoint", async () => {
      const id = await addWarehouse(t, 2, "Al tenantului 2");
      for (const response of [
        await list("", other.session, 2),
        await add({ warehouseName: "Intrus", warehouseType: "en gros" }, other.session, 2),
        await edit(id, { warehouseName: "Furat", warehouseType: "en gros" }, other.session, 2),
        await remove(id, other.session, 2),
        await list("", invoicing, other.tenantId),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(TENANT_FORBIDDEN);
      }
      expect((await stored(id))?.warehouseName).toBe("Al tenantului 2");
    });

    it("never shows an invoicing user of another tenant tenant 2's warehouses, nor lets it touch them", async () => {
      const id = await addWarehouse(t, 2, "Secret 2");
      const seen = (await list("", other.session)).json<Warehouse[]>();
      expect(seen.map((w) => w.warehouseName)).not.toContain("Secret 2");
      expect(seen.every((w) => w.id !== id)).toBe(true);
      const paged = (await list("?page=0&size=100&q=secret", other.session)).json<Page<Warehouse>>();
      expect(paged).toEqual({ content: [], totalElements: 0 });
      for (const response of [
        await edit(id, { warehouseName: "Furat", warehouseType: "en gros" }, other.session),
        await remove(id, other.session),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
      expect((await stored(id))?.warehouseName).toBe("Secret 2");
      // Its own list is its own.
      const own = await add({ warehouseName: "Secret 2", warehouseType: "en detail" }, other.session);
      expect(own.statusCode).toBe(200);
      expect((await list("", other.session)).json<Warehouse[]>()).toEqual([own.json<Warehouse & { message: string }>()].map(
        ({ id: ownId, warehouseName, warehouseType }) => ({ id: ownId, warehouseName, warehouseType }),
      ));
    });

    it("refuses a caller without a token with 401", async () => {
      expect((await t.api("GET", "/api/smartbill/warehouses")).statusCode).toBe(401);
    });
  });

  describe("POST", () => {
    it("adds a warehouse, trimmed, and answers it with the spec's success message", async () => {
      const response = await add({ warehouseName: "  Depozit Nord ", warehouseType: " en detail " });
      expect(response.statusCode).toBe(200);
      const body = response.json<Warehouse & { message: string }>();
      expect(body).toEqual({
        id: expect.any(Number),
        warehouseName: "Depozit Nord",
        warehouseType: "en detail",
        message: "Depozitul a fost adăugat cu succes.",
      });
      expect(await stored(body.id)).toEqual({ tenantId: 2, warehouseName: "Depozit Nord", warehouseType: "en detail" });
    });

    it("refuses a missing or blank name or type with the spec's message", async () => {
      for (const body of [
        {},
        { warehouseName: "Fără tip" },
        { warehouseType: "en gros" },
        { warehouseName: "  ", warehouseType: "en gros" },
        { warehouseName: "Tip gol", warehouseType: "" },
        { warehouseName: null, warehouseType: "en gros" },
      ]) {
        const response = await add(body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(FIELDS_REQUIRED);
      }
      expect((await add({ warehouseName: "Fără tip" })).json()).toEqual({
        message: FIELDS_REQUIRED,
        errors: { warehouseType: FIELDS_REQUIRED },
      });
      expect(await t.db.selectFrom("warehouses").select("id").where("warehouseName", "in", ["Fără tip", "Tip gol"]).execute()).toEqual([]);
    });

    it("refuses a type other than 'en gros' or 'en detail', in any other case too", async () => {
      for (const warehouseType of ["angro", "EN GROS", "en-detail", "depozit"]) {
        const response = await add({ warehouseName: "Tip greșit", warehouseType });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: TYPE_INVALID, errors: { warehouseType: TYPE_INVALID } });
      }
    });

    it("refuses an unknown field, a wrong type or an over-long name with 400", async () => {
      const cases: { body: unknown; message: string }[] = [
        { body: { warehouseName: "A", warehouseType: "en gros", tenantId: 1 }, message: "Date invalide: câmpul „tenantId” nu este permis." },
        { body: { warehouseName: 5, warehouseType: "en gros" }, message: "Date invalide: „warehouseName” trebuie să fie text sau nul." },
        { body: { warehouseName: "a".repeat(101), warehouseType: "en gros" }, message: "Date invalide: „warehouseName” poate avea cel mult 100 de caractere." },
      ];
      for (const { body, message } of cases) {
        const response = await add(body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
      }
    });

    it("refuses a name the tenant already has with 409; names differing in case are different warehouses", async () => {
      await add({ warehouseName: "Depozit Unic", warehouseType: "en gros" });
      const again = await add({ warehouseName: " Depozit Unic", warehouseType: "en detail" });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: "Există deja un depozit cu numele Depozit Unic." });
      // SmartBill matches warehouse names exactly, so these are other warehouses.
      expect((await add({ warehouseName: "depozit unic", warehouseType: "en gros" })).statusCode).toBe(200);
      // Another tenant may have the same name.
      expect((await add({ warehouseName: "Depozit Unic", warehouseType: "en gros" }, other.session)).statusCode).toBe(200);
    });
  });

  describe("PUT /{id}", () => {
    it("changes the name and type and answers the warehouse with the spec's success message", async () => {
      const id = await addWarehouse(t, 2, "Înainte");
      const response = await edit(id, { warehouseName: "După", warehouseType: "en detail" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id,
        warehouseName: "După",
        warehouseType: "en detail",
        message: "Depozitul a fost actualizat cu succes.",
      });
      expect(await stored(id)).toEqual({ tenantId: 2, warehouseName: "După", warehouseType: "en detail" });
    });

    it("keeps its own name, and refuses another warehouse's with 409", async () => {
      const id = await addWarehouse(t, 2, "Primul");
      await addWarehouse(t, 2, "Al doilea");
      expect((await edit(id, { warehouseName: "Primul", warehouseType: "en detail" })).statusCode).toBe(200);
      const taken = await edit(id, { warehouseName: "Al doilea", warehouseType: "en gros" });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: "Există deja un depozit cu numele Al doilea." });
      expect((await stored(id))?.warehouseName).toBe("Primul");
    });

    it("answers an unknown id with 404, and checks the fields like POST", async () => {
      const missing = await edit(999999, { warehouseName: "X", warehouseType: "en gros" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
      const id = await addWarehouse(t, 2, "Validat");
      expect((await edit(id, { warehouseName: "", warehouseType: "en gros" })).json().message).toBe(FIELDS_REQUIRED);
      expect((await edit(id, { warehouseName: "Validat", warehouseType: "x" })).json().message).toBe(TYPE_INVALID);
      expect((await edit("abc", { warehouseName: "X", warehouseType: "en gros" })).statusCode).toBe(400);
    });
  });

  describe("DELETE /{id}", () => {
    it("deletes the warehouse and its stock items, leaving other warehouses' stock, then answers 404", async () => {
      const id = await addWarehouse(t, 2, "De șters");
      const kept = await addWarehouse(t, 2, "Rămâne");
      await addStockItems(t, 2, id, [
        { productCode: "A1", productName: "Produs A", quantity: 3 },
        { productCode: null, productName: "Fără cod", quantity: 1 },
      ]);
      await addStockItems(t, 2, kept, [{ productCode: "A1", productName: "Produs A", quantity: 7 }]);

      const response = await remove(id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: "Depozitul a fost șters cu succes." });
      expect(await stored(id)).toBeUndefined();
      expect(await stockOf(id)).toEqual([]);
      expect(await stockOf(kept)).toEqual(["Produs A"]);

      const again = await remove(id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });

    it("keeps a tenant that has warehouses from being deleted", async () => {
      const tenant = await t.api("POST", "/api/tenant/add", { session: superadmin, body: { name: "Cu depozit SRL" } });
      const tenantId = tenant.json<{ id: number }>().id;
      await addWarehouse(t, tenantId, "Singurul");
      const response = await t.api("DELETE", `/api/tenant/${tenantId}`, { session: superadmin });
      expect(response.statusCode).toBe(409);
    });
  });

  describe("the list", () => {
    it("answers the tenant's warehouses as an array by id, or a page sorted and searched", async () => {
      const fresh = await invoicingUserOfNewTenant(t, superadmin, "Lista SRL", "facturare@lista.ro");
      for (const [name, type] of [
        ["Beta", "en gros"],
        ["Alfa", "en detail"],
        ["Gama", "en gros"],
      ] as const) {
        expect((await add({ warehouseName: name, warehouseType: type }, fresh.session)).statusCode).toBe(200);
      }
      const all = (await list("", fresh.session)).json<Warehouse[]>();
      expect(all.map((w) => w.warehouseName)).toEqual(["Beta", "Alfa", "Gama"]);
      expect(Object.keys(all[0]).sort()).toEqual(["id", "warehouseName", "warehouseType"]);

      const page = (await list("?page=0&size=2&sort=warehouseName,desc", fresh.session)).json<Page<Warehouse>>();
      expect(page.totalElements).toBe(3);
      expect(page.content.map((w) => w.warehouseName)).toEqual(["Gama", "Beta"]);
      const byType = (await list("?sort=warehouseType,asc", fresh.session)).json<Warehouse[]>();
      expect(byType.map((w) => w.warehouseName)).toEqual(["Alfa", "Beta", "Gama"]);
      const searched = (await list("?q=AM", fresh.session)).json<Warehouse[]>();
      expect(searched.map((w) => w.warehouseName)).toEqual(["Gama"]);

      const badSort = await list("?sort=tenantId,asc", fresh.session);
      expect(badSort.statusCode).toBe(400);
      expect(badSort.json()).toEqual({
        message: "Nu se poate sorta după „tenantId”. Câmpuri permise: id, warehouseName, warehouseType.",
      });
    });
  });
});

describeEachDialect("SmartBill's warehouses for the form (GET /api/smartbill/warehouses/smartbill)", (dialect) => {
  let t: TestApp;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  let other: { tenantId: number; session: LoginResponse };
  beforeAll(async () => {
    t = await liveApp(dialect, { env: { TASK_WORKER: "off" } });
    let superadmin: LoginResponse;
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    other = await invoicingUserOfNewTenant(t, superadmin, "Fără Conexiune SRL", "facturare@fara-conexiune.ro");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    resetSmartBillLimiters();
    await emulator(t, "POST", "/reset");
  });

  const read = (session = invoicing, tenantId?: number) => t.api("GET", "/api/smartbill/warehouses/smartbill", { session, tenantId });

  it("answers the warehouses SmartBill's stock answer names, with their types, from one call of the tenant's connection", async () => {
    for (const session of [invoicing, admin]) {
      const response = await read(session);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        warehouses: [
          { warehouseName: "Depozit Central", warehouseType: "en gros" },
          { warehouseName: "Magazin Cluj", warehouseType: "en detail" },
        ],
      });
    }
    const { requests } = await emulator(t, "GET", "/requests");
    expect(requests.map((call: { method: string; path: string; query: string }) => [call.method, call.path])).toEqual([
      ["GET", "/stocks"],
      ["GET", "/stocks"],
    ]);
    // Every warehouse: no warehouse filter, the company's own CIF.
    expect(requests[0].query).toMatch(/^cif=RO40671760&date=\d{4}-\d{2}-\d{2}$/);
  });

  it("says in Romanian why when the company has no SmartBill connection, asking SmartBill nothing", async () => {
    const response = await read(other.session);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Depozitele din SmartBill nu au putut fi citite: Configurarea SmartBill este incompletă/);
    expect((await emulator(t, "GET", "/requests")).count).toBe(0);
  });

  it("says in Romanian why when SmartBill refuses the connection or does not answer", async () => {
    await t.db.updateTable("properties").set({ value: "token-gresit" }).where("tenantId", "=", 2).where("name", "=", "smartbill.token").execute();
    try {
      const refused = await read();
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toMatch(/^Depozitele din SmartBill nu au putut fi citite: Autentificare esuata/);
    } finally {
      await t.db.updateTable("properties").set({ value: DEMO_SMARTBILL_TOKEN }).where("tenantId", "=", 2).where("name", "=", "smartbill.token").execute();
    }
    await emulator(t, "POST", "/faults", { fault: "html502", path: "/stocks" });
    const down = await read();
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/^Depozitele din SmartBill nu au putut fi citite: /);
  });

  it("is the tenant's own: another tenant's X-Tenant-ID is refused, and a user without a role gets 403", async () => {
    const spoofed = await read(other.session, 2);
    expect(spoofed.statusCode).toBe(403);
    await addUser(t, { email: "fara-rol@fara-conexiune.ro", tenantId: other.tenantId, password: "parola-noua-1" });
    const withoutRoles = await read(await t.signIn("fara-rol@fara-conexiune.ro", "parola-noua-1"));
    expect(withoutRoles.statusCode).toBe(403);
    expect((await emulator(t, "GET", "/requests")).count).toBe(0);
  });
});
