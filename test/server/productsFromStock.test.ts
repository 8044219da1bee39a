/**
 * The catalogue kept up to date by the stock imports: the app in demo mode with its SmartBill
 * emulator; a stock import brings the warehouse's products (code, name, unit) into the tenant's
 * catalogue in the same transaction as the stock.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { LoginResponse, StockImportResponse, Warehouse } from "../../contract/api";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { liveApp, waitForTask } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant } from "../helpers/users";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";

afterAll(removeTemporaryDatabases);

describeEachDialect("the catalogue kept by the stock imports", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let central: number;
  let cluj: number;
  let otherTenant: number;
  beforeAll(async () => {
    t = await liveApp(dialect, { env: { TASK_POLL_MS: "20" } });
    invoicing = await t.signIn("facturare@demo.ro");
    const add = async (warehouseName: string, warehouseType: string) =>
      (await t.api("POST", "/api/smartbill/warehouses", { session: invoicing, body: { warehouseName, warehouseType } })).json<Warehouse>().id;
    central = await add("Depozit Central", "en gros");
    cluj = await add("Magazin Cluj", "en detail");
    otherTenant = await addTenant(t, "Alt Nomenclator SRL");
  });
  afterAll(() => t.close());
  beforeEach(() => liftSmartBillBlocks(t.db));

  const importStock = async (warehouseId: number) => {
    const response = await t.api("POST", `/api/smartbill/stock/import/${warehouseId}`, { session: invoicing });
    expect(response.statusCode).toBe(202);
    return waitForTask(t, invoicing, response.json<StockImportResponse>().taskId);
  };
  const catalogue = (tenantId = 2) =>
    t.db
      .selectFrom("products")
      .select(["code", "name", "unit", "price", "currency", "taxName", "taxPercentage", "isService"])
      .where("tenantId", "=", tenantId)
      .orderBy("code")
      .execute();
  const addProduct = async (tenantId: number, fields: { code: string; name: string; unit: string; price: number; taxPercentage: number }) => {
    const now = new Date().toISOString();
    await t.db
      .insertInto("products")
      .values({ tenantId, currency: "EUR", taxName: "Redusa", isService: 1, createdAt: now, updatedAt: now, ...fields })
      .execute();
  };

  it("adds the stock's new codes (no price, which the stock answer lacks; Normala at SmartBill's rate) and renames the known ones, leaving price, currency, tax and the service flag alone", async () => {
    await addProduct(2, { code: "PRD001", name: "Laptop (nume vechi)", unit: "bucăți", price: 4200, taxPercentage: 11 });
    await addProduct(otherTenant, { code: "PRD002", name: "Al altui tenant", unit: "kg", price: 1, taxPercentage: 11 });

    expect((await importStock(central)).status).toBe("done");

    const fresh = { price: null, currency: "RON", taxName: "Normala", taxPercentage: 21, isService: 0 };
    const priced = (price: number | null) => (price === null ? null : Number(price));
    expect((await catalogue()).map((row) => ({ ...row, price: priced(row.price), taxPercentage: Number(row.taxPercentage) }))).toEqual([
      { code: "PRD001", name: "Laptop Lenovo ThinkPad E14", unit: "buc", price: 4200, currency: "EUR", taxName: "Redusa", taxPercentage: 11, isService: 1 },
      { code: "PRD002", name: "Monitor Dell 27 inch", unit: "buc", ...fresh },
      { code: "PRD003", name: "Hârtie copiator A4", unit: "buc", ...fresh },
      { code: "PRD004", name: "Cafea boabe prăjită", unit: "kg", ...fresh },
      { code: "PRD005", name: "Scaun ergonomic de birou", unit: "buc", ...fresh },
      { code: "PRD006", name: "Cablu rețea Cat6", unit: "buc", ...fresh },
    ]);
    // Another tenant's catalogue is its own.
    expect(await catalogue(otherTenant)).toMatchObject([{ code: "PRD002", name: "Al altui tenant" }]);
  });

  it("gives new products the standard rate of the tenant's tax list as last read, not a rate assumed in advance", async () => {
    await t.db.deleteFrom("products").where("tenantId", "=", 2).execute();
    const taxes = JSON.stringify([{ name: "Normala", percentage: 20 }, { name: "Redusa", percentage: 11 }]);
    await t.db.insertInto("tax_lists").values({ tenantId: 2, taxes, readAt: new Date().toISOString() })
      .onConflict((oc) => oc.column("tenantId").doUpdateSet({ taxes })).execute();
    try {
      expect((await importStock(central)).status).toBe("done");
      expect(new Set((await catalogue()).map((row) => `${row.taxName} ${Number(row.taxPercentage)} ${row.price}`))).toEqual(new Set(["Normala 20 null"]));
    } finally {
      await t.db.deleteFrom("tax_lists").where("tenantId", "=", 2).execute();
    }
  });

  it("writes the catalogue in the stock's transaction: when it cannot be written, the stock stays as it was", async () => {
    // The catalogue's table gone for a moment: its write fails after the stock's.
    await sql`alter table products rename to products_away`.execute(t.db);
    try {
      expect((await importStock(cluj)).status).toBe("failed");
    } finally {
      await sql`alter table products_away rename to products`.execute(t.db);
    }
    const stock = await t.db.selectFrom("stock_items").select("id").where("warehouseId", "=", cluj).execute();
    expect(stock).toEqual([]);
    expect((await catalogue()).map((row) => row.code)).not.toContain("PRD007");

    expect((await importStock(cluj)).status).toBe("done");
    expect((await catalogue()).map((row) => row.code)).toContain("PRD007");
  });
});
