/**
 * The in-process task worker: up to `concurrency` tasks at a time per process, each with its own
 * heartbeat and abort signal, so a task waiting on a slow SmartBill holds one slot, not the
 * process. Which task comes next, and that a tenant never has two running, is the claim's
 * business (queue.ts). The worker claims at once when this process enqueues a task or one of its
 * tasks ends, and otherwise polls the table every `pollMs`; every so often it fails the tasks of
 * processes that stopped beating (crashed, killed, restarted). At start-up on SQLite, whose file
 * only one process serves, every 'running' task is such a task.
 *
 *   const worker = createTaskWorker({ db, log, kinds: TASK_KINDS, pollMs: 500, staleSeconds: 60, concurrency: 4 });
 *   await worker.start();  …  await worker.stop();
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { TaskKind } from "../../contract/api";
import type { AnafClient } from "../anaf/client";
import type { EfacturaContext } from "../efactura/efacturaAccess";
import { dialectOf } from "../db/connection";
import { isStorageUnavailable, storageProblem } from "../db/unavailable";
import type { Database } from "../db/database";
import { messages, taskKindUnknown } from "../messages";
import type { SmartBillUrlPolicy } from "../smartbill/allowedUrl";
import { SmartBillError } from "../smartbill/types";
import {
  claimNextTask,
  failStaleTasks,
  finishTask,
  heartbeat,
  onTaskEnqueued,
  releaseTask,
  reportProgress,
  type TaskResult,
} from "./queue";
import { TaskFailure, type TaskKinds, type TaskRow } from "./types";

export interface TaskWorkerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  kinds: TaskKinds;
  /** How often to look for queued tasks when not woken (ms). */
  pollMs: number;
  /** A running task whose heartbeat is older than this belongs to a process that is gone. */
  staleSeconds: number;
  /** How many tasks run at once in this worker (≥ 1). */
  concurrency: number;
  /** How long `stop()` waits for the running tasks to wind down (ms). */
  shutdownGraceMs?: number;
  /** Unique per worker; a default names the host and process. */
  workerId?: string;
  /** Handed to every task (TaskContext.smartBillUrls). */
  smartBillUrls?: SmartBillUrlPolicy;
  /** Handed to every task (TaskContext.anaf). */
  anaf?: AnafClient;
  /** Handed to every task (TaskContext.efactura). */
  efactura?: EfacturaContext;
}

export interface TaskWorker {
  readonly workerId: string;
  /** Fails stale tasks, then starts the loop. */
  start(): Promise<void>;
  /** Stops claiming; aborts every running task and waits for them all (up to the grace period). */
  stop(): Promise<void>;
}

const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/** Heartbeats are several per stale period, and at least every 5 s. */
const heartbeatMsFor = (staleSeconds: number) => Math.min(5_000, (staleSeconds * 1000) / 4);

