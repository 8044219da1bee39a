/**
 * The fleet's daily budget of calls to ANAF's e-Factura API (server/efactura/usage.ts) is shared
 * by every process on one PostgreSQL database: two server processes, each with its own task
 * worker, read the SPV messages of two tenants connected to the same CIF at once, and together
 * never make more list calls than EFACTURA_DAILY_LIST_LIMIT. One e-Factura emulator, outside
 * both, logs every call it receives; the test counts them.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import { DEMO_COMPANY_NAME } from "../../server/demo/demoCompany";
import { EFACTURA_EMULATOR_PREFIX } from "../../server/efactura/demoClient";
import { efacturaEmulator } from "../../server/efactura/emulator/index";
import { scheduleEfacturaSync } from "../../server/plugins/efacturaSync";
import { DEMO_SMARTBILL_CIF } from "../../server/smartbill/emulator/index";
import { freshDatabaseUrl } from "../helpers/databases";
import { dialects } from "../helpers/dialects";
import { connectToEmulator, DEMO_SPV_CIF } from "../helpers/efacturaEmulator";
import { type ServerProcess, startServerProcess, until } from "../helpers/serverProcess";

const postgres = dialects.find((d) => d.dialect === "postgres")!;
const LIST_LIMIT = 5;
const TOKEN_KEY = Buffer.alloc(32, 7);

describe.skipIf(postgres.skipReason !== null)("e-Factura's daily budget shared by a fleet on PostgreSQL", () => {
  let emulator: FastifyInstance;
  const processes: ServerProcess[] = [];
  let databaseUrl: string;

  beforeAll(async () => {
    emulator = Fastify({ logger: false });
    emulator.register(efacturaEmulator, { prefix: EFACTURA_EMULATOR_PREFIX, seedBuyers: [{ cif: DEMO_SMARTBILL_CIF, name: DEMO_COMPANY_NAME }] });
    await emulator.listen({ port: 0, host: "127.0.0.1" });
    const emulatorUrl = `http://127.0.0.1:${(emulator.server.address() as { port: number }).port}${EFACTURA_EMULATOR_PREFIX}`;
    // One message a page: each tenant's reading wants more list calls than the whole day's budget.
    await emulator.inject({ method: "POST", url: `${EFACTURA_EMULATOR_PREFIX}/admin/settings`, payload: { pageSize: 1 } });
    databaseUrl = await freshDatabaseUrl("postgres");
    const env = {
      DATABASE_URL: databaseUrl,
      ANAF_EFACTURA_URL: emulatorUrl,
      EFACTURA_TOKEN_KEY: TOKEN_KEY.toString("base64"),
      EFACTURA_DAILY_LIST_LIMIT: String(LIST_LIMIT),
      EFACTURA_SYNC_INTERVAL_SECONDS: "0",
      TASK_POLL_MS: "50",
      DRAIN_SECONDS: "0",
    };
    // The first seeds the database; the second starts on it.
    processes.push(await startServerProcess(env, 90_000));
    processes.push(await startServerProcess(env, 90_000));
  }, 200_000);
  afterAll(async () => {
    for (const server of processes) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await emulator?.close();
  });

  it("two processes reading two tenants of one CIF at once make no more list calls together than the day's limit", async () => {
    const db = createDatabase(databaseUrl);
    try {
      const now = new Date().toISOString();
      const { id: second } = await db.insertInto("tenants").values({ name: "A doua firmă, același CIF", description: null, createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
      const fleet = { db, app: emulator, config: { efactura: { tokenKey: TOKEN_KEY } } };
      await connectToEmulator(fleet, 2, { host: emulator });
      await connectToEmulator(fleet, second, { host: emulator });
      // Two tasks in the shared queue: the two processes' workers take them.
      expect(await scheduleEfacturaSync(db)).toBe(2);
      await until(
        async () => (await db.selectFrom("tasks").select("status").where("kind", "=", "efactura-sync").execute()).every((task) => task.status === "done" || task.status === "failed"),
        30_000,
        "both sync tasks ended",
      );
      const { requests } = (await emulator.inject({ method: "GET", url: `${EFACTURA_EMULATOR_PREFIX}/admin/requests` })).json<{ requests: { operation: string }[] }>();
      expect(requests.filter((request) => request.operation === "list")).toHaveLength(LIST_LIMIT);
      const usage = await db.selectFrom("efactura_usage").selectAll().where("cif", "=", DEMO_SPV_CIF).where("operation", "=", "list").execute();
      expect(usage.map((row) => row.count)).toEqual([LIST_LIMIT]);
      const connections = await db.selectFrom("efactura_connections").select("problem").execute();
      expect(connections.some((connection) => /Bugetul zilnic/.test(connection.problem ?? ""))).toBe(true);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
