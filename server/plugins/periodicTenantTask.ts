/**
 * A task the server queues on its own, now and then, for every tenant that has work for it (the
 * payment-status refresh, ANAF's re-reading of customers). Each pass queues one task per such
 * tenant under the kind's dedupKey, so one is queued or running per tenant however many processes
 * of a fleet schedule it, and the queue gives each to one worker. The first pass comes one interval
 * after start (so never within a test that does not schedule it itself); `0` seconds turns it off.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { TaskKind } from "../../contract/api";
import type { Database } from "../db/database";
import { enqueueTask } from "../tasks/queue";
import { TaskQueueFull } from "../tasks/types";

export interface PeriodicTenantTask {
  kind: TaskKind;
  title: string;
  dedupKey: string;
}

/** Queues the task for each of these tenants; answers how many were queued (not already there). */
export async function queueForTenants(db: Kysely<Database>, tenantIds: readonly number[], task: PeriodicTenantTask): Promise<number> {
  let queued = 0;
  for (const tenantId of tenantIds) {
    try {
      const { created } = await enqueueTask(db, { tenantId, ...task, payload: null, createdBy: null });
      if (created) queued++;
    } catch (error) {
      // A tenant whose queue is full waits for the next pass; the others still get theirs.
      if (!(error instanceof TaskQueueFull)) throw error;
    }
  }
  return queued;
}

/** The plugin that runs `schedule` every `intervalSeconds(app)` seconds, one pass at a time, and waits for it on close. */
export function periodicPlugin(name: string, intervalSeconds: (app: FastifyInstance) => number, schedule: (db: Kysely<Database>) => Promise<unknown>) {
  return fp(
    async (app) => {
      const seconds = intervalSeconds(app);
      if (seconds === 0) return;
      let running: Promise<void> | undefined;
      const pass = async () => {
        try {
          await schedule(app.db);
        } catch (error) {
          app.log.error({ err: error }, `${name} could not be scheduled`);
        }
      };
      let timer: NodeJS.Timeout | undefined;
      app.addHook("onReady", async () => {
        timer = setInterval(() => {
          running ??= pass().finally(() => (running = undefined));
        }, seconds * 1000);
        timer.unref();
      });
      app.addHook("preClose", async () => {
        clearInterval(timer);
        await running;
      });
    },
    { name, dependencies: ["db"] },
  );
}
