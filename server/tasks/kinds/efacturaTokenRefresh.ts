/**
 * The 'efactura-token-refresh' task: renews a tenant's SPV tokens before its access token ends
 * (within EFACTURA_REFRESH_AHEAD_MS), so the connection survives weeks with nobody reading SPV.
 * Scheduled by plugins/efacturaTokenRefresh.ts, one at a time per tenant across the fleet (its
 * dedupKey and the queue's claim); and the row's own hold (efacturaAccess.ts refreshConnection)
 * keeps it from racing a sync that refreshes at the same moment.
 */
import type { FastifyInstance } from "fastify";
import { refreshConnection } from "../../efactura/efacturaAccess";
import { TaskFailure, type TaskHandler } from "../types";

export const EFACTURA_TOKEN_REFRESH_DEDUP_KEY = "efactura-token-refresh";

/** Connections whose access token ends within this are renewed. */
export const EFACTURA_REFRESH_AHEAD_MS = 7 * 24 * 60 * 60 * 1000;

export const efacturaTokenRefreshMessages = {
  taskTitle: "Reînnoirea autorizării ANAF (SPV)",
  noContext: "Serverul nu poate contacta ANAF (SPV) din această sarcină.",
  refreshed: "Autorizarea ANAF (SPV) a fost reînnoită.",
  notDue: "Autorizarea ANAF (SPV) este valabilă: nu a fost nevoie de reînnoire.",
  busy: "Autorizarea ANAF (SPV) este reînnoită chiar acum de alt proces.",
  refused: "ANAF a refuzat reînnoirea: autorizarea a expirat sau a fost retrasă. Reconectați firma din 'e-Factura (SPV)'.",
  failed: "ANAF nu a putut fi contactat pentru reînnoirea autorizării; se reîncearcă la următoarea verificare.",
} as const;

export function createEfacturaTokenRefresh(aheadMs = EFACTURA_REFRESH_AHEAD_MS): TaskHandler {
  return async ({ task, app, log }) => {
    if (!app) throw new TaskFailure(efacturaTokenRefreshMessages.noContext);
    const outcome = await refreshConnection({ ...bind(app), log }, task.tenantId, aheadMs);
    if (outcome === "refused" || outcome === "failed") throw new TaskFailure(efacturaTokenRefreshMessages[outcome], { errors: 1 });
    return { message: efacturaTokenRefreshMessages[outcome], processed: 1, updated: outcome === "refreshed" ? 1 : 0 };
  };
}

/** The app's members as functions of their own (the context is the app: `this` must stay it). */
function bind(context: FastifyInstance) {
  return { db: context.db, config: context.config, efacturaUrls: () => context.efacturaUrls(), now: () => context.now() };
}
