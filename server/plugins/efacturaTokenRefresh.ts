/**
 * Every EFACTURA_TOKEN_REFRESH_INTERVAL_SECONDS, queues an 'efactura-token-refresh' task
 * (tasks/kinds/efacturaTokenRefresh.ts) for each tenant whose SPV access token ends within a
 * week and whose authorisation ANAF has not refused (periodicTenantTask.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { timestamp } from "../db/timestamps";
import { REFRESH_REFUSED_PROBLEM } from "../efactura/efacturaAccess";
import {
  EFACTURA_REFRESH_AHEAD_MS,
  EFACTURA_TOKEN_REFRESH_DEDUP_KEY,
  efacturaTokenRefreshMessages,
} from "../tasks/kinds/efacturaTokenRefresh";
import { periodicPlugin, queueForTenants } from "./periodicTenantTask";

/** Queues the refresh for every connection due; answers how many were queued. */
export async function scheduleEfacturaTokenRefresh(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const due = await db
    .selectFrom("efactura_connections")
    .select("tenantId")
    .where("accessExpiresAt", "<", timestamp(now + EFACTURA_REFRESH_AHEAD_MS))
    // A refused refresh token stays refused: the admin reconnects, which clears the problem. Any
    // other problem (SPV not answering a reading) is no reason to let the authorisation lapse.
    .where((eb) => eb.or([eb("problem", "is", null), eb("problem", "!=", REFRESH_REFUSED_PROBLEM)]))
    .where("refreshExpiresAt", ">", timestamp(now))
    .execute();
  return queueForTenants(
    db,
    due.map(({ tenantId }) => tenantId),
    { kind: "efactura-token-refresh", title: efacturaTokenRefreshMessages.taskTitle, dedupKey: EFACTURA_TOKEN_REFRESH_DEDUP_KEY },
  );
}

export const efacturaTokenRefreshPlugin = periodicPlugin(
  "efacturaTokenRefresh",
  (app) => app.config.efactura.tokenRefreshIntervalSeconds,
  (db) => scheduleEfacturaTokenRefresh(db),
);
