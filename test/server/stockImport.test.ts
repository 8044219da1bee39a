/**
 * The stock import end to end: the app in demo mode with its SmartBill emulator, listening on a
 * real port that tenant 2's smartbill.url points at; POST /api/smartbill/stock/import/{id} → the
 * task worker → the real SmartBill client → the emulator → the stock list.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LoginResponse, StockImportResponse, StockItem, StockPage, Task, Warehouse } from "../../contract/api";
import type { Database } from "../../server/db/database";
import type { EmulatorCompanySeed, EmulatorState } from "../../server/smartbill/emulator/index";
import type { StockWarehouse } from "../../server/smartbill/types";
import { stockImported, stockRowsInvalid } from "../../server/messages";
import { createStockImport } from "../../server/tasks/kinds/stockImport";
import { enqueueTask } from "../../server/tasks/queue";
import { removeTemporaryDatabases } from "../helpers/databases";
import { type Dialect, describeEachDialect } from "../helpers/dialects";
import { emulator, eventually, liveApp, waitForTask } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";

afterAll(removeTemporaryDatabases);

const INTERRUPTED = "Sarcina a fost întreruptă de repornirea serverului. Porniți-o din nou.";
const INTERNAL = "Sarcina a eșuat din cauza unei erori interne; nimic nu a fost modificat. Detaliile sunt în jurnalul serverului.";
const FAST = { TASK_POLL_MS: "20", TASK_STALE_SECONDS: "1" };

/** Changes the demo company in the emulator (its stock, its use of product codes, …). */
async function changeCompany(t: TestApp, change: (company: EmulatorCompanySeed) => void): Promise<void> {
  const state = (await emulator(t, "GET", "/state")) as EmulatorState;
  const companies = structuredClone(state.companies) as unknown as EmulatorCompanySeed[];
  change(companies.find((company) => company.cif === "RO40671760")!);
  await emulator(t, "PUT", "/state", { companies });
}

function warehouseOf(company: EmulatorCompanySeed, name: string) {
  return company.warehouses!.find((warehouse) => warehouse.name === name)!;
}

