/**
 * Every EFACTURA_SYNC_INTERVAL_SECONDS, queues an 'efactura-sync' task (tasks/kinds/efacturaSync.ts)
 * for each tenant connected to SPV (periodicTenantTask.ts): one queued or running per tenant
 * across the fleet, under its dedupKey.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { EFACTURA_SYNC_DEDUP_KEY, efacturaSyncWords } from "../tasks/kinds/efacturaSync";
import { periodicPlugin, queueForTenants } from "./periodicTenantTask";

export const EFACTURA_SYNC_TASK = { kind: "efactura-sync", title: efacturaSyncWords.taskTitle, dedupKey: EFACTURA_SYNC_DEDUP_KEY } as const;

/** Queues the sync for every connected tenant; answers how many were queued. */
export async function scheduleEfacturaSync(db: Kysely<Database>): Promise<number> {
  const tenants = await db.selectFrom("efactura_connections").select("tenantId").execute();
  return queueForTenants(
    db,
    tenants.map(({ tenantId }) => tenantId),
    EFACTURA_SYNC_TASK,
  );
}

export const efacturaSyncPlugin = periodicPlugin("efacturaSync", (app) => app.config.efactura.syncIntervalSeconds, scheduleEfacturaSync);
