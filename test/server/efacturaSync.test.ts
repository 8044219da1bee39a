/**
 * The 'efactura-sync' task end to end, on both databases, against the app's own ANAF e-Factura
 * emulator: invoices sent through the product's send route to its SmartBill emulator (which
 * announces them to SPV: numbers ending in 4 or 9 are rejected there); the tenant connected by
 * the emulator's OAuth flow; the task queued by POST /api/efactura/sync ('Citește acum') and run by
 * the app's worker. Statuses and their history, ANAF's error text, the signed ZIP archived (in the
 * database, or in EFACTURA_ARCHIVE_DIR), paging, 'Facturi primite', ANAF's daily limit and our own
 * budget before it, faults and a refused token.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { InvoiceEvent, LoginResponse, Task } from "../../contract/api";
import { readArchive } from "../../server/efactura/archive";
import { REFRESH_REFUSED_PROBLEM } from "../../server/efactura/efacturaAccess";
import { romanianDate } from "../../server/smartbill/bucharestTime";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { connectToEmulator, DEMO_SPV_CIF, efacturaAdmin } from "../helpers/efacturaEmulator";
import { addCustomer, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { liveApp, waitForTask } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const LIST_BUDGET = 40;
const HOUR = 3_600_000;

describeEachDialect("e-Factura sync (task 'efactura-sync')", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let clientId: number;
  let archiveDir: string;

  beforeAll(async () => {
    archiveDir = await mkdtemp(join(tmpdir(), "efactura-archive-"));
    t = await liveApp(dialect, {
      env: {
        EFACTURA_TIMEOUT_MS: "1000",
        EFACTURA_DAILY_LIST_LIMIT: String(LIST_BUDGET),
        EFACTURA_SYNC_INTERVAL_SECONDS: "0",
        // Postgres keeps the ZIPs as files, SQLite in the database: both ways are exercised.
        ...(dialect === "postgres" ? { EFACTURA_ARCHIVE_DIR: archiveDir } : {}),
      },
    });
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    clientId = await addCustomer(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(archiveDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // SmartBill's emulator is not reset: its numbers go on, as a company's do (a number issued twice would match no invoice).
    await liftSmartBillBlocks(t.db);
    await efacturaAdmin(t, "POST", "/reset");
    await efacturaAdmin(t, "POST", "/settings", { hangMs: 3000 });
    await t.db.deleteFrom("efactura_usage").execute();
    // The reset emulator numbers its messages from the start again: ANAF's ids never repeat.
    await t.db.deleteFrom("efactura_messages").execute();
    // A fresh connection: no watermark from an earlier test's reading narrows this one's.
    await t.db.deleteFrom("efactura_connections").execute();
    await connectToEmulator(t, DEMO_TENANT);
  });

  const sync = async (session = invoicing): Promise<Task> => {
    const response = await t.api("POST", "/api/efactura/sync", { session });
    expect(response.statusCode, response.body).toBe(202);
    return waitForTask(t, invoicing, response.json<{ taskId: number }>().taskId, { timeoutMs: 15_000 });
  };
  const invoice = (id: number) => t.db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const rejectedThere = async (id: number) => /[49]$/.test((await invoice(id)).sentNumber ?? "");
  /** Sends invoices until one is (or is not) among those SPV rejects (number ending in 4 or 9). */
  const sendInvoice = async (rejected: boolean): Promise<number> => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const id = await addSentInvoice(t, invoicing, clientId);
      if ((await rejectedThere(id)) === rejected) return id;
    }
    throw new Error("no such invoice number in 10 attempts");
  };
  const statuses = async (id: number) =>
    (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing }))
      .json<InvoiceEvent[]>()
      .filter((event) => event.action === "efactura")
      .map((event) => event.detail as { status: string; error?: string; messageId: string });
  const connection = () => t.db.selectFrom("efactura_connections").selectAll().where("tenantId", "=", DEMO_TENANT).executeTakeFirstOrThrow();
  const listCalls = async () =>
    ((await efacturaAdmin(t, "GET", "/requests")) as { requests: { operation: string }[] }).requests.filter((r) => r.operation === "list").length;

  it("records each sent invoice's SPV status with its history and ANAF's error text, archives the signed ZIP, reads every page; 'sent' becomes 'validated' on the next run", async () => {
    await efacturaAdmin(t, "POST", "/settings", { processingDelaySeconds: 3600, pageSize: 2 });
    const a = await sendInvoice(false);
    const c = await sendInvoice(true);
    // Another tenant's invoice with A's series and number: never matched to this company's message.
    const other = await addTenant(t, "Alt Tenant SPV SRL");
    const { id: _id, ...aRow } = await invoice(a);
    const { id: foreign } = await t.db
      .insertInto("invoices")
      .values({ ...aRow, tenantId: other, clientId: await addCustomer(t, other) })
      .returning("id")
      .executeTakeFirstOrThrow();

    const first = await sync();
    expect(first.status, first.errorText ?? "").toBe("done");
    // Three seeded supplier invoices and ours, two a page.
    expect(await listCalls()).toBeGreaterThanOrEqual(3);
    expect(await invoice(a)).toMatchObject({ efacturaStatus: "sent", efacturaError: null });
    const cRow = await invoice(c);
    expect(cRow.efacturaStatus).toBe("rejected");
    expect(cRow.efacturaError).toContain(`${cRow.sentSeries}${cRow.sentNumber}`);
    expect(cRow.efacturaError).toMatch(/^E: /);
    expect(await statuses(c)).toEqual([expect.objectContaining({ status: "rejected", error: cRow.efacturaError })]);
    expect(await invoice(foreign)).toMatchObject({ efacturaStatus: null });

    // The supplier invoices, read from their UBL and archived.
    const received = await t.db.selectFrom("efactura_messages").selectAll().where("tenantId", "=", DEMO_TENANT).where("type", "=", "FACTURA PRIMITA").execute();
    expect(received).toHaveLength(3);
    for (const row of received) {
      expect(row).toMatchObject({ supplierName: expect.any(String), supplierCif: expect.any(String), number: expect.any(String), issueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), total: expect.any(Number), currency: expect.any(String) });
      expect(row.archivedAt).not.toBeNull();
    }
    expect(new Set(received.map((row) => row.currency))).toContain("EUR");

    // ANAF finishes processing: the next run validates A, downloading nothing again.
    await efacturaAdmin(t, "POST", "/clock", { advanceMs: 2 * HOUR });
    const messagesBefore = (await t.db.selectFrom("efactura_messages").select("id").where("tenantId", "=", DEMO_TENANT).execute()).length;
    expect((await sync()).status).toBe("done");
    expect(await invoice(a)).toMatchObject({ efacturaStatus: "validated" });
    expect((await statuses(a)).map((detail) => detail.status)).toEqual(["sent", "validated"]);
    expect((await statuses(c)).map((detail) => detail.status)).toEqual(["rejected"]);
    expect((await t.db.selectFrom("efactura_messages").select("id").where("tenantId", "=", DEMO_TENANT).execute()).length).toBe(messagesBefore);

    // The signed ZIP, kept and readable: the invoice and the Ministry's signature.
    const stored = await t.db.selectFrom("efactura_messages").selectAll().where("invoiceId", "=", a).executeTakeFirstOrThrow();
    const archive = await readArchive(t.config.efactura.archiveDir, stored);
    const zip = await JSZip.loadAsync(archive!);
    expect(Object.keys(zip.files).sort()).toEqual([`${stored.messageId}.xml`, `semnatura_${stored.messageId}.xml`]);
    if (dialect === "postgres") {
      expect(stored.archive).toBeNull();
      expect(await readFile(join(archiveDir, stored.archivePath!))).toEqual(archive);
    } else {
      expect(stored.archivePath).toBeNull();
    }
    expect((await connection()).problem).toBeNull();
  });

  for (const fault of ["500", "timeout", "204", "firewall"] as const) {
    it(`records the problem when SPV answers ${fault} and recovers at the next run`, async () => {
      const a = await sendInvoice(false);
      await efacturaAdmin(t, "POST", "/faults", { operation: "list", fault });
      const task = await sync();
      expect(task.status).toBe(fault === "204" ? "done" : "failed");
      expect((await connection()).problem).toMatch(fault === "204" ? /limita/ : /SPV \(ANAF\) nu răspunde acum/);
      expect(await invoice(a)).toMatchObject({ efacturaStatus: null });
      const next = await sync();
      expect(next.status, next.errorText ?? "").toBe("done");
      expect(await invoice(a)).toMatchObject({ efacturaStatus: "validated" });
      expect((await connection()).problem).toBeNull();
    });
  }

  it("asks for reconnecting when ANAF refuses the token (401); an administrator may ask for the reading too", async () => {
    await connectToEmulator(t, DEMO_TENANT, { accessToken: "a-token-anaf-does-not-know" });
    const task = await sync(admin);
    expect(task.status).toBe("failed");
    expect(task.errorText).toMatch(/reconecteze/);
    expect((await connection()).problem).toMatch(/reconecteze/);
  });

  it("stops at ANAF's daily limit, and at our own budget before ANAF's, losing nothing", async () => {
    const a = await sendInvoice(false);
    await efacturaAdmin(t, "POST", "/settings", { listLimitPerDay: 0 });
    expect((await sync()).status).toBe("done");
    expect((await connection()).problem).toMatch(/S-au facut deja/);
    expect(await invoice(a)).toMatchObject({ efacturaStatus: null });

    // Our budget: one list call left today, where ANAF would allow many.
    await efacturaAdmin(t, "POST", "/settings", { listLimitPerDay: 100_000, pageSize: 1 });
    await t.db
      .insertInto("efactura_usage")
      .values({ cif: DEMO_SPV_CIF, day: romanianDate(Date.now()), operation: "list", count: LIST_BUDGET - 1 })
      .onConflict((c) => c.columns(["cif", "day", "operation"]).doUpdateSet({ count: LIST_BUDGET - 1 }))
      .execute();
    await efacturaAdmin(t, "DELETE", "/requests");
    expect((await sync()).status).toBe("done");
    expect(await listCalls()).toBe(1);
    expect((await connection()).problem).toMatch(/Bugetul zilnic/);
    // The newest message (ours) came on that page and was read; the rest waits for tomorrow.
    expect(await invoice(a)).toMatchObject({ efacturaStatus: "validated" });
  });

  it("a download or a status refused for the day leaves the message and the invoice for the next run", async () => {
    const a = await sendInvoice(false);
    await efacturaAdmin(t, "POST", "/faults", { operation: "download", fault: "limit", times: 10 });
    expect((await sync()).status).toBe("done");
    expect((await connection()).problem).toMatch(/S-au facut deja/);
    expect(await invoice(a)).toMatchObject({ efacturaStatus: null });
    await efacturaAdmin(t, "DELETE", "/faults");

    await efacturaAdmin(t, "POST", "/faults", { operation: "status", fault: "limit" });
    expect((await sync()).status).toBe("done");
    expect(await invoice(a)).toMatchObject({ efacturaStatus: "sent" });
    expect((await sync()).status).toBe("done");
    expect(await invoice(a)).toMatchObject({ efacturaStatus: "validated" });
    expect((await statuses(a)).map((detail) => detail.status)).toEqual(["sent", "validated"]);
    expect((await connection()).problem).toBeNull();
  });

  it("keeps an error message naming none of the tenant's invoices unmatched, with its text", async () => {
    await efacturaAdmin(t, "POST", "/messages", { tip: "ERORI FACTURA", number: "ALTA9999", supplier: { cif: DEMO_SPV_CIF } });
    expect((await sync()).status).toBe("done");
    const row = await t.db.selectFrom("efactura_messages").selectAll().where("tenantId", "=", DEMO_TENANT).where("type", "=", "ERORI FACTURA").executeTakeFirstOrThrow();
    expect(row.invoiceId).toBeNull();
    expect(row.errorText).toContain("ALTA9999");
    expect(row.archivedAt).not.toBeNull();
  });

  it("'Citește acum' answers 409 for a tenant not connected to SPV", async () => {
    await t.db.deleteFrom("efactura_connections").where("tenantId", "=", DEMO_TENANT).execute();
    const response = await t.api("POST", "/api/efactura/sync", { session: invoicing });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/nu este conectată la ANAF/);
  });

  it("keeps a refused refresh's problem through a reading that went well, the access token working its last days", async () => {
    await t.db.updateTable("efactura_connections").set({ problem: REFRESH_REFUSED_PROBLEM }).where("tenantId", "=", DEMO_TENANT).execute();
    const a = await sendInvoice(false);
    expect((await sync()).status).toBe("done");
    expect(await invoice(a)).toMatchObject({ efacturaStatus: "validated" });
    expect((await connection()).problem).toBe(REFRESH_REFUSED_PROBLEM);
  });
});