describeEachDialect("the stock import (emulator → task → stock list)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let central: number;
  let cluj: number;
  beforeAll(async () => {
    t = await liveApp(dialect, { env: FAST });
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    const add = (warehouseName: string, warehouseType: string) =>
      t.api("POST", "/api/smartbill/warehouses", { session: invoicing, body: { warehouseName, warehouseType } });
    central = (await add("Depozit Central", "en gros")).json<Warehouse>().id;
    cluj = (await add("Magazin Cluj", "en detail")).json<Warehouse>().id;
  });
  afterAll(() => t.close());
  beforeEach(() => liftSmartBillBlocks(t.db));
  afterEach(() => emulator(t, "DELETE", "/faults"));

  const startImport = async (warehouseId: number) => {
    const response = await t.api("POST", `/api/smartbill/stock/import/${warehouseId}`, { session: invoicing });
    expect(response.statusCode).toBe(202);
    return response.json<StockImportResponse>();
  };
  const importAndWait = async (warehouseId: number) => waitForTask(t, invoicing, (await startImport(warehouseId)).taskId);
  const stockOf = async (warehouseId: number) =>
    (await t.api("GET", `/api/smartbill/stock?warehouseId=${warehouseId}&sort=productCode,asc`, { session: invoicing })).json<StockPage>()
      .content;
  const snapshot = (db: Kysely<Database>) => db.selectFrom("stock_items").selectAll().orderBy("id").execute();

  it("imports a warehouse's stock: the task ends done and the stock list shows its products with the warehouse's id", async () => {
    const { message, taskId } = await startImport(central);
    expect(message).toBe("Importul stocului pentru depozitul „Depozit Central” a fost adăugat în lista de sarcini.");
    const task = await waitForTask(t, invoicing, taskId);
    expect(task).toMatchObject({
      kind: "stock-import",
      title: "Import stoc: Depozit Central",
      status: "done",
      progress: 100,
      total: 6,
      processed: 6,
      created: 6,
      updated: 0,
      errors: 0,
      errorText: null,
      message: "Importate 6 produse (6 noi, 0 actualizate).",
    });
    const items = await stockOf(central);
    expect(items.map(({ productCode, productName, measuringUnit, quantity, warehouseId }) => ({
      productCode,
      productName,
      measuringUnit,
      quantity,
      warehouseId,
    }))).toEqual([
      { productCode: "PRD001", productName: "Laptop Lenovo ThinkPad E14", measuringUnit: "buc", quantity: 15, warehouseId: central },
      { productCode: "PRD002", productName: "Monitor Dell 27 inch", measuringUnit: "buc", quantity: 22, warehouseId: central },
      { productCode: "PRD003", productName: "Hârtie copiator A4", measuringUnit: "buc", quantity: 480, warehouseId: central },
      { productCode: "PRD004", productName: "Cafea boabe prăjită", measuringUnit: "kg", quantity: 36.5, warehouseId: central },
      { productCode: "PRD005", productName: "Scaun ergonomic de birou", measuringUnit: "buc", quantity: 8, warehouseId: central },
      { productCode: "PRD006", productName: "Cablu rețea Cat6", measuringUnit: "buc", quantity: 120, warehouseId: central },
    ]);
    // SmartBill was asked for this warehouse's stock as of today in Romania.
    const { requests } = (await emulator(t, "GET", "/requests")) as { requests: { path: string; query: string }[] };
    const query = new URLSearchParams(requests.find((request) => request.path === "/stocks")!.query);
    expect(query.get("warehouseName")).toBe("Depozit Central");
    expect(query.get("date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("imports each warehouse on its own: a product in two warehouses is two stock items", async () => {
    const task = await importAndWait(cluj);
    expect(task).toMatchObject({ status: "done", message: "Importate 4 produse (4 noi, 0 actualizate)." });
    const laptops = (await t.api("GET", "/api/smartbill/stock?q=PRD001&sort=warehouseId,asc", { session: invoicing })).json<StockPage>();
    expect(laptops.content.map((item) => [item.warehouseId, item.quantity])).toEqual([
      [central, 15],
      [cluj, 4],
    ]);
  });

  it("updates on a re-import instead of duplicating, and sets to 0 what SmartBill no longer lists", async () => {
    const before = await stockOf(central);
    await changeCompany(t, (company) => {
      const warehouse = warehouseOf(company, "Depozit Central");
      warehouse.products = warehouse.products
        .filter((product) => product.code !== "PRD006")
        .map((product) => (product.code === "PRD001" ? { ...product, quantity: 14 } : product));
      warehouse.products.push({ code: "PRD008", name: "Mouse optic", unit: "buc", quantity: 30 });
    });
    const task = await importAndWait(central);
    expect(task).toMatchObject({
      status: "done",
      total: 6,
      created: 1,
      updated: 5,
      message: "Importate 6 produse (1 nou, 5 actualizate). 1 produs care nu mai apare în SmartBill are acum stocul 0.",
    });
    const after = await stockOf(central);
    expect(after).toHaveLength(7);
    const byCode = new Map(after.map((item) => [item.productCode, item]));
    expect(byCode.get("PRD001")).toEqual({ ...before.find((item) => item.productCode === "PRD001"), quantity: 14 });
    expect(byCode.get("PRD006")?.quantity).toBe(0);
    expect(byCode.get("PRD008")).toMatchObject({ productName: "Mouse optic", quantity: 30, warehouseId: central });
    // The same items, not copies.
    for (const item of before) expect(byCode.get(item.productCode)?.id).toBe(item.id);

    const again = await importAndWait(central);
    expect(again.message).toBe("Importate 6 produse (0 noi, 6 actualizate).");
    expect(await stockOf(central)).toHaveLength(7);
  });

  it("changes nothing when the import fails halfway through writing, and fails the task", async () => {
    expect((await importAndWait(central)).status).toBe("done"); // the items exist, to be updated
    await changeCompany(t, (company) => {
      for (const product of warehouseOf(company, "Depozit Central").products) product.quantity += 1000;
    });
    const before = await snapshot(t.db);
    const laptops = before.find((item) => item.warehouseId === central && item.productCode === "PRD001")!.quantity;
    // The database refuses PRD005, after PRD001–PRD004 have been written in the transaction.
    await refuseStockWrites(t.db, dialect, "PRD005");
    try {
      const task = await importAndWait(central);
      expect(task).toMatchObject({ status: "failed", errorText: INTERNAL, message: null });
      expect(await snapshot(t.db)).toEqual(before);
    } finally {
      await allowStockWrites(t.db, dialect);
    }
    const retried = await importAndWait(central);
    expect(retried.status).toBe("done");
    expect((await stockOf(central)).find((item) => item.productCode === "PRD001")?.quantity).toBe(laptops + 1000);
  });

  it("fails with SmartBill's own message when SmartBill refuses, changing nothing", async () => {
    const before = await snapshot(t.db);
    await emulator(t, "POST", "/faults", { fault: "errortext-200", path: "/stocks", text: "Serviciul este temporar indisponibil." });
    const refused = await importAndWait(central);
    expect(refused).toMatchObject({ status: "failed", errorText: "Serviciul este temporar indisponibil." });

    await emulator(t, "POST", "/faults", { fault: "html500", path: "/stocks" });
    const broken = await importAndWait(central);
    expect(broken.status).toBe("failed");
    expect(broken.errorText).toMatch(/^SmartBill a răspuns cu eroarea HTTP 500/);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("fails with SmartBill's 'Gestiunea X nu a fost gasita pe server.' for a warehouse SmartBill does not know", async () => {
    for (const name of ["Depozit Fantomă", "depozit central"]) {
      const created = await t.api("POST", "/api/smartbill/warehouses", {
        session: invoicing,
        body: { warehouseName: name, warehouseType: "en gros" },
      });
      const task = await importAndWait(created.json<Warehouse>().id);
      expect(task).toMatchObject({ status: "failed", errorText: `Gestiunea ${name} nu a fost gasita pe server.` });
    }
  });

  it("fails naming the missing setting when the tenant's SmartBill settings are incomplete", async () => {
    const removed = await t.api("DELETE", "/api/property/properties/smartbill.token", { session: admin });
    expect(removed.statusCode).toBe(200);
    try {
      const task = await importAndWait(central);
      expect(task).toMatchObject({
        status: "failed",
        errorText: "Configurarea SmartBill este incompletă: lipsește setarea smartbill.token.",
      });
    } finally {
      await t.api("POST", "/api/property/properties", {
        session: admin,
        body: { name: "smartbill.token", value: "demo-smartbill-token-0001" },
      });
    }
    expect((await importAndWait(central)).status).toBe("done");
  });

  it("knows products by name in a company that uses no product codes", async () => {
    await changeCompany(t, (company) => {
      company.usesProductCodes = false;
      company.warehouses!.push({
        name: "Atelier",
        type: "en detail",
        products: [
          { code: "X1", name: "Șurub M6", unit: "buc", quantity: 500 },
          { code: "X2", name: "Piuliță M6", unit: "buc", quantity: 450 },
        ],
      });
    });
    const created = await t.api("POST", "/api/smartbill/warehouses", {
      session: invoicing,
      body: { warehouseName: "Atelier", warehouseType: "en detail" },
    });
    const atelier = created.json<Warehouse>().id;
    expect((await importAndWait(atelier)).message).toBe("Importate 2 produse (2 noi, 0 actualizate).");
    await changeCompany(t, (company) => {
      warehouseOf(company, "Atelier").products[0].quantity = 499;
    });
    expect((await importAndWait(atelier)).message).toBe("Importate 2 produse (0 noi, 2 actualizate).");
    const items = await stockOf(atelier);
    expect(items.map((item: StockItem) => [item.productCode, item.productName, item.quantity])).toEqual([
      [null, "Șurub M6", 499],
      [null, "Piuliță M6", 450],
    ]);
  });

  it("fails when the warehouse is gone by the time the task runs", async () => {
    const { task: queued } = await enqueueTask(t.db, {
      tenantId: 2,
      kind: "stock-import",
      title: "Import stoc: șters",
      payload: { warehouseId: 999999 },
      createdBy: 3,
    });
    const task = await waitForTask(t, invoicing, queued.id);
    expect(task).toMatchObject({ status: "failed", errorText: "Depozitul nu mai există; stocul nu a fost importat." });
  });

  it("is interrupted by a restart while SmartBill has not answered, and leaves no task running", async () => {
    // The emulator takes the call and never answers (closing the app drops that connection);
    // smartbill.url may point at nothing else that is this close at hand.
    await emulator(t, "DELETE", "/requests");
    await emulator(t, "POST", "/faults", { fault: "timeout", path: "/stocks" });
    const { taskId } = await startImport(central);
    await eventually(async () => ((await emulator(t, "GET", "/requests")) as { count: number }).count > 0);
    const databaseUrl = t.databaseUrl;
    await t.close();
    t = await liveApp(dialect, { env: FAST, databaseUrl });
    invoicing = await t.signIn("facturare@demo.ro");
    const task = (await t.api("GET", `/api/tasks/${taskId}`, { session: invoicing })).json<Task>();
    expect(task).toMatchObject({ status: "failed", errorText: INTERRUPTED });
    expect(await t.db.selectFrom("tasks").select("id").where("status", "=", "running").execute()).toEqual([]);
  });
});

/** A trigger that makes the database refuse writing the stock item with this product code. */
async function refuseStockWrites(db: Kysely<Database>, dialect: Dialect, productCode: string): Promise<void> {
  if (dialect === "sqlite") {
    await sql
      .raw(
        `create trigger refuse_stock before update on stock_items when new."productCode" = '${productCode}' ` +
          "begin select raise(abort, 'test: write refused'); end",
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      "create function refuse_stock() returns trigger language plpgsql as $$ begin " +
        `if new."productCode" = '${productCode}' then raise exception 'test: write refused'; end if; return new; end $$`,
    )
    .execute(db);
  await sql.raw("create trigger refuse_stock before update on stock_items for each row execute function refuse_stock()").execute(db);
}

async function allowStockWrites(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  await sql.raw(dialect === "sqlite" ? "drop trigger refuse_stock" : "drop trigger refuse_stock on stock_items").execute(db);
  if (dialect === "postgres") await sql.raw("drop function refuse_stock()").execute(db);
}

describeEachDialect("the stock import with an answer that cannot be stored as it is", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let warehouseId: number;
  let answer: StockWarehouse[] = [];
  beforeAll(async () => {
    const fakeSmartBill = async () => ({ getStocks: async () => structuredClone(answer) });
    t = await testApp(dialect, { env: FAST, taskKinds: { "stock-import": createStockImport({ clientFor: fakeSmartBill }) } });
    invoicing = await t.signIn("facturare@demo.ro");
    const created = await t.api("POST", "/api/smartbill/warehouses", {
      session: invoicing,
      body: { warehouseName: "Depozit", warehouseType: "en gros" },
    });
    warehouseId = created.json<Warehouse>().id;
  });
  afterAll(() => t.close());

  const importAndWait = async () => {
    const response = await t.api("POST", `/api/smartbill/stock/import/${warehouseId}`, { session: invoicing });
    return waitForTask(t, invoicing, response.json<StockImportResponse>().taskId);
  };
  const stock = async () =>
    (await t.api("GET", `/api/smartbill/stock?warehouseId=${warehouseId}`, { session: invoicing })).json<StockPage>().content;
  const inWarehouse = (warehouseName: string, products: StockWarehouse["products"]): StockWarehouse => ({
    warehouse: { warehouseName, warehouseType: "en gros" },
    products,
  });

  it("adds up a product listed twice with the same unit, treats a blank code as none, and ignores other warehouses", async () => {
    answer = [
      inWarehouse("Depozit", [
        { productName: "Cuie", productCode: "C1", measuringUnit: "kg", quantity: 2.5 },
        { productName: "Cuie", productCode: "C1", measuringUnit: "kg", quantity: 1.25 },
        { productName: " Sfoară ", productCode: "  ", measuringUnit: "m", quantity: 10 },
      ]),
      inWarehouse("Alt depozit", [{ productName: "Străin", productCode: "S1", measuringUnit: "buc", quantity: 1 }]),
    ];
    const task = await importAndWait();
    expect(task).toMatchObject({ status: "done", total: 3, created: 2, message: "Importate 2 produse (2 noi, 0 actualizate)." });
    expect((await stock()).map((item) => [item.productCode, item.productName, item.measuringUnit, item.quantity])).toEqual([
      ["C1", "Cuie", "kg", 3.75],
      [null, "Sfoară", "m", 10],
    ]);
  });

  it("fails, writing nothing, when products lack a name or a valid quantity or repeat with another unit", async () => {
    const before = await stock();
    answer = [
      inWarehouse("Depozit", [
        { productName: "Cuie", productCode: "C1", measuringUnit: "kg", quantity: 100 },
        { productName: "", productCode: "X", measuringUnit: "buc", quantity: 1 },
        { productName: "Vopsea", productCode: "V1", measuringUnit: "l", quantity: Number.NaN },
        { productName: "Cuie", productCode: "C1", measuringUnit: "buc", quantity: 3 },
      ]),
    ];
    const task = await importAndWait();
    expect(task).toMatchObject({
      status: "failed",
      total: 4,
      processed: 0,
      errors: 3,
      errorText:
        "Stocul primit de la SmartBill are 3 produse invalide: produsul de pe poziția 2 nu are denumire; " +
        "produsul „Vopsea” are o cantitate invalidă; produsul „Cuie” apare de două ori, cu unități de măsură diferite. " +
        "Nimic nu a fost modificat.",
    });
    expect(await stock()).toEqual(before);
  });

  it("fails, writing nothing, when a product's name, code or unit holds a control character", async () => {
    const before = await stock();
    answer = [
      inWarehouse("Depozit", [
        { productName: "Cuie", productCode: "C1", measuringUnit: "kg", quantity: 100 },
        { productName: "Vop\u0000sea", productCode: "V1", measuringUnit: "l", quantity: 1 },
        { productName: "Lac", productCode: "L\u001b1", measuringUnit: "l", quantity: 1 },
        { productName: "Sfoară", productCode: "S1", measuringUnit: "m\u007f", quantity: 1 },
      ]),
    ];
    const task = await importAndWait();
    expect(task).toMatchObject({
      status: "failed",
      errors: 3,
      errorText:
        "Stocul primit de la SmartBill are 3 produse invalide: " +
        "produsul de pe poziția 2 conține caractere de control sau invizibile nepermise (de exemplu NUL, spații de lățime zero sau semne de schimbare a direcției textului); " +
        "produsul de pe poziția 3 conține caractere de control sau invizibile nepermise (de exemplu NUL, spații de lățime zero sau semne de schimbare a direcției textului); " +
        "produsul de pe poziția 4 conține caractere de control sau invizibile nepermise (de exemplu NUL, spații de lățime zero sau semne de schimbare a direcției textului). Nimic nu a fost modificat.",
    });
    expect(await stock()).toEqual(before);
  });

  it("sets every product to 0 when SmartBill lists none in the warehouse", async () => {
    answer = [];
    const task = await importAndWait();
    expect(task.message).toBe("Importate 0 produse (0 noi, 0 actualizate). 2 produse care nu mai apar în SmartBill au acum stocul 0.");
    expect((await stock()).map((item) => item.quantity)).toEqual([0, 0]);
  });
});

describeEachDialect("one stock import per warehouse at a time", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let warehouseId: number;
  /** SmartBill answers the stock once the test opens the gate. */
  let openGate: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    const slowSmartBill = async () => ({
      getStocks: async () => {
        await gate;
        return [];
      },
    });
    t = await testApp(dialect, { env: FAST, taskKinds: { "stock-import": createStockImport({ clientFor: slowSmartBill }) } });
    invoicing = await t.signIn("facturare@demo.ro");
    const created = await t.api("POST", "/api/smartbill/warehouses", {
      session: invoicing,
      body: { warehouseName: "Depozit", warehouseType: "en gros" },
    });
    warehouseId = created.json<Warehouse>().id;
  });
  afterAll(() => t.close());

  const startImport = async () => {
    const response = await t.api("POST", `/api/smartbill/stock/import/${warehouseId}`, { session: invoicing });
    expect(response.statusCode).toBe(202);
    return response.json<StockImportResponse>();
  };
  const taskIds = async () => (await t.db.selectFrom("tasks").select("id").orderBy("id").execute()).map((row) => row.id);

  it("queues one task for ten imports of a warehouse at once, names it in every answer, and a new one once it has finished", async () => {
    gate = new Promise<void>((resolve) => (openGate = resolve));
    const answers = await Promise.all(Array.from({ length: 10 }, startImport));
    const [taskId] = await taskIds();
    expect(await taskIds()).toEqual([taskId]);
    expect(answers.map((answer) => answer.taskId)).toEqual(Array(10).fill(taskId));
    expect(answers.filter((answer) => answer.message.includes(`este deja în lista de sarcini (sarcina nr. ${taskId})`))).toHaveLength(9);

    // Still waiting on SmartBill, so still the same task.
    await eventually(async () => (await t.db.selectFrom("tasks").select("status").where("id", "=", taskId).executeTakeFirstOrThrow()).status === "running");
    expect((await startImport()).message).toBe(
      `Importul stocului pentru depozitul „Depozit” este deja în lista de sarcini (sarcina nr. ${taskId}).`,
    );

    openGate();
    expect(await waitForTask(t, invoicing, taskId)).toMatchObject({ status: "done" });
    const next = await startImport();
    expect(next.message).toBe("Importul stocului pentru depozitul „Depozit” a fost adăugat în lista de sarcini.");
    expect(next.taskId).not.toBe(taskId);
    expect(await waitForTask(t, invoicing, next.taskId)).toMatchObject({ status: "done" });
    expect(await taskIds()).toEqual([taskId, next.taskId]);
  });
});

describe("the stock import's messages", () => {
  it("agree in number with the counts, the Romanian way", () => {
    expect(stockImported({ imported: 1, created: 1, updated: 0, zeroed: 0 })).toBe("Importat 1 produs (1 nou, 0 actualizate).");
    expect(stockImported({ imported: 20, created: 19, updated: 1, zeroed: 0 })).toBe("Importate 20 de produse (19 noi, 1 actualizat).");
    expect(stockImported({ imported: 101, created: 0, updated: 101, zeroed: 25 })).toBe(
      "Importate 101 produse (0 noi, 101 actualizate). 25 de produse care nu mai apar în SmartBill au acum stocul 0.",
    );
  });

  it("list only the first five problems of an answer", () => {
    const problems = Array.from({ length: 7 }, (_, i) => `problema ${i + 1}`);
    expect(stockRowsInvalid(problems)).toBe(
      "Stocul primit de la SmartBill are 7 produse invalide: problema 1; problema 2; problema 3; problema 4; problema 5; și încă 2. Nimic nu a fost modificat.",
    );
    expect(stockRowsInvalid(["una"])).toBe("Stocul primit de la SmartBill are un produs invalid: una. Nimic nu a fost modificat.");
  });
});
