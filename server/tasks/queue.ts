/**
 * The tasks table as a queue: enqueue, claim, heartbeat, finish, and the sweep that fails tasks
 * whose process is gone. Several processes may share one PostgreSQL database: each task is
 * claimed by exactly one of them, and every later write names the claiming worker, so a task
 * taken over by the sweep is never written by its old owner again.
 *
 * The claim is fair across tenants:
 * - A tenant has at most ONE task running across the whole fleet; its tasks run one after the
 *   other. They share one SmartBill token and its 30 calls / 10 s anyway, so running two at once
 *   would not finish them sooner, only take worker slots from the other tenants.
 * - Among the tenants with a queued task and none running, the one served least recently goes
 *   first: the tenant whose latest task started earliest (never: first of all), then its oldest
 *   task (also between tenants whose latest starts fall in the same millisecond). So tenants
 *   take turns: a tenant that queues fifty tasks delays another's one task by one, not fifty.
 * Claims are serialized, so each one sees every claim before it: SQLite's immediate transaction
 * holds its only write lock; on PostgreSQL every claim first takes one transaction-scoped
 * advisory lock. Row locks (FOR UPDATE SKIP LOCKED) would not do: two processes claiming at once
 * would lock two different tasks of the same idle tenant, and each start one.
 *
 * A task may name what it works on (`dedupKey`): while one task with that key is queued or
 * running for the tenant, enqueueing another answers the existing one instead (a unique index,
 * migration 0008, so simultaneous requests cannot both insert).
 */
import { type Kysely, sql, type UpdateQueryBuilder, type UpdateResult } from "kysely";
import type { TaskKind } from "../../contract/api";
import { dialectOf, lockUntilCommit, TRANSACTION_LOCKS } from "../db/connection";
import type { Database } from "../db/database";
import { timestamp, timestampIn } from "../db/timestamps";
import { messages } from "../messages";
import { type TaskCounts, type TaskProgress, TaskQueueFull, type TaskRow } from "./types";

export interface NewTask {
  tenantId: number;
  kind: TaskKind;
  /** What the task does, shown in the tenant's task list. */
  title: string;
  /** The kind's input; stored as JSON. */
  payload: unknown;
  createdBy: number | null;
  /**
   * What the task works on, e.g. stockImportKey(warehouseId): no second task with the same key
   * is queued while one is queued or running for the tenant. Omitted: always a new task.
   */
  dedupKey?: string;
}

/** What enqueueTask did: `created` false when a queued or running task had the same dedupKey. */
export interface EnqueuedTask {
  task: TaskRow;
  created: boolean;
}

/**
 * The index predicate of tasks_active_dedupKey (migration 0008), word for word and with literal
 * values: the database matches an ON CONFLICT clause to a partial index by this predicate.
 */
const ACTIVE_DEDUP = sql<boolean>`"dedupKey" is not null and "status" in ('queued', 'running')`;

/** Workers of this process, per database, to wake when a task is enqueued here. */
const listeners = new WeakMap<object, Set<() => void>>();

/**
 * Adds a queued task and wakes this process's workers at once (others find it on their next
 * poll); or, when a queued or running task of the tenant has the same dedupKey, adds nothing and
 * answers that task. Called with a transaction, the wake-up comes before the commit and finds
 * nothing; the next poll finds the task.
 */
