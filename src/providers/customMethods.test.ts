/**
 * The dataProvider's methods beyond CRUD, against the real server: each reaches its route with
 * the user's credentials and answers what the screens read.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Warehouse } from "../../contract/api";
import { type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import type { AppDataProvider } from "./customMethods";
import { dataProvider } from "./dataProvider";

const api = dataProvider as AppDataProvider;
const fixture = (path: string) =>
  new File([new Uint8Array(readFileSync(join(import.meta.dirname, "../../test/fixtures", path)))], path.split("/").pop()!);

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
}, 60_000);
afterAll(() => server.close(), 30_000);

describe("the dataProvider's own methods", () => {
  it("read the signed-in user and the roles an administrator may grant, and replace a user's roles", async () => {
    await signInLive("admin@demo.ro");
    expect(await api.me()).toMatchObject({ email: "admin@demo.ro", roles: ["ROLE_ADMIN"] });
    expect(await api.availableRoles()).toContain("ROLE_SMARTBILL");
    const { data: users } = await api.getList("users", { pagination: { page: 1, perPage: 50 }, sort: { field: "id", order: "ASC" }, filter: {} });
    const invoicing = users.find((user) => user.email === "facturare@demo.ro")!;
    expect(await api.assignedRoles(invoicing.id)).toEqual(["ROLE_SMARTBILL"]);
    expect((await api.assignRoles(invoicing.id, ["ROLE_SMARTBILL", "ROLE_ADMIN"])).message).toBeTruthy();
    expect(await api.assignedRoles(invoicing.id)).toEqual(expect.arrayContaining(["ROLE_SMARTBILL", "ROLE_ADMIN"]));
    await api.assignRoles(invoicing.id, ["ROLE_SMARTBILL"]);
  });

  it("make a single-use link to this app's set-password page", async () => {
    await signInLive("admin@demo.ro");
    const link = await api.setPasswordLink("facturare@demo.ro");
    expect(link.startsWith(`${server.url}/dmz/`)).toBe(true);
    expect(new URL(link).searchParams.size + new URL(link).hash.length).toBeGreaterThan(0);
  });

  it("test and save the SmartBill connection, whose status then says configured", async () => {
    await signInLive("admin@demo.ro");
    const connection = { username: "facturare@demo.ro", token: "demo-smartbill-token-0001", cif: "RO40671760", url: `${server.url}/smartbill-emulator/SBORO/api` };
    expect((await api.testSmartBillConnection(connection)).taxes.length).toBeGreaterThan(0);
    expect((await api.saveSmartBillConnection(connection)).configured).toBe(true);
    expect(await api.smartBillConnectionStatus()).toEqual({ configured: true });
    expect((await api.smartBillConnection()).token).not.toBe(connection.token); // masked
    expect(Object.keys(await api.firstSteps())).toEqual(expect.arrayContaining(["smartBillConnection", "customers"]));
  });

  it("check a customer workbook without storing it, import it, export the list and hand out the template", async () => {
    await signInLive("facturare@demo.ro");
    const workbook = fixture("customers/ro-title.xlsx");
    const checked = await api.importCustomers(workbook, { dryRun: true });
    expect(checked).toMatchObject({ error: false, dryRun: true });
    expect(checked.counters.newItems).toBeGreaterThan(0);
    const listed = () => api.getList("customers", { pagination: { page: 1, perPage: 5 }, sort: { field: "clientName", order: "ASC" }, filter: {} });
    expect((await listed()).total).toBe(0);

    const imported = await api.importCustomers(workbook, { dryRun: false });
    expect(imported.counters.newItems).toBe(checked.counters.newItems);
    const { data, total } = await listed();
    expect(total).toBe(checked.counters.newItems);

    const csv = await (await api.exportList("customers", { filter: { codClient: data[0].codClient }, sort: { field: "clientName", order: "ASC" }, format: "csv" })).text();
    expect(csv).toContain(data[0].clientName);
    expect((await api.customerImportTemplate()).size).toBeGreaterThan(0);
    expect((await api.customerImportErrors(workbook)).size).toBeGreaterThan(0);
  });

  it("import an invoice, add, change and delete its lines, read the VAT rates and send it", async () => {
    await signInLive("facturare@demo.ro");
    const { data: customers } = await api.getList("customers", { pagination: { page: 1, perPage: 1 }, sort: { field: "id", order: "ASC" }, filter: {} });
    const result = await api.importInvoice({ clientId: customers[0].id, useStock: false }, fixture("invoices/ro-title.xlsx"));
    expect(result.error).toBe(false);
    const invoiceId = result.importRequestId!;
    const lineCount = async () => (await api.getOne("invoices", { id: invoiceId })).data.products.length;
    const before = await lineCount();

    const { taxes, source } = await api.taxList();
    expect(source).toBe("smartbill");
    expect(taxes.map((tax) => tax.name)).toContain("Normala");
    const line = {
      name: "Transport", code: "T1", quantity: 1, price: 50, measuringUnitName: "buc", currency: "RON",
      taxName: taxes[0].name, taxPercentage: taxes[0].percentage, saveToDb: false, service: true, warehouseName: "",
    };
    const added = await api.addInvoiceLine(invoiceId, line);
    expect(added).toMatchObject({ invoiceId, name: "Transport" });
    expect(await api.updateInvoiceLine(added.id, { ...line, quantity: 3 })).toMatchObject({ id: added.id, quantity: 3 });
    expect(await lineCount()).toBe(before + 1);
    await api.deleteInvoiceLine(added.id);
    expect(await lineCount()).toBe(before);

    const pasted = await api.pasteInvoiceLines(invoiceId, "Denumire produs\tCod produs\tCantitate\tPreț\r\nCablu\tC1\t2\t12,50\r\nFără cod\t\t1\t1\r\n");
    expect(pasted.added).toEqual([expect.objectContaining({ invoiceId, name: "Cablu", code: "C1", quantity: 2, price: 12.5 })]);
    expect(pasted.rejected).toEqual([expect.objectContaining({ row: 2, problems: [{ field: "code", reason: "Codul produsului lipsește." }] })]);
    expect(await lineCount()).toBe(before + 1);
    await api.deleteInvoiceLine(pasted.added[0].id);

    const sent = await api.sendInvoice(invoiceId);
    expect(sent.invoice).toMatchObject({ id: invoiceId, status: "sent" });
  });

  it("queue a warehouse's stock import and say so", async () => {
    await signInLive("admin@demo.ro");
    const { data: warehouse } = await api.create<Warehouse>("warehouses", { data: { warehouseName: "Depozit central", warehouseType: "en gros" } });
    await signInLive("facturare@demo.ro");
    expect((await api.importStock(warehouse.id)).message).toBeTruthy();
  });
});
