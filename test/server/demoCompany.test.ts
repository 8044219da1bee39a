/**
 * The demo company as a visitor finds it (demo mode, DEMO_DATA on, an empty database): customers,
 * a warehouse SmartBill knows with its stock, a priced catalogue and invoices in several states,
 * its first steps all done — and the emulator, rebuilt from the same description, agreeing with
 * every number, total and payment, so the next send continues the series.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { FirstSteps, Invoice, LoginResponse, Page, StockPage } from "../../contract/api";
import { DEMO_CUSTOMERS, DEMO_WAREHOUSES } from "../../server/demo/demoCompany";
import { isValidCif, isValidIban } from "../../server/routes/api/customers/validation";
import { TAXES_2026 } from "../../server/smartbill/emulator/model";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { emulator, liveApp } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const WITH_DEMO_DATA = { env: { DEMO_DATA: "on" } };
const INVOICES = "/api/smartbill/invoice";

describeEachDialect("the demo company's data", (dialect) => {
  let t: TestApp;
  let admin: LoginResponse;
  let invoicing: LoginResponse;

  beforeAll(async () => {
    t = await liveApp(dialect, WITH_DEMO_DATA);
    ({ admin, invoicing } = await signInDemoRoles(t));
  });
  afterAll(() => t.close());

  const get = <T>(url: string, session = invoicing) => t.api("GET", url, { session }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });
  const invoices = async () => (await get<Page<Invoice>>(`${INVOICES}?page=0&size=50&sort=id,asc`)).content;

  it("holds a dozen customers in several cities, with valid CIFs and IBANs", async () => {
    const customers = await get<Page<{ clientName: string; cif: string; iban: string; localitate: string }>>(
      "/api/smartbill/customer/all?page=0&size=50",
    );
    expect(customers.totalElements).toBe(12);
    expect(new Set(customers.content.map((one) => one.localitate)).size).toBeGreaterThanOrEqual(8);
    for (const customer of customers.content) {
      expect(isValidCif(customer.cif), `${customer.clientName}: CIF ${customer.cif}`).toBe(true);
      expect(isValidIban(customer.iban), `${customer.clientName}: IBAN ${customer.iban}`).toBe(true);
    }
  });

  it("has 'Depozit Central', with the stock SmartBill holds in it now, as a stock import brings it", async () => {
    const warehouses = await get<{ warehouseName: string; warehouseType: string }[]>("/api/smartbill/warehouses");
    expect(warehouses.map(({ warehouseName, warehouseType }) => ({ warehouseName, warehouseType }))).toEqual([
      { warehouseName: DEMO_WAREHOUSES.central, warehouseType: "en gros" },
    ]);
    const state = await emulator(t, "GET", "/state");
    const smartBill = state.companies[0].warehouses.find((one: { name: string }) => one.name === DEMO_WAREHOUSES.central);
    const stock = await get<StockPage>("/api/smartbill/stock?page=0&size=50&sort=id,asc");
    expect(stock.content.map(({ productCode, productName, measuringUnit, quantity }) => ({ code: productCode, name: productName, unit: measuringUnit, quantity }))).toEqual(
      smartBill.products,
    );
    // The demo's invoices took their goods from it: 15 laptops less the 2 sold.
    expect(stock.content.find((item) => item.productCode === "PRD001")?.quantity).toBe(13);
  });

  it("has a priced catalogue whose VAT is the 2026 rate of each product's tax", async () => {
    const products = await get<Page<{ code: string; price: number; taxName: string; taxPercentage: number; isService: boolean }>>(
      "/api/products?page=0&size=50",
    );
    expect(products.totalElements).toBe(10);
    for (const product of products.content) {
      expect(product.price, product.code).toBeGreaterThan(0);
      expect(product.taxPercentage, product.code).toBe(TAXES_2026.find((tax) => tax.name === product.taxName)?.percentage);
    }
    expect(new Set(products.content.map((product) => product.taxPercentage))).toEqual(new Set([21, 11]));
    expect(products.content.filter((product) => product.isService).map((product) => product.code)).toEqual(["SRV001", "SRV002"]);
  });

  it("has invoices in several states: paid, partly paid, unpaid, refused and not sent", async () => {
    const all = await invoices();
    expect(all.map((invoice) => [invoice.status, invoice.sentNumber, invoice.payment?.status ?? null])).toEqual([
      ["sent", "0001", "paid"],
      ["sent", "0002", "partial"],
      ["sent", "0003", "unpaid"],
      ["sent", "0004", "unpaid"],
      ["refused", null, null],
      ["draft", null, null],
    ]);
    expect(all.every((invoice) => invoice.clientName && DEMO_CUSTOMERS.some((one) => one.clientName === invoice.clientName))).toBe(true);
    const refused = all[4];
    expect(refused.errorText).toMatch(/^Cantitate stoc insuficienta la factura SBL0005 .* pentru produsul Laptop Lenovo ThinkPad E14 din gestiunea Depozit Central\.$/);
    const partial = all[1];
    expect(partial.payment).toMatchObject({ paid: 1000 });
    const payments = await get<{ amount: number; type: string; date: string }[]>(`${INVOICES}/${partial.id}/payments`);
    expect(payments.map(({ amount, type, date }) => ({ amount, type, date }))).toEqual([{ amount: 1000, type: "Ordin plata", date: "2026-11-16" }]);
    const history = await get<{ action: string; outcome: string }[]>(`${INVOICES}/${partial.id}/history`);
    expect(history.map(({ action, outcome }) => [action, outcome])).toEqual([
      ["send", "ok"],
      ["payment", "ok"],
    ]);
  });

  it("stores what is owed on each sent invoice (its total less what is paid) and each payment's tenant and currency", async () => {
    const sent = (await invoices()).filter((invoice) => invoice.status === "sent");
    const stored = await t.db.selectFrom("invoices").select(["id", "tenantId", "sentTotal", "unpaid"]).where("status", "=", "sent").orderBy("id").execute();
    expect(stored.map((row) => [Number(row.sentTotal), Number(row.unpaid)])).toEqual(
      sent.map((invoice) => [invoice.payment!.total, Math.round((invoice.payment!.total - invoice.payment!.paid) * 100) / 100]),
    );
    expect(stored.filter((row) => Number(row.unpaid) > 0)).toHaveLength(3);
    const payments = await t.db.selectFrom("invoice_payments").select(["tenantId", "currency"]).execute();
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((payment) => payment.tenantId === stored[0].tenantId && payment.currency === "RON")).toBe(true);
  });

  it("counts its sent invoices and payments in the monthly sums (receivable_months), each in its month", async () => {
    const cents = (amount: number) => Math.round(amount * 100) / 100;
    const expected: Record<string, { invoiced: number; received: number }> = {};
    const cell = (key: string) => (expected[key] ??= { invoiced: 0, received: 0 });
    const sent = await t.db.selectFrom("invoices").select(["tenantId", "currency", "issueDate", "sentTotal"])
      .where("documentType", "=", "invoice").where("status", "=", "sent").where("sentTotal", "is not", null).execute();
    for (const row of sent) cell(`${row.tenantId} ${row.currency} ${row.issueDate.slice(0, 7)}`).invoiced += Number(row.sentTotal);
    const payments = await t.db.selectFrom("invoice_payments").select(["tenantId", "currency", "date", "amount"]).where("status", "=", "recorded").execute();
    for (const row of payments) cell(`${row.tenantId} ${row.currency} ${row.date.slice(0, 7)}`).received += Number(row.amount);
    const months = await t.db.selectFrom("receivable_months").selectAll().execute();
    expect(Object.fromEntries(months.map((row) => [`${row.tenantId} ${row.currency} ${row.month}`, { invoiced: cents(Number(row.invoiced)), received: cents(Number(row.received)) }]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([key, value]) => [key, { invoiced: cents(value.invoiced), received: cents(value.received) }])),
    );
    expect(payments.length).toBeGreaterThan(0);
  });

  it("shows its admin a company ready to invoice: every first step done", async () => {
    const steps = await get<FirstSteps>("/api/first-steps", admin);
    expect(steps).toEqual({ smartBillConnection: true, invoicingUser: true, warehouse: true, customers: true });
  });

  it("agrees with the emulator: SmartBill's payment status of each sent invoice is the one stored", async () => {
    for (const invoice of (await invoices()).filter((one) => one.status === "sent")) {
      const response = await t.api("POST", `${INVOICES}/${invoice.id}/payment-status`, { session: invoicing });
      expect(response.statusCode, response.body).toBe(200);
      const read = response.json<{ invoice: Invoice }>().invoice.payment;
      expect({ total: read?.total, paid: read?.paid }, `SBL ${invoice.sentNumber}`).toEqual({
        total: invoice.payment?.total,
        paid: invoice.payment?.paid,
      });
    }
  });

  it("continues SmartBill's numbering: the request not sent yet becomes SBL 0005", async () => {
    const draft = (await invoices()).find((invoice) => invoice.status === "draft")!;
    const response = await t.api("POST", `${INVOICES}/send/${draft.id}`, { session: invoicing });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().importResult).toMatchObject({ errorText: "", series: "SBL", number: "0005" });
  });
});

describeEachDialect("the demo company without its data", (dialect) => {
  it("starts empty with DEMO_DATA=off, and the emulator's series at SBL 0001", async () => {
    const t = await testApp(dialect, { env: { DEMO_DATA: "off" } });
    try {
      for (const table of ["customers", "warehouses", "stock_items", "products", "invoices"] as const) {
        expect(await t.db.selectFrom(table).select("id").execute(), table).toEqual([]);
      }
      const state = await emulator(t, "GET", "/state");
      expect(state.companies[0].invoices).toEqual([]);
      expect(state.companies[0].series.find((one: { name: string }) => one.name === "SBL").nextNumber).toBe(1);
    } finally {
      await t.close();
    }
  });

  it("is never seeded in production", async () => {
    const t = await testApp(dialect, {
      env: {
        NODE_ENV: "production",
        ADMIN_EMAIL: "owner@firma.ro",
        ADMIN_PASSWORD: "o-parola-sigura",
        APP_URL: "https://app.firma.ro",
        DEMO_DATA: "on",
      },
    });
    try {
      for (const table of ["customers", "warehouses", "products", "invoices"] as const) {
        expect(await t.db.selectFrom(table).select("id").execute(), table).toEqual([]);
      }
      expect((await t.app.inject({ method: "GET", url: "/smartbill-emulator/__emulator/state" })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
