/**
 * Every PAYMENT_STATUS_INTERVAL_SECONDS, queues a 'payment-status' task (tasks/kinds/
 * paymentStatusRefresh.ts) for each tenant with invoices awaiting payment (periodicTenantTask.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { paymentMessages } from "../messages";
import { invoicesAwaitingPayment, PAYMENT_STATUS_DEDUP_KEY } from "../tasks/kinds/paymentStatusRefresh";
import { periodicPlugin, queueForTenants } from "./periodicTenantTask";

/** Queues the refresh for every tenant that has an invoice awaiting payment; answers how many were queued. */
export async function schedulePaymentStatusRefresh(db: Kysely<Database>): Promise<number> {
  const tenants = await invoicesAwaitingPayment(db).select("tenantId").distinct().execute();
  return queueForTenants(
    db,
    tenants.map(({ tenantId }) => tenantId),
    { kind: "payment-status", title: paymentMessages.statusTaskTitle, dedupKey: PAYMENT_STATUS_DEDUP_KEY },
  );
}

export const paymentStatusRefreshPlugin = periodicPlugin("paymentStatusRefresh", (app) => app.config.paymentStatusIntervalSeconds, schedulePaymentStatusRefresh);
