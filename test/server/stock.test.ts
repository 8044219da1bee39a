import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, StockImportResponse, StockPage, Task } from "../../contract/api";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addStockItems, addWarehouse, invoicingUserOfNewTenant } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const ROLE_FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };
const TENANT_FORBIDDEN = { message: "Nu aveți acces la datele acestei firme." };

describeEachDialect("the stock resource (/api/smartbill/stock)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  let other: { tenantId: number; session: LoginResponse };
  let central: number;
  let cluj: number;
  beforeAll(async () => {
    // No worker: an import's task stays queued, for the test to look at.
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    other = await invoicingUserOfNewTenant(t, superadmin, "Alt Client SRL", "facturare@alt-client.ro");
    central = await addWarehouse(t, 2, "Depozit Central");
    cluj = await addWarehouse(t, 2, "Magazin Cluj", "en detail");
    await addStockItems(t, 2, central, [
      { productCode: "PRD002", productName: "Monitor Dell 27 inch", quantity: 22 },
      { productCode: "PRD001", productName: "Laptop Lenovo", quantity: 15 },
      { productCode: "PRD004", productName: "Cafea boabe", measuringUnit: "kg", quantity: 36.5 },
      { productCode: null, productName: "Șervețele fără cod", quantity: 0 },
    ]);
    await addStockItems(t, 2, cluj, [
      { productCode: "PRD001", productName: "Laptop Lenovo", quantity: 4 },
      { productCode: "PRD007", productName: "Căști wireless", quantity: 11 },
    ]);
    const elsewhere = await addWarehouse(t, other.tenantId, "Depozit Central");
    await addStockItems(t, other.tenantId, elsewhere, [{ productCode: "ALT1", productName: "Produsul altuia", quantity: 1 }]);
  });
  afterAll(() => t.close());

  const list = (query = "", session = invoicing, tenantId?: number) =>
    t.api("GET", `/api/smartbill/stock${query}`, { session, tenantId });
  const importStock = (warehouseId: number | string, session = invoicing, tenantId?: number) =>
    t.api("POST", `/api/smartbill/stock/import/${warehouseId}`, { session, tenantId });
  const names = (page: StockPage) => page.content.map((item) => item.productName);

  describe("the list", () => {
    it("answers {content, totalElements} with every item of the tenant, without page or size", async () => {
      const response = await list();
      expect(response.statusCode).toBe(200);
      const page = response.json<StockPage>();
      expect(page.totalElements).toBe(6);
      expect(page.content).toHaveLength(6);
      expect(page.content[0]).toEqual({
        id: expect.any(Number),
        productCode: "PRD002",
        productName: "Monitor Dell 27 inch",
        measuringUnit: "buc",
        quantity: 22,
        warehouseId: central,
      });
      expect(page.content.find((item) => item.productCode === "PRD004")?.quantity).toBe(36.5);
      expect(page.content.find((item) => item.productCode === null)?.productName).toBe("Șervețele fără cod");
      expect(names(page)).not.toContain("Produsul altuia");
    });

    it("pages, and sorts by any listed field with the id as tie-break", async () => {
      const first = (await list("?page=0&size=2&sort=productName,asc")).json<StockPage>();
      expect(first.totalElements).toBe(6);
      expect(names(first)).toEqual(["Cafea boabe", "Căști wireless"]);
      const second = (await list("?page=1&size=2&sort=productName,asc")).json<StockPage>();
      expect(names(second)).toEqual(["Laptop Lenovo", "Laptop Lenovo"]);
      expect(second.content.map((item) => item.warehouseId)).toEqual([central, cluj]);

      const byQuantity = (await list("?sort=quantity,desc")).json<StockPage>();
      expect(byQuantity.content.map((item) => item.quantity)).toEqual([36.5, 22, 15, 11, 4, 0]);
      // Products without a code sort first, as an empty code, on both dialects.
      const byCode = (await list("?sort=productCode,asc")).json<StockPage>();
      expect(byCode.content.map((item) => item.productCode)).toEqual([null, "PRD001", "PRD001", "PRD002", "PRD004", "PRD007"]);
      const byWarehouse = (await list("?sort=warehouseId,desc&size=1")).json<StockPage>();
      expect(byWarehouse.content[0].warehouseId).toBe(cluj);
      for (const field of ["measuringUnit", "id"]) {
        expect((await list(`?sort=${field},asc`)).statusCode).toBe(200);
      }
    });

    it("searches the code or the name, ignoring case", async () => {
      expect(names((await list("?q=prd00")).json<StockPage>())).toHaveLength(5);
      expect(names((await list("?q=LENOVO")).json<StockPage>())).toEqual(["Laptop Lenovo", "Laptop Lenovo"]);
      expect(names((await list("?q=șervețele")).json<StockPage>())).toEqual(["Șervețele fără cod"]);
      expect((await list("?q=nimic")).json()).toEqual({ content: [], totalElements: 0 });
    });

    it("filters on one warehouse, with search, sort and paging", async () => {
      const only = (await list(`?warehouseId=${cluj}`)).json<StockPage>();
      expect(only.totalElements).toBe(2);
      expect(only.content.every((item) => item.warehouseId === cluj)).toBe(true);
      const combined = (await list(`?warehouseId=${central}&q=prd&sort=productCode,desc&page=0&size=2`)).json<StockPage>();
      expect(combined).toMatchObject({ totalElements: 3 });
      expect(combined.content.map((item) => item.productCode)).toEqual(["PRD004", "PRD002"]);
      // Another tenant's warehouse id filters to nothing rather than to its stock.
      const foreign = await t.db.selectFrom("warehouses").select("id").where("tenantId", "=", other.tenantId).executeTakeFirstOrThrow();
      expect((await list(`?warehouseId=${foreign.id}`)).json()).toEqual({ content: [], totalElements: 0 });
    });

    it("refuses a bad filter, an unknown parameter or an unsortable field with 400", async () => {
      for (const query of ["?warehouseId=abc", "?warehouseId=0", "?tenantId=1", "?sort=tenantId,asc", "?sort=productName,up"]) {
        const response = await list(query);
        expect(response.statusCode, query).toBe(400);
      }
      expect((await list("?sort=createdAt,asc")).json()).toEqual({
        message:
          "Nu se poate sorta după „createdAt”. Câmpuri permise: id, productCode, productName, measuringUnit, quantity, warehouseId.",
      });
    });

    it("answers more than 10,000 items only by pages, with a 400 that says so", async () => {
      const big = await invoicingUserOfNewTenant(t, superadmin, "Mare SRL", "facturare@mare.ro");
      const warehouseId = await addWarehouse(t, big.tenantId, "Depozit Mare");
      await addStockItems(
        t,
        big.tenantId,
        warehouseId,
        Array.from({ length: 10_001 }, (_, index) => ({ productCode: `C${index}`, productName: `Produs ${index}`, quantity: 1 })),
      );
      const whole = await list("", big.session);
      expect(whole.statusCode).toBe(400);
      expect(whole.json()).toEqual({
        message:
          "Lista are 10001 înregistrări, prea multe pentru o singură cerere (cel mult 10000): cereți-o pe pagini (parametrii page și size).",
      });
      const page = (await list("?page=20&size=500", big.session)).json<StockPage>();
      expect(page.totalElements).toBe(10_001);
      expect(page.content).toHaveLength(1);
      // A narrower search fits.
      expect((await list("?q=produs 999", big.session)).json<StockPage>().totalElements).toBe(11);
    });
  });

  describe("access", () => {
    it("lets the super-admin read tenant 2's stock through X-Tenant-ID", async () => {
      expect((await list("", superadmin, 2)).json<StockPage>().totalElements).toBe(6);
      expect((await list("", superadmin)).json()).toEqual({ content: [], totalElements: 0 });
    });

    it("refuses an admin with 403", async () => {
      for (const response of [await list("", admin), await importStock(central, admin)]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(ROLE_FORBIDDEN);
      }
    });

    it("never shows another tenant's invoicing user tenant 2's stock, and refuses its spoofed X-Tenant-ID", async () => {
      const own = (await list("", other.session)).json<StockPage>();
      expect(names(own)).toEqual(["Produsul altuia"]);
      for (const response of [await list("", other.session, 2), await importStock(central, other.session, 2)]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(TENANT_FORBIDDEN);
      }
      const foreign = await importStock(central, other.session);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: "Depozitul nu a fost găsit." });
    });
  });

  describe("POST /import/{warehouseId}", () => {
    it("answers 202 at once with the spec's message and the id of the queued task", async () => {
      const response = await importStock(central);
      expect(response.statusCode).toBe(202);
      const body = response.json<StockImportResponse>();
      expect(body).toEqual({
        message: "Importul stocului pentru depozitul „Depozit Central” a fost adăugat în lista de sarcini.",
        taskId: expect.any(Number),
      });
      const task = (await t.api("GET", `/api/tasks/${body.taskId}`, { session: invoicing })).json<Task>();
      expect(task).toMatchObject({ kind: "stock-import", status: "queued", title: "Import stoc: Depozit Central", progress: 0 });
      const row = await t.db.selectFrom("tasks").select(["payload", "tenantId", "createdBy"]).where("id", "=", body.taskId).executeTakeFirstOrThrow();
      expect(JSON.parse(row.payload)).toEqual({ warehouseId: central });
      expect(row.tenantId).toBe(2);
      expect(row.createdBy).toBe(3);
    });

    it("queues one import of a warehouse for ten requests at once: every answer names that task, as already in the task list", async () => {
      const warehouseId = await addWarehouse(t, 2, "Depozit Aglomerat");
      const responses = await Promise.all(Array.from({ length: 10 }, () => importStock(warehouseId)));
      const rows = await t.db.selectFrom("tasks").select(["id", "status"]).where("payload", "=", JSON.stringify({ warehouseId })).execute();
      expect(rows).toEqual([{ id: expect.any(Number), status: "queued" }]);
      const taskId = rows[0].id;
      const bodies = responses.map((response) => {
        expect(response.statusCode).toBe(202);
        return response.json<StockImportResponse>();
      });
      expect(bodies.every((body) => body.taskId === taskId)).toBe(true);
      const queued = "Importul stocului pentru depozitul „Depozit Aglomerat” a fost adăugat în lista de sarcini.";
      const already = `Importul stocului pentru depozitul „Depozit Aglomerat” este deja în lista de sarcini (sarcina nr. ${taskId}).`;
      expect(bodies.filter((body) => body.message === queued)).toHaveLength(1);
      expect(bodies.filter((body) => body.message === already)).toHaveLength(9);

      // Another warehouse's import is a task of its own.
      const other = (await importStock(await addWarehouse(t, 2, "Depozit Liniștit"))).json<StockImportResponse>();
      expect(other.message).toBe("Importul stocului pentru depozitul „Depozit Liniștit” a fost adăugat în lista de sarcini.");
      expect(other.taskId).not.toBe(taskId);
    });

    it("queues at most 100 tasks of a tenant, and answers 429 past them, but still names a task already queued", async () => {
      const queued = async (tenantId: number) =>
        (await t.db.selectFrom("tasks").select("id").where("tenantId", "=", tenantId).where("status", "=", "queued").execute()).length;
      const room = 100 - (await queued(2));
      let first = 0;
      for (let i = 0; i < room; i++) {
        const warehouseId = await addWarehouse(t, 2, `Depozit plin ${i}`);
        if (i === 0) first = warehouseId;
        expect((await importStock(warehouseId)).statusCode).toBe(202);
      }
      expect(await queued(2)).toBe(100);
      const refused = await importStock(await addWarehouse(t, 2, "Depozit în plus"));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        "Sunt deja 100 de sarcini în așteptare pentru această firmă. Așteptați să se termine câteva (lista de sarcini), apoi încercați din nou.",
      );
      expect(await queued(2)).toBe(100);
      expect((await importStock(first)).json<StockImportResponse>().message).toMatch(/este deja în lista de sarcini/);
      // Another tenant's queue is its own.
      const elsewhere = await addWarehouse(t, other.tenantId, "Depozit Vecin");
      expect((await importStock(elsewhere, other.session)).statusCode).toBe(202);
    });

    it("answers 404 for a warehouse the tenant does not have, and 400 for an id that is not one, queueing nothing", async () => {
      const before = await t.db.selectFrom("tasks").select("id").execute();
      expect((await importStock(999999)).statusCode).toBe(404);
      expect((await importStock("abc")).statusCode).toBe(400);
      expect(await t.db.selectFrom("tasks").select("id").execute()).toEqual(before);
    });
  });
});

