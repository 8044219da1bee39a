import { type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, Page, Task } from "../../contract/api";
import { loadConfig } from "../../server/config";
import { SmartBillError } from "../../server/smartbill/types";
import { claimNextTask, enqueueTask, failStaleTasks, finishTask, releaseTask } from "../../server/tasks/queue";
import { TaskFailure, type TaskHandler, type TaskKinds, type TaskRow } from "../../server/tasks/types";
import { createTaskWorker } from "../../server/tasks/worker";
import { removeTemporaryDatabases } from "../helpers/databases";
import { dialects, describeEachDialect } from "../helpers/dialects";
import { eventually, invoicingUserOfNewTenant, waitForTask } from "../helpers/smartbillData";
import { type TestApp, testApp, type TestAppOptions } from "../helpers/testApp";
import { addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const INTERRUPTED = "Sarcina a fost întreruptă de repornirea serverului. Porniți-o din nou.";
const INTERNAL = "Sarcina a eșuat din cauza unei erori interne; nimic nu a fost modificat. Detaliile sunt în jurnalul serverului.";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stand-in for the real task kinds: the payload says what to do. `hang` runs until the worker
 * aborts it (server shutdown); `wind-down` too, then takes `ms` more to stop; `record` notes
 * the run in the run log (who, which tenant, when it began and ended) and takes `ms`; `wait`
 * waits for the test to open its gate, as a task would wait for a slow SmartBill.
 */
type FakePayload =
  | { action: "succeed" }
  | { action: "fail-politely" }
  | { action: "fail-smartbill" }
  | { action: "crash" }
  | { action: "hang" }
  | { action: "wind-down"; ms: number }
  | { action: "record"; ms: number }
  | { action: "wait"; gate: string };

/** A task the fake kind ran: `began` and `ended` are steps of one counter shared by all workers. */
interface Run {
  taskId: number;
  tenantId: number;
  workerApp: string;
  began: number;
  ended?: number;
}

/** What the fake kinds ran, in order; one log may be shared by several workers of this process. */
function runLog() {
  let step = 0;
  const runs: Run[] = [];
  const gates = new Map<string, () => void>();
  const opened = new Map<string, Promise<void>>();
  const gate = (name: string) => {
    if (!opened.has(name)) opened.set(name, new Promise<void>((resolve) => gates.set(name, resolve)));
    return opened.get(name)!;
  };
  return {
    runs,
    begin: (task: TaskRow, workerApp: string) => {
      const run: Run = { taskId: task.id, tenantId: task.tenantId, workerApp, began: step++ };
      runs.push(run);
      return () => (run.ended = step++);
    },
    gate,
    open: (name: string) => {
      gate(name);
      gates.get(name)!();
    },
  };
}

type RunLog = ReturnType<typeof runLog>;

function fakeKinds(log: RunLog = runLog(), workerApp = "app"): TaskKinds {
  const handler: TaskHandler = async ({ task, payload, progress, signal }) => {
    const work = payload as FakePayload;
    switch (work.action) {
      case "succeed":
        await progress({ progress: 50, total: 3 });
        return { message: "Gata: 3 lucruri.", total: 3, processed: 3, created: 1, updated: 2 };
      case "fail-politely":
        throw new TaskFailure("Nu se poate, și iată de ce.", { total: 5, errors: 2 });
      case "fail-smartbill":
        throw new SmartBillError("provider", "Gestiunea X nu a fost gasita pe server.");
      case "crash":
        throw new Error("column \"x\" does not exist");
      case "hang":
        await new Promise<void>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
        throw new Error("unreachable");
      case "wind-down": {
        const end = log.begin(task, workerApp);
        await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
        await sleep(work.ms);
        end();
        throw new Error("aborted");
      }
      case "record": {
        const end = log.begin(task, workerApp);
        await sleep(work.ms);
        end();
        return { message: "Înregistrat." };
      }
      case "wait": {
        const end = log.begin(task, workerApp);
        await Promise.race([
          log.gate(work.gate),
          new Promise<void>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))),
        ]);
        end();
        return { message: "Gata după așteptare." };
      }
    }
  };
  return { "stock-import": handler };
}

