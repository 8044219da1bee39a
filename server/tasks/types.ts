/**
 * What a task kind is: a function that runs one task to the end, reporting progress, and
 * either answers the outcome (the task is 'done') or throws (the task is 'failed'). The worker
 * (worker.ts) claims tasks and calls the kind named by the task's `kind`.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Selectable } from "kysely";
import type { TaskKind } from "../../contract/api";
import type { Database, TasksTable } from "../db/database";
import type { AnafClient } from "../anaf/client";
import type { SmartBillUrlPolicy } from "../smartbill/allowedUrl";
import type { EfacturaContext } from "../efactura/efacturaAccess";

export type TaskRow = Selectable<TasksTable>;

/** The counters a task reports; every one is optional in an update. */
export interface TaskCounts {
  total: number;
  processed: number;
  created: number;
  updated: number;
  errors: number;
}

export interface TaskProgress extends Partial<TaskCounts> {
  /** 0–100 */
  progress?: number;
}

export interface TaskContext {
  db: Kysely<Database>;
  task: TaskRow;
  /** The task's payload, parsed from JSON; each kind checks its own shape. */
  payload: unknown;
  /** Aborted when the server shuts down: stop as soon as possible (and change nothing). */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /**
   * Records progress where the Tasks page sees it. Not from inside a database transaction: on
   * SQLite the transaction holds the only connection, so this would wait for it forever.
   */
  progress(update: TaskProgress): Promise<void>;
  /** The addresses SmartBill may be called at (`app.smartBillUrls`); absent, none is. */
  smartBillUrls?: SmartBillUrlPolicy;
  /** The app's ANAF client (`app.anaf`); absent, a task cannot ask ANAF. */
  anaf?: AnafClient;
  /** What the e-Factura code needs of the app (the app itself); absent, a task cannot reach SPV. */
  efactura?: EfacturaContext;
}

/** A finished task's result: the message to show (Romanian) and its final counters. */
export interface TaskOutcome extends Partial<TaskCounts> {
  message: string;
}

export type TaskHandler = (context: TaskContext) => Promise<TaskOutcome>;

/** The kinds a worker runs (a test's worker may run only some; a task of another kind fails as unknown). */
export type TaskKinds = Readonly<Partial<Record<TaskKind, TaskHandler>>>;

/**
 * A failure whose message is meant for the user (Romanian): it becomes the task's `errorText`
 * as it is. Any other error becomes a generic sentence, its details going to the log only.
 */
export class TaskFailure extends Error {
  override name = "TaskFailure";

  constructor(
    message: string,
    readonly counts: Partial<TaskCounts> = {},
  ) {
    super(message);
  }
}

/** enqueueTask refused: the tenant already has `max` tasks waiting (queue.ts). */
export class TaskQueueFull extends Error {
  override name = "TaskQueueFull";

  constructor(readonly max: number) {
    super(`the tenant already has ${max} queued tasks`);
  }
}
