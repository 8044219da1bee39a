/**
 * Every PAYMENT_STATUS_INTERVAL_SECONDS, queues a 'payment-status' task (tasks/kinds/
 * paymentStatusRefresh.ts) for each tenant with invoices awaiting payment. The task's dedupKey
 * keeps one per tenant queued or running, however many processes of a fleet schedule it. Like
 * the clean-up, the first pass comes one interval after start.
 */
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { paymentMessages } from "../messages";
import { enqueueTask } from "../tasks/queue";
import { invoicesAwaitingPayment, PAYMENT_STATUS_DEDUP_KEY } from "../tasks/kinds/paymentStatusRefresh";
import { TaskQueueFull } from "../tasks/types";

/** Queues the refresh for every tenant that has an invoice awaiting payment; answers how many were queued. */
export async function schedulePaymentStatusRefresh(db: Kysely<Database>): Promise<number> {
  const tenants = await invoicesAwaitingPayment(db).select("tenantId").distinct().execute();
  let queued = 0;
  for (const { tenantId } of tenants) {
    try {
      const { created } = await enqueueTask(db, {
        tenantId,
        kind: "payment-status",
        title: paymentMessages.statusTaskTitle,
        payload: null,
        createdBy: null,
        dedupKey: PAYMENT_STATUS_DEDUP_KEY,
      });
      if (created) queued++;
    } catch (error) {
      // A tenant whose queue is full waits for the next pass; the others still get theirs.
      if (!(error instanceof TaskQueueFull)) throw error;
    }
  }
  return queued;
}

export const paymentStatusRefreshPlugin = fp(
  async (app) => {
    const seconds = app.config.paymentStatusIntervalSeconds;
    if (seconds === 0) return;
    let running: Promise<void> | undefined;
    const pass = async () => {
      try {
        await schedulePaymentStatusRefresh(app.db);
      } catch (error) {
        app.log.error({ err: error }, "payment status refresh could not be scheduled");
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
  { name: "paymentStatusRefresh", dependencies: ["db"] },
);
