/**
 * Every ANAF_REFRESH_INTERVAL_SECONDS, queues an 'anaf-refresh' task (tasks/kinds/anafRefresh.ts)
 * for each tenant with customers whose CUI ANAF has not answered of late (periodicTenantTask.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { anafRefreshMessages } from "../messages";
import { ANAF_REFRESH_DEDUP_KEY, cuisDue, refreshDueBefore } from "../tasks/kinds/anafRefresh";
import { periodicPlugin, queueForTenants } from "./periodicTenantTask";

/** Queues the refresh for every tenant with a CUI to read again; answers how many were queued. */
export async function scheduleAnafRefresh(db: Kysely<Database>): Promise<number> {
  const tenants = await cuisDue(db, await refreshDueBefore(db)).select("customers.tenantId").distinct().execute();
  return queueForTenants(
    db,
    tenants.map(({ tenantId }) => tenantId),
    { kind: "anaf-refresh", title: anafRefreshMessages.taskTitle, dedupKey: ANAF_REFRESH_DEDUP_KEY },
  );
}

export const anafRefreshPlugin = periodicPlugin("anafRefresh", (app) => app.config.anafRefreshIntervalSeconds, scheduleAnafRefresh);
