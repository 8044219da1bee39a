/**
 * Runs the task worker (server/tasks/worker.ts) inside the API process, unless TASK_WORKER=off:
 * it starts when the app is ready (first failing the tasks a previous run left 'running') and
 * stops before the database closes, letting the running tasks wind down.
 */
import fp from "fastify-plugin";
import { TASK_KINDS } from "../tasks/registry";
import type { TaskKinds } from "../tasks/types";
import { createTaskWorker, type TaskWorker } from "../tasks/worker";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's worker, or null with TASK_WORKER=off. */
    taskWorker: TaskWorker | null;
  }
}

export interface TaskWorkerPluginOptions {
  /** The task kinds to run; the registry's by default (tests pass their own). */
  kinds?: TaskKinds;
}

export const taskWorkerPlugin = fp<TaskWorkerPluginOptions>(
  async (app, options) => {
    const { worker: enabled, pollMs, staleSeconds, concurrency } = app.config.tasks;
    const worker = enabled
      ? createTaskWorker({
          db: app.db,
          log: app.log,
          kinds: options.kinds ?? TASK_KINDS,
          pollMs,
          staleSeconds,
          concurrency,
          smartBillUrls: app.smartBillUrls,
          anaf: app.anaf,
          app,
        })
      : null;
    app.decorate("taskWorker", worker);
    if (!worker) return;
    app.addHook("onReady", () => worker.start());
    // preClose runs before every onClose hook, so before the database is closed.
    app.addHook("preClose", () => worker.stop());
  },
  { name: "taskWorker", dependencies: ["db", "smartBillUrls", "anaf", "efactura-urls"] },
);