export function createTaskWorker(options: TaskWorkerOptions): TaskWorker {
  const { db, kinds, pollMs, staleSeconds, concurrency } = options;
  const log = options.log.child({ component: "taskWorker" });
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const heartbeatMs = heartbeatMsFor(staleSeconds);
  const sweepMs = Math.max(heartbeatMs, (staleSeconds * 1000) / 2);

  let stopped = false;
  let loop: Promise<void> | undefined;
  /** The tasks running now, by id: each one's abort controller and its end (never rejects). */
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  // An enqueue, or a task's end, can come while the loop is busy claiming (not asleep); `woken`
  // remembers it, or the next claim would wait a whole poll period.
  let woken = false;
  let interruptSleep: () => void = () => {};
  const wake = () => {
    woken = true;
    interruptSleep();
  };
  let unsubscribe: () => void = () => {};
  let lastSweep = Date.now();
  /** The database was away at the last claim. */
  let waiting = false;

  /** Runs `write`, again every poll period while the database is away, until it lands or the worker stops. */
  async function whenStored<T>(write: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await write();
      } catch (error) {
        if (stopped || !isStorageUnavailable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, 1_000)));
      }
    }
  }

  async function sweep(atStart: boolean): Promise<void> {
    // At start on SQLite no other process can be running anything: every 'running' task is
    // left over from before the restart. Otherwise only those whose heartbeat stopped.
    const all = atStart && dialectOf(db) === "sqlite";
    const failed = await failStaleTasks(db, all ? {} : { staleSeconds, exceptWorker: workerId });
    if (failed > 0) log.warn({ failed }, "tasks interrupted by a restart marked failed");
    lastSweep = Date.now();
  }

  /** Starts the task in a slot of its own; the slot frees itself (and wakes the loop) at the end. */
  function start(task: TaskRow): void {
    const controller = new AbortController();
    const beat = setInterval(() => {
      heartbeat(db, task.id, workerId).catch((error: unknown) => {
        // The database away is said once, by the loop; a beat missed then is no news.
        if (!isStorageUnavailable(error)) log.warn({ err: error, taskId: task.id }, "heartbeat failed");
      });
    }, heartbeatMs);
    const taskLog = log.child({ taskId: task.id, kind: task.kind, tenantId: task.tenantId });
    const done = (async () => {
      // What the task's row becomes: its outcome, or back to the queue when the database went
      // away under it (the task did nothing wrong; it runs again once the database is back).
      let result: TaskResult | "requeue";
      try {
        const handler = Object.hasOwn(kinds, task.kind) ? kinds[task.kind as TaskKind] : undefined;
        if (!handler) throw new TaskFailure(taskKindUnknown(task.kind));
        const outcome = await handler({
          db,
          task,
          payload: parsePayload(task.payload),
          signal: controller.signal,
          log: taskLog,
          progress: (update) => reportProgress(db, task.id, workerId, update),
          smartBillUrls: options.smartBillUrls,
          anaf: options.anaf,
          efactura: options.efactura,
        });
        const { message, ...counts } = outcome;
        result = { status: "done", message, counts };
      } catch (error) {
        if (!controller.signal.aborted && isStorageUnavailable(error)) {
          taskLog.warn({ storage: storageProblem(error) }, "task interrupted by the database; it goes back to the queue");
          result = "requeue";
        } else {
          const errorText = describeFailure(error, controller.signal.aborted);
          if (!(error instanceof TaskFailure || error instanceof SmartBillError)) {
            taskLog.error({ err: error }, "task failed");
          } else {
            taskLog.info({ errorText }, "task failed");
          }
          const counts = error instanceof TaskFailure ? error.counts : {};
          result = { status: "failed", errorText, counts };
        }
      }
      try {
        // A database that is away now may be back in seconds: the outcome is written then.
        const outcome = result;
        await whenStored<unknown>(() => (outcome === "requeue" ? releaseTask(db, task.id, workerId) : finishTask(db, task.id, workerId, outcome)));
        if (outcome !== "requeue" && outcome.status === "done") taskLog.info({ message: outcome.message }, "task done");
      } catch (error) {
        taskLog.error({ err: error }, "could not record the task's outcome");
      } finally {
        clearInterval(beat);
        running.delete(task.id);
        // A free slot, and perhaps this tenant's next task claimable now: look at once.
        wake();
      }
    })();
    running.set(task.id, { controller, done });
  }

  async function runLoop(): Promise<void> {
    while (!stopped) {
      woken = false; // the claim below sees every task enqueued or ended so far
      let task: TaskRow | undefined;
      try {
        if (Date.now() - lastSweep >= sweepMs) await sweep(false);
        if (running.size < concurrency) task = await claimNextTask(db, workerId);
        if (waiting) {
          waiting = false;
          log.warn("database back: the task worker resumes");
        }
      } catch (error) {
        if (stopped) return;
        if (!isStorageUnavailable(error)) log.error({ err: error }, "could not claim a task");
        else if (!waiting) {
          // Said once per outage; the loop keeps polling and resumes by itself.
          waiting = true;
          log.warn({ storage: storageProblem(error) }, "database unavailable: the task worker waits for it");
        }
      }
      if (stopped) {
        // Claimed while stopping: back to the queue, for the next worker to run.
        if (task) await releaseTask(db, task.id, workerId).catch((error: unknown) => log.warn({ err: error }, "could not release a task"));
        return;
      }
      if (task) {
        start(task);
        continue; // more may be waiting, and a slot may be free
      }
      if (woken) continue;
      // Asleep until a poll, an enqueue, a task's end or stop(); nothing awaits between the
      // check of `woken` and here, so none of them can slip in unnoticed.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          interruptSleep = () => {};
          resolve();
        }
        interruptSleep = done;
      });
    }
  }

  return {
    workerId,
    async start() {
      await sweep(true);
      unsubscribe = onTaskEnqueued(db, wake);
      loop = runLoop();
      log.debug({ workerId, concurrency }, "task worker started");
    },
    async stop() {
      stopped = true;
      unsubscribe();
      wake();
      const tasks = [...running.values()];
      if (tasks.length > 0) {
        for (const task of tasks) task.controller.abort();
        const grace = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
        let timer: NodeJS.Timeout | undefined;
        const settled = await Promise.race([
          Promise.all(tasks.map((task) => task.done)).then(() => true),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), grace))),
        ]);
        clearTimeout(timer);
        if (!settled) {
          // Left 'running': the next start (or another process's sweep) fails them.
          log.warn({ running: running.size }, "running tasks did not stop in time; they will be marked interrupted");
          return;
        }
      }
      await loop;
    },
  };
}

/** The task's errorText: a user-facing message as it is; anything else a generic sentence. */
function describeFailure(error: unknown, aborted: boolean): string {
  if (error instanceof TaskFailure) return error.message;
  if (aborted) return messages.taskInterrupted;
  if (error instanceof SmartBillError) return error.message;
  return messages.taskInternalError;
}

function parsePayload(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}
