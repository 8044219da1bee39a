/**
 * The tasks table as a queue: enqueue, claim, heartbeat, finish, and the sweep that fails tasks
 * whose process is gone. Several processes may share one PostgreSQL database: each task is
 * claimed by exactly one of them (`FOR UPDATE SKIP LOCKED`), and every later write names the
 * claiming worker, so a task taken over by the sweep is never written by its old owner again.
 */
import { type Kysely, sql, type UpdateQueryBuilder, type UpdateResult } from "kysely";
import type { TaskKind } from "../../contract/api";
import { dialectOf } from "../db/connection";
import type { Database } from "../db/database";
import { timestamp, timestampIn } from "../db/timestamps";
import { messages } from "../messages";
import type { TaskCounts, TaskProgress, TaskRow } from "./types";

export interface NewTask {
  tenantId: number;
  kind: TaskKind;
  /** What the task does, shown in the tenant's task list. */
  title: string;
  /** The kind's input; stored as JSON. */
  payload: unknown;
  createdBy: number | null;
}

/** Workers of this process, per database, to wake when a task is enqueued here. */
const listeners = new WeakMap<object, Set<() => void>>();

/**
 * Adds a queued task and wakes this process's worker at once (others find it on their next
 * poll). Called with a transaction, the wake-up comes before the commit and finds nothing; the
 * next poll finds the task.
 */
export async function enqueueTask(db: Kysely<Database>, task: NewTask): Promise<TaskRow> {
  const row = await db
    .insertInto("tasks")
    .values({
      tenantId: task.tenantId,
      kind: task.kind,
      title: task.title,
      status: "queued",
      payload: JSON.stringify(task.payload ?? null),
      createdBy: task.createdBy,
      createdAt: timestamp(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const wake of listeners.get(db) ?? []) wake();
  return row;
}

/** Calls `listener` after each `enqueueTask` on this `db`; answers the unsubscribe function. */
export function onTaskEnqueued(db: Kysely<Database>, listener: () => void): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Takes the oldest queued task for `workerId`, or none. The one dialect difference of the queue:
 * PostgreSQL skips rows other processes are claiming at this moment; SQLite has no row locks and
 * one writer at a time, so an immediate transaction (the write lock from the start) does the same.
 */
export async function claimNextTask(db: Kysely<Database>, workerId: string): Promise<TaskRow | undefined> {
  const now = timestamp();
  const claim = (executor: Kysely<Database>, lock: boolean) =>
    executor
      .updateTable("tasks")
      .set({ status: "running", startedAt: now, heartbeatAt: now, claimedBy: workerId })
      .where("status", "=", "queued")
      .where("id", "=", (eb) => {
        const next = eb.selectFrom("tasks").select("id").where("status", "=", "queued").orderBy("id").limit(1);
        return lock ? next.forUpdate().skipLocked() : next;
      })
      .returningAll()
      .executeTakeFirst();

  if (dialectOf(db) === "postgres") return claim(db, true);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const task = await claim(connection, false);
      await sql`commit`.execute(connection);
      return task;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}

/** Puts a task this worker claimed but will not run (it is stopping) back in the queue. */
export async function releaseTask(db: Kysely<Database>, taskId: number, workerId: string): Promise<void> {
  await ownTask(
    db.updateTable("tasks").set({ status: "queued", startedAt: null, heartbeatAt: null, claimedBy: null }),
    taskId,
    workerId,
  ).execute();
}

/** Tells the others this worker is still running the task. */
export async function heartbeat(db: Kysely<Database>, taskId: number, workerId: string): Promise<void> {
  await ownTask(db.updateTable("tasks").set({ heartbeatAt: timestamp() }), taskId, workerId).execute();
}

export async function reportProgress(
  db: Kysely<Database>,
  taskId: number,
  workerId: string,
  update: TaskProgress,
): Promise<void> {
  const fields = withoutUndefined({ ...update, progress: clampProgress(update.progress) });
  if (Object.keys(fields).length === 0) return;
  await ownTask(db.updateTable("tasks").set({ ...fields, heartbeatAt: timestamp() }), taskId, workerId).execute();
}

export type TaskResult =
  | { status: "done"; message: string; counts: Partial<TaskCounts> }
  | { status: "failed"; errorText: string; counts: Partial<TaskCounts> };

/** Ends the task; false when this worker no longer owns it (the sweep failed it meanwhile). */
export async function finishTask(
  db: Kysely<Database>,
  taskId: number,
  workerId: string,
  result: TaskResult,
): Promise<boolean> {
  const finished = {
    ...withoutUndefined(result.counts),
    status: result.status,
    finishedAt: timestamp(),
    ...(result.status === "done"
      ? { progress: 100, message: result.message, errorText: null }
      : { errorText: result.errorText }),
  };
  const outcome = await ownTask(db.updateTable("tasks").set(finished), taskId, workerId).executeTakeFirst();
  return outcome.numUpdatedRows > 0n;
}

export interface StaleSweep {
  /** Only tasks whose last heartbeat is older than this; without it, every running task. */
  staleSeconds?: number;
  /** A live worker's own tasks are never stale. */
  exceptWorker?: string;
}

/**
 * Fails the running tasks whose process is gone, with a message asking to start them again.
 * Answers how many. Their work was done in one transaction that never committed, so nothing
 * of it is left behind.
 */
export async function failStaleTasks(db: Kysely<Database>, sweep: StaleSweep = {}): Promise<number> {
  let query = db
    .updateTable("tasks")
    .set({ status: "failed", errorText: messages.taskInterrupted, finishedAt: timestamp() })
    .where("status", "=", "running");
  if (sweep.staleSeconds !== undefined) {
    const threshold = timestampIn(-sweep.staleSeconds);
    query = query.where((eb) => eb.or([eb("heartbeatAt", "is", null), eb("heartbeatAt", "<", threshold)]));
  }
  if (sweep.exceptWorker !== undefined) {
    const worker = sweep.exceptWorker;
    query = query.where((eb) => eb.or([eb("claimedBy", "is", null), eb("claimedBy", "!=", worker)]));
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

type TaskUpdate = UpdateQueryBuilder<Database, "tasks", "tasks", UpdateResult>;

function ownTask(query: TaskUpdate, taskId: number, workerId: string): TaskUpdate {
  return query.where("id", "=", taskId).where("status", "=", "running").where("claimedBy", "=", workerId);
}

function clampProgress(progress: number | undefined): number | undefined {
  return progress === undefined ? undefined : Math.max(0, Math.min(100, Math.round(progress)));
}

function withoutUndefined<T extends object>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}
