/**
 * A fleet on PostgreSQL keeps SmartBill's limit per token: three real server processes
 * (`tsx server/server.ts`) on one database, one SmartBill emulator they all call. The emulator
 * is served over https on loopback with a certificate made for the test (trusted through
 * NODE_EXTRA_CA_CERTS, allowed through SMARTBILL_ALLOWED_HOSTS), because a process's own demo
 * emulator is the only plain-http address it may call, and here the three must share one.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import type { Database } from "../../server/db/database";
import { DEMO_SMARTBILL_CIF, DEMO_SMARTBILL_TOKEN, DEMO_SMARTBILL_USERNAME, DEMO_WAREHOUSES, type RequestLogEntry, smartBillEmulator } from "../../server/smartbill/emulator/index";
import { enqueueTask } from "../../server/tasks/queue";
import { stockImportKey } from "../../server/tasks/kinds/stockImport";
import { freshDatabaseUrl } from "../helpers/databases";
import { dialects } from "../helpers/dialects";
import { TEST_JWT_SECRET } from "../helpers/testApp";
import type { Kysely } from "kysely";

const postgres = dialects.find((d) => d.dialect === "postgres")!;
const WINDOW_MS = 10_000;
const CALLS = 45;
const TENANTS = 23;

describe.skipIf(postgres.skipReason !== null)("a fleet of three processes on one PostgreSQL database", () => {
  let dir: string;
  let emulator: FastifyInstance;
  let emulatorOrigin: string;
  let db: Kysely<Database>;
  const children: ChildProcess[] = [];
  let warehouses: { tenantId: number; id: number }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "smartbill-fleet-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
    emulator = Fastify({ logger: false, https: { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) } });
    emulator.register(smartBillEmulator);
    await emulator.listen({ port: 0, host: "127.0.0.1" });
    const address = emulator.server.address();
    if (!address || typeof address !== "object") throw new Error("no emulator port");
    emulatorOrigin = `https://127.0.0.1:${address.port}`;

    const databaseUrl = await freshDatabaseUrl("postgres");
    db = createDatabase(databaseUrl);
    const env = {
      DATABASE_URL: databaseUrl,
      SMARTBILL_ALLOWED_HOSTS: `127.0.0.1:${address.port}`,
      NODE_EXTRA_CA_CERTS: join(dir, "cert.pem"),
      TASK_POLL_MS: "50",
      DRAIN_SECONDS: "0",
    };
    // The first process seeds the demo tenant; the test's tenants come after it.
    children.push(await startProcess(dir, env));
    ({ warehouses } = await tenantsSharingOneToken(db, `${emulatorOrigin}/SBORO/api`));
    children.push(...(await Promise.all([startProcess(dir, env), startProcess(dir, env)])));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once("exit", resolve), child.kill("SIGTERM"))))));
    await db?.destroy();
    await emulator?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const log = async () => (await emulator.inject({ method: "GET", url: "/__emulator/requests" })).json<{ requests: RequestLogEntry[] }>().requests;

  it("sends SmartBill at most 30 calls in any 10 s for 45 imports spread over them, is never locked out, and runs each task once", async () => {
    const ids: number[] = [];
    for (const warehouse of warehouses) {
      const { task } = await enqueueTask(db, { tenantId: warehouse.tenantId, kind: "stock-import", title: "Import", payload: { warehouseId: warehouse.id }, createdBy: null, dedupKey: stockImportKey(warehouse.id) });
      ids.push(task.id);
    }
    await until(async () => (await db.selectFrom("tasks").select("id").where("id", "in", ids).where("status", "in", ["done", "failed"]).execute()).length === CALLS, 60_000);

    const tasks = await db.selectFrom("tasks").select(["id", "status", "errorText", "claimedBy"]).where("id", "in", ids).execute();
    expect(tasks.filter((task) => task.status !== "done").map((task) => task.errorText)).toEqual([]);
    expect(new Set(tasks.map((task) => task.claimedBy?.split(":")[1])).size).toBeGreaterThan(1);

    const calls = (await log()).filter((entry) => entry.path === "/stocks");
    expect(calls).toHaveLength(CALLS);
    const times = calls.map((entry) => Date.parse(entry.at)).sort((a, b) => a - b);
    for (let i = 30; i < times.length; i++) expect(times[i] - times[i - 30]).toBeGreaterThanOrEqual(WINDOW_MS);
    expect((await emulator.inject({ method: "GET", url: "/__emulator/lockouts" })).json()).toEqual([]);
  }, 90_000);

  it("makes every process honour a lockout one of them was told about, without calling SmartBill", async () => {
    await emulator.inject({ method: "POST", url: "/__emulator/reset" });
    // The next call gets locked out; then the emulator lets calls through again, so any process
    // that still called would get an answer.
    await emulator.inject({ method: "PUT", url: "/__emulator/settings", payload: { limiter: { limit: 0, windowMs: WINDOW_MS, blockMs: 60_000 } } });
    const [first] = warehouses;
    const { task: locked } = await enqueueTask(db, { tenantId: first.tenantId, kind: "stock-import", title: "Import", payload: { warehouseId: first.id }, createdBy: null, dedupKey: stockImportKey(first.id) });
    await until(async () => (await db.selectFrom("tasks").select("status").where("id", "=", locked.id).executeTakeFirstOrThrow()).status === "failed", 60_000);
    await emulator.inject({ method: "DELETE", url: "/__emulator/lockouts" });
    await emulator.inject({ method: "POST", url: "/__emulator/reset" });
    // The process that was told stops, so the tasks below can only go to the others (one fast
    // process could otherwise claim them all): what they know of the lockout came through the database.
    const told = workerPid((await db.selectFrom("tasks").select("claimedBy").where("id", "=", locked.id).executeTakeFirstOrThrow()).claimedBy);
    const toldChild = children.find((child) => processTree(child.pid!).includes(told));
    expect(toldChild).toBeDefined();
    await new Promise((resolve) => (toldChild!.exitCode !== null ? resolve(null) : (toldChild!.once("exit", resolve), toldChild!.kill("SIGTERM"))));

    const others = warehouses.filter((w) => w.tenantId !== first.tenantId).slice(0, 12);
    const ids: number[] = [];
    for (const warehouse of others) {
      const { task } = await enqueueTask(db, { tenantId: warehouse.tenantId, kind: "stock-import", title: "Import", payload: { warehouseId: warehouse.id }, createdBy: null, dedupKey: stockImportKey(warehouse.id) });
      ids.push(task.id);
    }
    await until(async () => (await db.selectFrom("tasks").select("id").where("id", "in", ids).where("status", "in", ["done", "failed"]).execute()).length === ids.length, 60_000);
    const tasks = await db.selectFrom("tasks").select(["status", "errorText", "claimedBy"]).where("id", "in", [locked.id, ...ids]).execute();
    expect(tasks.every((task) => task.status === "failed" && /blocat|limita/i.test(task.errorText ?? ""))).toBe(true);
    // Every one but the first claimed by a process that was not told.
    expect(tasks.filter((task) => workerPid(task.claimedBy) === told).length).toBe(1);
    expect(await log()).toEqual([]);
  }, 120_000);
});

async function tenantsSharingOneToken(db: Kysely<Database>, url: string) {
  const now = new Date().toISOString();
  const tenantIds: number[] = [];
  const warehouses: { tenantId: number; id: number }[] = [];
  for (let i = 0; i < TENANTS; i++) {
    const { id } = await db.insertInto("tenants").values({ name: `Firma ${i}`, description: null, createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
    tenantIds.push(id);
    const settings = { "smartbill.username": DEMO_SMARTBILL_USERNAME, "smartbill.token": DEMO_SMARTBILL_TOKEN, "smartbill.cif": DEMO_SMARTBILL_CIF, "smartbill.url": url };
    await db.insertInto("properties").values(Object.entries(settings).map(([name, value]) => ({ tenantId: id, name, value, createdAt: now, updatedAt: now }))).execute();
    for (const warehouseName of Object.values(DEMO_WAREHOUSES)) {
      if (warehouses.length === CALLS) break;
      const warehouse = await db.insertInto("warehouses").values({ tenantId: id, warehouseName, warehouseType: "en gros", createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
      warehouses.push({ tenantId: id, id: warehouse.id });
    }
  }
  return { tenantIds, warehouses };
}

async function startProcess(dir: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(join("node_modules", ".bin", "tsx"), ["server/server.ts"], {
    env: { ...process.env, NODE_ENV: "", PORT: "0", HOST: "127.0.0.1", UI_DIR: join(dir, "no-ui"), LOG_LEVEL: "warn", JWT_SECRET: TEST_JWT_SECRET, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    // Generous: a busy machine has taken over 20 s to start one.
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/SmartBill back office: http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return child;
}

/** The process id in a task's `claimedBy` (host:pid:suffix). */
function workerPid(claimedBy: string | null): number {
  return Number(claimedBy?.split(":")[1]);
}

/** A process and its descendants (tsx runs the server in a child process of its own). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone already
  }
  return [pid, ...children.flatMap(processTree)];
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