export async function enqueueTask(db: Kysely<Database>, task: NewTask): Promise<EnqueuedTask> {
  const insert = db.insertInto("tasks").values({
    tenantId: task.tenantId,
    kind: task.kind,
    title: task.title,
    status: "queued",
    payload: JSON.stringify(task.payload ?? null),
    createdBy: task.createdBy,
    createdAt: timestamp(),
    dedupKey: task.dedupKey ?? null,
  });
  const added = (row: TaskRow): EnqueuedTask => {
    wakeWorkers(db);
    return { task: row, created: true };
  };
  const { dedupKey } = task;
  const active = () =>
    db
      .selectFrom("tasks")
      .selectAll()
      .where("tenantId", "=", task.tenantId)
      .where("dedupKey", "=", dedupKey!)
      .where(ACTIVE_DEDUP)
      .executeTakeFirst();
  if (!(await roomInQueue(db, task.tenantId))) {
    // A full queue still answers a request for work already in it with that task.
    const existing = dedupKey === undefined ? undefined : await active();
    if (existing) return { task: existing, created: false };
    throw new TaskQueueFull(MAX_QUEUED_TASKS_PER_TENANT);
  }
  if (dedupKey === undefined) return added(await insert.returningAll().executeTakeFirstOrThrow());

  for (;;) {
    const row = await insert
      .onConflict((conflict) => conflict.columns(["tenantId", "dedupKey"]).where(ACTIVE_DEDUP).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return added(row);
    const existing = await active();
    if (existing) return { task: existing, created: false };
    // The other task ended between the two statements: its key is free again, so insert anew.
  }
}

/**
 * A tenant's queued tasks at most (running ones aside): the queue is a shared table every claim
 * reads, and one tenant creating warehouses to queue an import each must not grow it without end.
 * Checked before the insert, so simultaneous requests may pass it by a few.
 */
export const MAX_QUEUED_TASKS_PER_TENANT = 100;

/** The tenant's queue has room for one more task. */
async function roomInQueue(db: Kysely<Database>, tenantId: number): Promise<boolean> {
  const queued = await db
    .selectFrom("tasks")
    .select("id")
    .where("tenantId", "=", tenantId)
    .where("status", "=", "queued")
    .limit(MAX_QUEUED_TASKS_PER_TENANT)
    .execute();
  return queued.length < MAX_QUEUED_TASKS_PER_TENANT;
}

/**
 * Tells the workers listening on `db` that a task is queued. `enqueueTask` does it on its own;
 * a task queued within a transaction (a transaction has no listeners) is announced on the app's
 * `db` once that transaction has committed, so the worker does not look before it can see it.
 */
export function wakeWorkers(db: Kysely<Database>): void {
  for (const wake of listeners.get(db) ?? []) wake();
}

/** Calls `listener` after each `enqueueTask` on this `db`; answers the unsubscribe function. */
export function onTaskEnqueued(db: Kysely<Database>, listener: () => void): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Takes the next queued task for `workerId` by the fair rule (header), or none. The dialects
 * differ only in how claims are serialized. PostgreSQL takes the advisory lock in a statement of
 * its own, before the claim, so the claim's snapshot (taken when its UPDATE starts) includes
 * every claim that held the lock before; SQLite's immediate transaction takes the one write lock
 * from the start.
 */
export async function claimNextTask(db: Kysely<Database>, workerId: string): Promise<TaskRow | undefined> {
  const claim = (executor: Kysely<Database>) => {
    // Taken once claims are serialized: a task of the tenant that ended while this claim waited
    // for the lock must not seem to have ended after this one started.
    const now = timestamp();
    return executor
      .updateTable("tasks")
      .set({ status: "running", startedAt: now, heartbeatAt: now, claimedBy: workerId })
      .where("status", "=", "queued")
      .where("id", "=", nextFairTask(executor))
      .returningAll()
      .executeTakeFirst();
  };

  if (dialectOf(db) === "postgres") {
    return db.transaction().execute(async (trx) => {
      await lockUntilCommit(trx, TRANSACTION_LOCKS.taskClaim, 0);
      return claim(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const task = await claim(connection);
      await sql`commit`.execute(connection);
      return task;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}

/**
 * The id of the task the fair rule (header) picks: a queued task of a tenant with none running,
 * the tenant whose latest task started earliest (or never) first, then the oldest task.
 */
function nextFairTask(db: Kysely<Database>) {
  return db
    .selectFrom("tasks as candidate")
    .select("candidate.id")
    .where("candidate.status", "=", "queued")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("tasks as running")
            .select("running.id")
            .whereRef("running.tenantId", "=", "candidate.tenantId")
            .where("running.status", "=", "running"),
        ),
      ),
    )
    .orderBy(
      (eb) =>
        eb
          .selectFrom("tasks as served")
          .select((served) => served.fn.max("served.startedAt").as("lastStartedAt"))
          .whereRef("served.tenantId", "=", "candidate.tenantId"),
      (order) => order.asc().nullsFirst(),
    )
    .orderBy("candidate.id")
    .limit(1);
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