let tenantsAdded = 0;

/** Tenants besides the demo's, written straight into the database; answers their ids. */
async function addTenants(t: TestApp, count: number): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await t.db
      .insertInto("tenants")
      .values({ name: `Tenant de test ${++tenantsAdded}`, description: null, createdAt: now, updatedAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

const enqueue = async (t: TestApp, payload: FakePayload, tenantId = 2) =>
  (await enqueueTask(t.db, { tenantId, kind: "stock-import", title: `Test: ${payload.action}`, payload, createdBy: 3 })).task;

const FAST: TestAppOptions["env"] = { TASK_POLL_MS: "20", TASK_STALE_SECONDS: "1" };

describeEachDialect("tasks and the task worker", (dialect) => {
  describe("running tasks", () => {
    let t: TestApp;
    let invoicing: LoginResponse;
    beforeAll(async () => {
      // A poll interval far longer than the test: only the wake-up on enqueue can run the tasks in time.
      t = await testApp(dialect, { env: { TASK_POLL_MS: "600000" }, taskKinds: fakeKinds() });
      invoicing = await t.signIn("facturare@demo.ro");
    });
    afterAll(() => t.close());

    it("runs a task as soon as this process enqueues it, and records it done with progress, counts and message", async () => {
      const queued = await enqueue(t, { action: "succeed" });
      expect(queued).toMatchObject({ status: "queued", progress: 0, startedAt: null, finishedAt: null });
      const task = await waitForTask(t, invoicing, queued.id, { timeoutMs: 60_000 });
      expect(task).toEqual({
        id: queued.id,
        kind: "stock-import",
        title: "Test: succeed",
        status: "done",
        progress: 100,
        total: 3,
        processed: 3,
        created: 1,
        updated: 2,
        errors: 0,
        errorText: null,
        message: "Gata: 3 lucruri.",
        createdAt: queued.createdAt,
        startedAt: expect.any(String),
        finishedAt: expect.any(String),
      });
      expect(task.startedAt! >= task.createdAt && task.finishedAt! >= task.startedAt!).toBe(true);
    }, 150_000);

    it("records a failure meant for the user as the task's errorText, with its counts", async () => {
      const task = await waitForTask(t, invoicing, (await enqueue(t, { action: "fail-politely" })).id);
      expect(task).toMatchObject({ status: "failed", errorText: "Nu se poate, și iată de ce.", total: 5, errors: 2, message: null });
      expect(task.finishedAt).not.toBeNull();
    });

    it("records SmartBill's own message as the errorText of a task SmartBill refused", async () => {
      const task = await waitForTask(t, invoicing, (await enqueue(t, { action: "fail-smartbill" })).id);
      expect(task).toMatchObject({ status: "failed", errorText: "Gestiunea X nu a fost gasita pe server." });
    });

    it("answers an unexpected error with a general Romanian sentence, never the error's own text", async () => {
      const task = await waitForTask(t, invoicing, (await enqueue(t, { action: "crash" })).id);
      expect(task).toMatchObject({ status: "failed", errorText: INTERNAL });
    });

    it("fails a task of a kind this server does not know", async () => {
      const { id } = await t.db
        .insertInto("tasks")
        .values({ tenantId: 2, kind: "din-viitor", title: "Necunoscut", status: "queued", payload: "{}", createdBy: null, createdAt: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueue(t, { action: "succeed" }); // wakes the worker; it takes the older task first
      const task = await waitForTask(t, invoicing, id);
      expect(task).toMatchObject({ status: "failed", errorText: "Tipul de sarcină „din-viitor” nu este cunoscut de acest server." });
    });

    it("runs the tasks one after the other, oldest first", async () => {
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push((await enqueue(t, { action: "succeed" })).id);
      for (const id of ids) await waitForTask(t, invoicing, id);
      const rows = await t.db.selectFrom("tasks").select(["id", "startedAt", "finishedAt"]).where("id", "in", ids).orderBy("id").execute();
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i].startedAt! >= rows[i - 1].finishedAt!).toBe(true);
      }
    });
  });

  describe("the queue", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    });
    afterAll(() => t.close());

    it("hands each queued task to one worker, oldest first, and lets only its owner write it", async () => {
      const first = await enqueue(t, { action: "succeed" });
      const second = await enqueue(t, { action: "succeed" }, 1); // another tenant's (see below)
      const a = await claimNextTask(t.db, "worker-a");
      const b = await claimNextTask(t.db, "worker-b");
      expect([a?.id, b?.id]).toEqual([first.id, second.id]);
      expect(a).toMatchObject({ status: "running", claimedBy: "worker-a", startedAt: expect.any(String), heartbeatAt: expect.any(String) });
      expect(await claimNextTask(t.db, "worker-c")).toBeUndefined();

      expect(await finishTask(t.db, first.id, "worker-b", { status: "done", message: "Nu e a mea.", counts: {} })).toBe(false);
      expect(await finishTask(t.db, first.id, "worker-a", { status: "done", message: "Gata.", counts: { total: 1 } })).toBe(true);
      expect(await taskRow(t, first.id)).toMatchObject({ status: "done", message: "Gata.", total: 1, progress: 100 });

      // A worker that stops after claiming puts the task back, for the next one.
      await releaseTask(t.db, second.id, "worker-b");
      expect(await taskRow(t, second.id)).toMatchObject({ status: "queued", claimedBy: null, startedAt: null });
      expect((await claimNextTask(t.db, "worker-c"))?.id).toBe(second.id);
      // The sweep spares a live worker's own tasks and those with a fresh heartbeat.
      expect(await failStaleTasks(t.db, { staleSeconds: 60 })).toBe(0);
      expect(await failStaleTasks(t.db, { exceptWorker: "worker-c" })).toBe(0);
      expect(await failStaleTasks(t.db)).toBe(1);
      expect(await taskRow(t, second.id)).toMatchObject({ status: "failed", errorText: INTERRUPTED });
    });

    it("runs one task per tenant at a time, and hands the next to the tenant served least recently", async () => {
      const [a, b] = await addTenants(t, 2);
      const a1 = await enqueue(t, { action: "succeed" }, a);
      const a2 = await enqueue(t, { action: "succeed" }, a);
      const a3 = await enqueue(t, { action: "succeed" }, a);
      const b1 = await enqueue(t, { action: "succeed" }, b);
      const b2 = await enqueue(t, { action: "succeed" }, b);
      const claimed: number[] = [];
      const claimAndFinish = async () => {
        // Start times are kept to the millisecond: claims in the same one would tie.
        await sleep(2);
        const task = await claimNextTask(t.db, "worker-a");
        expect(task).toBeDefined();
        claimed.push(task!.id);
        await finishTask(t.db, task!.id, "worker-a", { status: "done", message: "Gata.", counts: {} });
      };

      // A's first task runs: A's others wait for it, B's does not.
      expect((await claimNextTask(t.db, "worker-a"))?.id).toBe(a1.id);
      await sleep(2);
      expect((await claimNextTask(t.db, "worker-b"))?.id).toBe(b1.id);
      expect(await claimNextTask(t.db, "worker-c")).toBeUndefined();
      await finishTask(t.db, a1.id, "worker-a", { status: "done", message: "Gata.", counts: {} });
      await finishTask(t.db, b1.id, "worker-b", { status: "done", message: "Gata.", counts: {} });
      // A was served first, so A goes first again; then they take turns, though A's tasks are older.
      for (let i = 0; i < 3; i++) await claimAndFinish();
      expect(claimed).toEqual([a2.id, b2.id, a3.id]);
      expect(await claimNextTask(t.db, "worker-a")).toBeUndefined();
    });

    it("queues one task per dedupKey and tenant while one is queued or running, and a new one once it has ended", async () => {
      const [a, b] = await addTenants(t, 2);
      const add = (tenantId: number, dedupKey?: string) =>
        enqueueTask(t.db, { tenantId, kind: "stock-import", title: "Test", payload: { action: "succeed" }, createdBy: null, dedupKey });
      const first = await add(a, "depozit:1");
      expect(first.created).toBe(true);
      expect(await add(a, "depozit:1")).toEqual({ task: first.task, created: false });
      // Another key, another tenant, or no key: a task of its own.
      expect((await add(a, "depozit:2")).created).toBe(true);
      expect((await add(b, "depozit:1")).created).toBe(true);
      expect((await add(a)).created).toBe(true);
      expect((await add(a)).created).toBe(true);

      const running = await claimNextTask(t.db, "worker-a");
      expect(running?.id).toBe(first.task.id);
      expect((await add(a, "depozit:1")).task.id).toBe(first.task.id);
      await finishTask(t.db, first.task.id, "worker-a", { status: "done", message: "Gata.", counts: {} });
      const again = await add(a, "depozit:1");
      expect(again.created).toBe(true);
      expect(again.task.id).not.toBe(first.task.id);
      expect(await taskRow(t, again.task.id)).toMatchObject({ status: "queued", dedupKey: "depozit:1" });
    });
  });

  describe("fairness between tenants", () => {
    it("takes turns between tenants: with TASK_CONCURRENCY=1, A's tasks queued before B's run A, B, A, B, …", async () => {
      const log = runLog();
      const t = await testApp(dialect, { env: { TASK_POLL_MS: "20", TASK_CONCURRENCY: "1" }, taskKinds: fakeKinds(log) });
      try {
        const [a, b] = await addTenants(t, 2);
        // In one transaction, so the worker finds them all queued at once.
        const ids = await t.db.transaction().execute(async (trx) => {
          const ids: number[] = [];
          for (const tenantId of [a, a, a, b, b, b]) {
            const { task } = await enqueueTask(trx, { tenantId, kind: "stock-import", title: "Test", payload: { action: "record", ms: 3 }, createdBy: null });
            ids.push(task.id);
          }
          return ids;
        });
        await eventually(async () => (await doneTasks(t, ids)) === ids.length);
        expect(log.runs.map((run) => run.tenantId)).toEqual([a, b, a, b, a, b]);
      } finally {
        await t.close();
      }
    });

    it("finishes tenant B's task while tenant A's waits on a slow SmartBill, and starts A's next task only when A's first ends", async () => {
      const log = runLog();
      // No polls during the test: each claim is started by an enqueue or by a task's end.
      const t = await testApp(dialect, { env: { TASK_POLL_MS: "600000" }, taskKinds: fakeKinds(log) });
      try {
        const [a, b] = await addTenants(t, 2);
        const slow = await enqueue(t, { action: "wait", gate: "smartbill" }, a);
        const next = await enqueue(t, { action: "record", ms: 1 }, a);
        const other = await enqueue(t, { action: "record", ms: 1 }, b);
        await eventually(async () => (await taskRow(t, other.id)).status === "done", 60_000);
        expect(await taskRow(t, slow.id)).toMatchObject({ status: "running" });
        expect(await taskRow(t, next.id)).toMatchObject({ status: "queued", startedAt: null });

        log.open("smartbill");
        await eventually(async () => (await taskRow(t, next.id)).status === "done", 60_000);
        const [slowRun, nextRun] = [slow.id, next.id].map((id) => log.runs.find((run) => run.taskId === id)!);
        expect(nextRun.began).toBeGreaterThan(slowRun.ended!);
        expect((await taskRow(t, next.id)).startedAt! >= (await taskRow(t, slow.id)).finishedAt!).toBe(true);
      } finally {
        await t.close();
      }
    }, 150_000);

    it("aborts every running task on stop() and waits for all of them to wind down", async () => {
      const t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
      const log = runLog();
      const worker = createTaskWorker({ db: t.db, log: t.app.log, kinds: fakeKinds(log), pollMs: 20, staleSeconds: 60, concurrency: 4 });
      try {
        const tenants = await addTenants(t, 3);
        const ids: number[] = [];
        for (const tenantId of tenants) ids.push((await enqueue(t, { action: "wind-down", ms: 150 }, tenantId)).id);
        await worker.start();
        await eventually(async () => (await runningTasks(t)).length === 3);
        await worker.stop();
        expect(log.runs.map((run) => run.ended)).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
        for (const id of ids) expect(await taskRow(t, id)).toMatchObject({ status: "failed", errorText: INTERRUPTED });
      } finally {
        await worker.stop();
        await t.close();
      }
    });
  });

  describe("GET /api/tasks and /api/tasks/{id}", () => {
    let t: TestApp;
    let superadmin: LoginResponse;
    let admin: LoginResponse;
    let invoicing: LoginResponse;
    let other: { tenantId: number; session: LoginResponse };
    let ids: number[];
    beforeAll(async () => {
      t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
      ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
      other = await invoicingUserOfNewTenant(t, superadmin, "Alt Client SRL", "facturare@alt-client.ro");
      ids = [];
      for (const action of ["succeed", "crash", "hang"] as const) ids.push((await enqueue(t, { action })).id);
      await t.db.updateTable("tasks").set({ status: "done", progress: 100, message: "Gata." }).where("id", "=", ids[0]).execute();
      await t.db.updateTable("tasks").set({ status: "failed", errorText: "Eroare." }).where("id", "=", ids[1]).execute();
      await enqueue(t, { action: "succeed" }, other.tenantId);
    });
    afterAll(() => t.close());

    const list = (query = "", session = invoicing, tenantId?: number) => t.api("GET", `/api/tasks${query}`, { session, tenantId });

    it("lists the tenant's tasks newest first, without their internal columns", async () => {
      const response = await list();
      expect(response.statusCode).toBe(200);
      const tasks = response.json<Task[]>();
      expect(tasks.map((task) => task.id)).toEqual([...ids].reverse());
      expect(Object.keys(tasks[0]).sort()).toEqual(
        ["createdAt", "created", "errorText", "errors", "finishedAt", "id", "kind", "message", "processed", "progress", "startedAt", "status", "title", "total", "updated"].sort(),
      );
      expect(tasks.map((task) => task.status)).toEqual(["queued", "failed", "done"]);
    });

    it("pages, sorts, searches the title and filters on the status", async () => {
      const page = (await list("?page=0&size=2")).json<Page<Task>>();
      expect(page.totalElements).toBe(3);
      expect(page.content.map((task) => task.id)).toEqual([ids[2], ids[1]]);
      expect((await list("?sort=id,asc")).json<Task[]>().map((task) => task.id)).toEqual(ids);
      expect((await list("?status=failed")).json<Task[]>().map((task) => task.id)).toEqual([ids[1]]);
      expect((await list("?q=CRASH")).json<Task[]>().map((task) => task.id)).toEqual([ids[1]]);
      expect((await list("?status=paused")).statusCode).toBe(400);
    });

    it("answers one task of the tenant, and 404 for another tenant's", async () => {
      const one = await t.api("GET", `/api/tasks/${ids[0]}`, { session: invoicing });
      expect(one.json<Task>()).toMatchObject({ id: ids[0], status: "done", message: "Gata." });
      const foreignId = (await list("", other.session)).json<Task[]>()[0].id;
      const foreign = await t.api("GET", `/api/tasks/${foreignId}`, { session: invoicing });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: "Sarcina nu a fost găsită." });
      expect((await list("", other.session)).json<Task[]>()).toHaveLength(1);
      expect((await t.api("GET", `/api/tasks/${ids[0]}`, { session: other.session })).statusCode).toBe(404);
    });

    it("lets the super-admin see tenant 2's tasks, refuses an admin with 403 and a spoofed X-Tenant-ID with 403", async () => {
      expect((await list("", superadmin, 2)).json<Task[]>()).toHaveLength(3);
      expect((await list("", admin)).statusCode).toBe(403);
      expect((await t.api("GET", `/api/tasks/${ids[0]}`, { session: admin })).statusCode).toBe(403);
      const spoofed = await list("", other.session, 2);
      expect(spoofed.statusCode).toBe(403);
      expect(spoofed.json()).toEqual({ message: "Nu aveți acces la datele acestei firme." });
    });

    it("keeps the tasks of a user who is deleted", async () => {
      const userId = await addUser(t, { email: "plecat@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL"] });
      const { task } = await enqueueTask(t.db, { tenantId: 2, kind: "stock-import", title: "Al celui plecat", payload: {}, createdBy: userId });
      expect((await t.api("DELETE", `/api/user/${userId}`, { session: superadmin })).statusCode).toBe(200);
      expect(await taskRow(t, task.id)).toMatchObject({ createdBy: null, title: "Al celui plecat" });
      await t.db.deleteFrom("tasks").where("id", "=", task.id).execute();
    });

    it("keeps a tenant that has tasks from being deleted", async () => {
      expect((await t.api("DELETE", `/api/tenant/${other.tenantId}`, { session: superadmin })).statusCode).toBe(409);
    });
  });

  describe("restarts", () => {
    it("fails a task interrupted by a shutdown, and the restarted server has nothing left running", async () => {
      const first = await testApp(dialect, { env: FAST, taskKinds: fakeKinds() });
      const queued = await enqueue(first, { action: "hang" });
      await eventually(async () => (await taskRow(first, queued.id)).status === "running");
      await first.close();

      const second = await testApp(dialect, { databaseUrl: first.databaseUrl, env: FAST, taskKinds: fakeKinds() });
      try {
        expect(await taskRow(second, queued.id)).toMatchObject({ status: "failed", errorText: INTERRUPTED });
        expect(await runningTasks(second)).toEqual([]);
      } finally {
        await second.close();
      }
    });

    it("fails a task left 'running' by a process that died, once the server starts again", async () => {
      const first = await testApp(dialect, { env: { ...FAST, TASK_WORKER: "off" } });
      const queued = await enqueue(first, { action: "succeed" });
      // A worker that claims the task and then dies without a word (no heartbeat, no finish).
      expect((await claimNextTask(first.db, "process-that-died"))?.id).toBe(queued.id);
      await first.close();

      const second = await testApp(dialect, { databaseUrl: first.databaseUrl, env: FAST, taskKinds: fakeKinds() });
      try {
        // SQLite: at start-up (one process serves the file). PostgreSQL: once its heartbeat is
        // older than TASK_STALE_SECONDS (another live process may be running it).
        await eventually(async () => (await taskRow(second, queued.id)).status === "failed", 60_000);
        expect(await taskRow(second, queued.id)).toMatchObject({ status: "failed", errorText: INTERRUPTED });
        expect(await runningTasks(second)).toEqual([]);
      } finally {
        await second.close();
      }
    }, 150_000);
  });
});

