/**
 * The 'efactura-sync' task end to end, on both databases: invoices sent through the product's
 * send route to its SmartBill emulator; their SPV messages served by an ANAF stand-in
 * (test/helpers/spvStandIn.ts, until the product's e-Factura emulator is on this branch); the
 * task queued by POST /api/efactura/sync and run by the app's worker. Checks the statuses and
 * their history, ANAF's error text, the archive, paging, 'Facturi primite', the limits (ANAF's and
 * our own budget), the faults and a refused token.
 */
import { createServer } from "node:net";
import JSZip from "jszip";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { InvoiceEvent, LoginResponse, Task } from "../../contract/api";
import { saveEfacturaConnection } from "../../server/efactura/efacturaAccess";
import { readArchive } from "../../server/efactura/archive";
import { romanianDate } from "../../server/smartbill/bucharestTime";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { waitForTask } from "../helpers/smartbillData";
import { errorXml, invoiceXml, SPV_STAND_IN_PREFIX, STAND_IN_TOKEN, type StandInState, spvStandIn, standInState } from "../helpers/spvStandIn";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const CIF = "18547290";
const LIST_BUDGET = 40;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describeEachDialect("e-Factura sync (task 'efactura-sync')", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let clientId: number;
  let state: StandInState;
  let nextId = 1000;
  // The stand-in reads whichever state the current test set.
  const live: { state: StandInState } = { state: standInState() };

  beforeAll(async () => {
    const port = await freePort();
    t = await testApp(dialect, {
      env: {
        ANAF_EFACTURA_URL: `http://127.0.0.1:${port}${SPV_STAND_IN_PREFIX}`,
        EFACTURA_TIMEOUT_MS: "1000",
        EFACTURA_DAILY_LIST_LIMIT: String(LIST_BUDGET),
        EFACTURA_SYNC_INTERVAL_SECONDS: "0",
      },
      plugin: async (app) => {
        app.register(async (scope) => spvStandIn(new Proxy({} as StandInState, { get: (_, key) => live.state[key as keyof StandInState] }))(scope, {}), { prefix: SPV_STAND_IN_PREFIX });
      },
    });
    await t.app.listen({ port, host: "127.0.0.1" });
    await t.db
      .updateTable("properties")
      .set({ value: `http://127.0.0.1:${port}/smartbill-emulator/SBORO/api` })
      .where("tenantId", "=", DEMO_TENANT)
      .where("name", "=", "smartbill.url")
      .execute();
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    clientId = await addCustomer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    live.state = state = standInState();
    await liftSmartBillBlocks(t.db);
    // SmartBill's emulator is not reset: its numbers go on, as a company's do (a number used twice would match no invoice).
    await t.db.deleteFrom("efactura_usage").execute();
    await connect();
  });

  const connect = (accessToken = STAND_IN_TOKEN) =>
    saveEfacturaConnection(
      t.db,
      t.config.efactura.tokenKey,
      DEMO_TENANT,
      { cif: CIF, accessToken, refreshToken: "refresh", accessExpiresAt: "2099-01-01T00:00:00.000Z", refreshExpiresAt: "2099-01-01T00:00:00.000Z" },
      { userId: null, email: "admin@demo.ro" },
    );

  const sync = async (session = invoicing): Promise<Task> => {
    const response = await t.api("POST", "/api/efactura/sync", { session });
    expect(response.statusCode, response.body).toBe(202);
    return waitForTask(t, invoicing, response.json<{ taskId: number }>().taskId, { timeoutMs: 15_000 });
  };
  const invoice = (id: number) => t.db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const number = async (id: number) => {
    const row = await invoice(id);
    return `${row.sentSeries}${row.sentNumber}`;
  };
  const history = async (id: number) =>
    (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing })).json<InvoiceEvent[]>().filter((event) => event.action === "efactura");
  const connection = () => t.db.selectFrom("efactura_connections").selectAll().where("tenantId", "=", DEMO_TENANT).executeTakeFirstOrThrow();
  const at = "202609011200";
  const sent = (cbcId: string, upload: string) => {
    const id = String(nextId++);
    state.messages.push({ id, tip: "FACTURA TRIMISA", id_solicitare: upload, cif: CIF, detalii: `Factura cu id_incarcare=${upload} emisa de cif_emitent=${CIF}`, data_creare: at, xml: invoiceXml(cbcId) });
    return id;
  };
  const rejected = (cbcId: string, upload: string) => {
    const id = String(nextId++);
    const text = `E: validari globale eroare: [BR-RO-100] Factura ${cbcId}: Daca Codul tarii cumparatorului (BT-55) este "RO", atunci Subdiviziunea tarii cumparatorului (BT-54) trebuie sa fie codificata folosind lista de coduri ISO 3166-2:RO`;
    state.messages.push({ id, tip: "ERORI FACTURA", id_solicitare: upload, cif: CIF, detalii: `Erori de validare identificate la factura primita cu id_incarcare=${upload}`, data_creare: at, xml: errorXml(text) });
    state.states[upload] = "nok";
    return { id, text };
  };

  it("records each sent invoice's SPV status with its history, ANAF's error text, the archive, across pages; 'sent' becomes 'validated' on the next run", async () => {
    const [a, b, c] = [await addSentInvoice(t, invoicing, clientId), await addSentInvoice(t, invoicing, clientId), await addSentInvoice(t, invoicing, clientId)];
    // Another tenant's invoice with A's number: never matched to a message of this company.
    const other = await addTenant(t, "Alt Tenant SPV SRL");
    const aRow = await invoice(a);
    const { id: foreign } = await t.db
      .insertInto("invoices")
      .values({ ...aRow, id: undefined, tenantId: other, clientId: await addCustomer(t, other), efacturaStatus: null } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const aMessage = sent((await number(a)).replace(/^([A-Z]+)/, "$1 "), "u-a");
    sent(await number(b), "u-b");
    state.states["u-b"] = "in prelucrare";
    const { text } = rejected(await number(c), "u-c");
    state.messages.push({ id: String(nextId++), tip: "FACTURA PRIMITA", id_solicitare: "u-p", cif: CIF, detalii: "Factura primita", data_creare: at, xml: invoiceXml("FZ-77", { name: "Furnizor Ionescu SRL", cif: "RO14399840" }, 595.5) });
    state.messages.push({ id: String(nextId++), tip: "MESAJ CUMPARATOR PRIMIT", id_solicitare: "u-m", cif: CIF, detalii: "Mesaj", data_creare: at, xml: "<x/>" });
    state.pageSize = 2;

    const task = await sync();
    expect(task.status, task.errorText ?? "").toBe("done");
    expect(state.calls.list).toBeGreaterThanOrEqual(3);
    expect(await t.db.selectFrom("efactura_messages").select("messageId").where("tenantId", "=", DEMO_TENANT).execute()).toHaveLength(5);

    expect(await invoice(a)).toMatchObject({ efacturaStatus: "validated", efacturaError: null });
    expect(await invoice(b)).toMatchObject({ efacturaStatus: "sent" });
    expect(await invoice(c)).toMatchObject({ efacturaStatus: "rejected", efacturaError: text });
    expect(await invoice(foreign)).toMatchObject({ efacturaStatus: null });
    expect((await history(a)).map((event) => JSON.parse(JSON.stringify(event.detail)))).toEqual([{ status: "validated", messageId: aMessage }]);
    expect((await history(c))[0].detail).toMatchObject({ status: "rejected", error: text });

    // The signed ZIP, archived and readable.
    const stored = await t.db.selectFrom("efactura_messages").selectAll().where("messageId", "=", aMessage).executeTakeFirstOrThrow();
    expect(stored.invoiceId).toBe(a);
    const zip = await JSZip.loadAsync((await readArchive(t.config.efactura.archiveDir, stored))!);
    expect(Object.keys(zip.files).sort()).toEqual([`${aMessage}.xml`, `semnatura_${aMessage}.xml`]);

    // The supplier's invoice, read from its UBL.
    const receivedRow = await t.db.selectFrom("efactura_messages").selectAll().where("tenantId", "=", DEMO_TENANT).where("type", "=", "FACTURA PRIMITA").executeTakeFirstOrThrow();
    expect(receivedRow).toMatchObject({ supplierName: "Furnizor Ionescu SRL", supplierCif: "RO14399840", number: "FZ-77", issueDate: "2026-09-01", dueDate: "2026-09-15", total: 595.5, currency: "RON" });
    expect(receivedRow.archivedAt).not.toBeNull();

    // ANAF finished processing B: the next run validates it; nothing is downloaded twice.
    state.states["u-b"] = "ok";
    const downloads = state.calls.download;
    expect((await sync()).status).toBe("done");
    expect(await invoice(b)).toMatchObject({ efacturaStatus: "validated" });
    expect((await history(b)).map((event) => (event.detail as { status: string }).status)).toEqual(["sent", "validated"]);
    expect(state.calls.download).toBe(downloads);
    expect(await t.db.selectFrom("efactura_messages").select("id").where("tenantId", "=", DEMO_TENANT).execute()).toHaveLength(5);
    expect((await connection()).problem).toBeNull();
  });

  for (const fault of ["500", "timeout", "204", "firewall"] as const) {
    it(`records a problem when SPV answers ${fault}, and the next run recovers`, async () => {
      const a = await addSentInvoice(t, invoicing, clientId);
      sent(await number(a), `u-${fault}`);
      state.faults.push({ operation: "list", fault });
      const task = await sync();
      expect(task.status).toBe(fault === "204" ? "done" : "failed");
      expect((await connection()).problem).toMatch(fault === "204" ? /limita/ : /SPV \(ANAF\) nu răspunde acum/);
      expect(await invoice(a)).toMatchObject({ efacturaStatus: null });
      expect((await sync()).status).toBe("done");
      expect(await invoice(a)).toMatchObject({ efacturaStatus: "validated" });
      expect((await connection()).problem).toBeNull();
    });
  }

  it("a refused token (401) asks for reconnecting", async () => {
    await connect("a-token-anaf-no-longer-knows");
    const task = await sync(admin);
    expect(task.status).toBe("failed");
    expect((await connection()).problem).toMatch(/reconecteze/);
  });

  it("stops at ANAF's daily limit and at our own budget before ANAF's, losing nothing", async () => {
    const a = await addSentInvoice(t, invoicing, clientId);
    sent(await number(a), "u-limit");
    state.listLimit = 0;
    expect((await sync()).status).toBe("done");
    expect((await connection()).problem).toMatch(/S-au facut deja 1000 interogari/);
    expect(await invoice(a)).toMatchObject({ efacturaStatus: null });

    // Our budget: one list call left today; the stand-in would allow many.
    state.listLimit = 1000;
    state.pageSize = 1;
    sent("NU-E-A-NOASTRA-1", "u-x1");
    sent("NU-E-A-NOASTRA-2", "u-x2");
    await t.db
      .insertInto("efactura_usage")
      .values({ cif: CIF, day: romanianDate(Date.now()), operation: "list", count: LIST_BUDGET - 1 })
      .onConflict((c) => c.columns(["cif", "day", "operation"]).doUpdateSet({ count: LIST_BUDGET - 1 }))
      .execute();
    const before = state.calls.list;
    expect((await sync()).status).toBe("done");
    expect(state.calls.list - before).toBe(1);
    expect((await connection()).problem).toMatch(/Bugetul zilnic/);
    // The page it read is processed; the rest waits for tomorrow.
    expect(await invoice(a)).toMatchObject({ efacturaStatus: "validated" });
  });

  it("'Citește acum' is for administrators and invoicing staff of a connected tenant", async () => {
    await t.db.deleteFrom("efactura_connections").where("tenantId", "=", DEMO_TENANT).execute();
    const response = await t.api("POST", "/api/efactura/sync", { session: invoicing });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/nu este conectată la ANAF/);
  });
});
