/**
 * Every ANAF_REFRESH_INTERVAL_SECONDS, queues an 'anaf-refresh' task (tasks/kinds/anafRefresh.ts)
 * for each tenant with customers whose CUI ANAF has not answered of late. The task's dedupKey
 * keeps one per tenant queued or running, however many processes of a fleet schedule it, and the
 * queue gives each to one worker. Like the payment-status refresh, the first pass comes one
 * interval after start (so never within a test that does not call scheduleAnafRefresh itself).
 */
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { anafRefreshMessages } from "../messages";
import { ANAF_REFRESH_DEDUP_KEY, cuisDue, refreshDueBefore } from "../tasks/kinds/anafRefresh";
import { enqueueTask } from "../tasks/queue";
import { TaskQueueFull } from "../tasks/types";

/** Queues the refresh for every tenant with a CUI to read again; answers how many were queued. */
export async function scheduleAnafRefresh(db: Kysely<Database>): Promise<number> {
  const tenants = await cuisDue(db, await refreshDueBefore(db)).select("customers.tenantId").distinct().execute();
  let queued = 0;
  for (const { tenantId } of tenants) {
    try {
      const { created } = await enqueueTask(db, {
        tenantId,
        kind: "anaf-refresh",
        title: anafRefreshMessages.taskTitle,
        payload: null,
        createdBy: null,
        dedupKey: ANAF_REFRESH_DEDUP_KEY,
      });
      if (created) queued++;
    } catch (error) {
      // A tenant whose queue is full waits for the next pass; the others still get theirs.
      if (!(error instanceof TaskQueueFull)) throw error;
    }
  }
  return queued;
}

export const anafRefreshPlugin = fp(
  async (app) => {
    const seconds = app.config.anafRefreshIntervalSeconds;
    if (seconds === 0) return;
    let running: Promise<void> | undefined;
    const pass = async () => {
      try {
        await scheduleAnafRefresh(app.db);
      } catch (error) {
        app.log.error({ err: error }, "ANAF refresh could not be scheduled");
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
  { name: "anafRefresh", dependencies: ["db"] },
);