describe("TASK_CONCURRENCY", () => {
  it("is 4 tasks at once by default, and must be a whole number of at least 1", () => {
    expect(loadConfig({}).tasks.concurrency).toBe(4);
    expect(loadConfig({ TASK_CONCURRENCY: "1" }).tasks.concurrency).toBe(1);
    for (const wrong of ["0", "-2", "1.5", "patru"]) {
      expect(() => loadConfig({ TASK_CONCURRENCY: wrong })).toThrow(`TASK_CONCURRENCY must be a whole number ≥ 1, got "${wrong}".`);
    }
  });
});

const postgres = dialects.find((d) => d.dialect === "postgres")!;

describe.skipIf(postgres.skipReason !== null)("the task worker with several processes, on postgres", () => {
  it("never runs the same task twice when two app instances share the database", async () => {
    const log = runLog();
    // One task at a time per app and six tenants: each app always finds work the other is not doing.
    const env = { ...FAST, TASK_CONCURRENCY: "1" };
    const first = await testApp("postgres", { env, taskKinds: fakeKinds(log, "first") });
    const second = await testApp("postgres", { databaseUrl: first.databaseUrl, env, taskKinds: fakeKinds(log, "second") });
    try {
      const tenants = await addTenants(first, 6);
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push((await enqueue(i % 2 ? first : second, { action: "record", ms: 15 }, tenants[i % 6])).id);
      await eventually(async () => (await doneTasks(first, ids)) === 30);
      expect(log.runs.map((run) => run.taskId).sort((a, b) => a - b)).toEqual(ids);
      // Both took part.
      expect(new Set(log.runs.map((run) => run.workerApp))).toEqual(new Set(["first", "second"]));
      const owners = await first.db.selectFrom("tasks").select("claimedBy").distinct().execute();
      expect(owners).toHaveLength(2);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("never runs two tasks of one tenant at once, though two processes claim at the same moment", async () => {
    const log = runLog();
    const first = await testApp("postgres", { env: { TASK_WORKER: "off" } });
    const second = await testApp("postgres", { databaseUrl: first.databaseUrl, env: { TASK_WORKER: "off" } });
    const workers = [first, second].map((t, i) =>
      createTaskWorker({ db: t.db, log: t.app.log, kinds: fakeKinds(log, `worker-${i}`), pollMs: 20, staleSeconds: 60, concurrency: 4 }),
    );
    try {
      // More tenants than one worker has slots: the other worker always finds some idle.
      const tenants = await addTenants(first, 6);
      const ids: number[] = [];
      for (let i = 0; i < 24; i++) ids.push((await enqueue(first, { action: "record", ms: 5 }, tenants[i % 6])).id);
      // Both start with every task already queued: their first claims race each other.
      await Promise.all(workers.map((worker) => worker.start()));
      await eventually(async () => (await doneTasks(first, ids)) === ids.length);
      for (const tenantId of tenants) {
        const runs = log.runs.filter((run) => run.tenantId === tenantId).sort((x, y) => x.began - y.began);
        expect(runs).toHaveLength(4);
        for (let i = 1; i < runs.length; i++) expect(runs[i].began, `tenant ${tenantId}`).toBeGreaterThan(runs[i - 1].ended!);
      }
      expect(new Set(log.runs.map((run) => run.workerApp))).toEqual(new Set(["worker-0", "worker-1"]));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("makes a claim wait for one in flight in another process, then take the next tenant's task", async () => {
    const first = await testApp("postgres", { env: { TASK_WORKER: "off" } });
    const second = await testApp("postgres", { databaseUrl: first.databaseUrl, env: { TASK_WORKER: "off" } });
    const gate = claimGate();
    try {
      const [a, b] = await addTenants(first, 2);
      const a1 = await enqueue(first, { action: "succeed" }, a);
      await enqueue(first, { action: "succeed" }, a);
      const b1 = await enqueue(first, { action: "succeed" }, b);
      // The first process has taken A's first task and not yet committed.
      const firstClaim = claimNextTask(first.db.withPlugin(gate.plugin), "worker-a");
      await gate.reached;
      const secondClaim = claimNextTask(second.db, "worker-b");
      await eventually(async () => {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`.execute(first.db);
        return rows[0].waiting > 0;
      });
      gate.release();
      expect((await firstClaim)?.id).toBe(a1.id);
      // Not A's second task (A is running), nor nothing (there is work for B).
      expect((await secondClaim)?.id).toBe(b1.id);
    } finally {
      gate.release();
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("does not fail a task another live process is running when a second one starts", async () => {
    // The first process beats every 250 ms (FAST); the second calls a heartbeat stale after 3 s,
    // so a beat may come over 2.5 s late on a busy machine before the task would look abandoned.
    const secondStaleSeconds = 3;
    const first = await testApp("postgres", { env: FAST, taskKinds: fakeKinds() });
    const queued = await enqueue(first, { action: "hang" });
    await eventually(async () => (await taskRow(first, queued.id)).status === "running");
    const second = await testApp("postgres", {
      databaseUrl: first.databaseUrl,
      env: { ...FAST, TASK_STALE_SECONDS: String(secondStaleSeconds) },
      taskKinds: fakeKinds(),
    });
    try {
      const { startedAt, claimedBy } = await taskRow(second, queued.id);
      // The task outlives a stale period: only the first process's heartbeats can move this on.
      await eventually(async () => {
        const { heartbeatAt } = await taskRow(second, queued.id);
        return Date.parse(heartbeatAt!) - Date.parse(startedAt!) > secondStaleSeconds * 1000;
      }, 60_000);
      // A canary the second process's sweep (and only its: the first spares its own worker's
      // tasks) fails: once it has, that sweep ran later than a stale period after the claim.
      const [canaryTenant] = await addTenants(first, 1);
      const canary = await first.db
        .insertInto("tasks")
        .values({
          tenantId: canaryTenant,
          kind: "stock-import",
          title: "Test: canary",
          status: "running",
          payload: "null",
          createdBy: 3,
          createdAt: startedAt!,
          startedAt,
          heartbeatAt: null,
          claimedBy,
          dedupKey: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await eventually(async () => (await taskRow(second, canary.id)).status === "failed", 60_000);
      expect(await taskRow(second, queued.id)).toMatchObject({ status: "running", errorText: null });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  }, 150_000);
});

describe.skipIf(postgres.skipReason !== null)("the worker's wake-up, on postgres", () => {
  it("runs a task enqueued while the worker's look at the queue was finding nothing, without waiting for the next poll", async () => {
    // PostgreSQL, because its claim's answer can be held without holding a lock the enqueue
    // needs (the advisory lock only claims take); SQLite's claim holds the write lock.
    const t = await testApp("postgres", { env: { TASK_WORKER: "off" } });
    const gate = claimGate();
    const db = t.db.withPlugin(gate.plugin);
    const worker = createTaskWorker({ db, log: t.app.log, kinds: fakeKinds(), pollMs: 600_000, staleSeconds: 60, concurrency: 1 });
    try {
      await worker.start();
      // The worker's first claim has run and found nothing; its answer is on the way back.
      await gate.reached;
      const { task: queued } = await enqueueTask(db, { tenantId: 2, kind: "stock-import", title: "Test: succeed", payload: { action: "succeed" }, createdBy: 3 });
      gate.release();
      // A tenth of the poll interval, generous for a busy machine: only the wake-up can have run it.
      await eventually(async () => (await taskRow(t, queued.id)).status === "done", 60_000);
    } finally {
      gate.release();
      await worker.stop();
      await t.close();
    }
  }, 150_000);
});

/** Holds the answer of the first task claim (an UPDATE … RETURNING on tasks) until released. */
function claimGate() {
  let reached!: () => void;
  let release!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const claims = new WeakSet<object>();
  let held = false;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === "UpdateQueryNode" && node.returning) claims.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (claims.has(queryId) && !held) {
        held = true;
        reached();
        await released;
      }
      return result;
    },
  };
  return { plugin, reached: reachedPromise, release };
}

async function taskRow(t: TestApp, id: number) {
  return t.db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** How many of these tasks are done. */
async function doneTasks(t: TestApp, ids: number[]): Promise<number> {
  const rows = await t.db.selectFrom("tasks").select("id").where("id", "in", ids).where("status", "=", "done").execute();
  return rows.length;
}

async function runningTasks(t: TestApp) {
  return t.db.selectFrom("tasks").select("id").where("status", "=", "running").execute();
}
