/**
 * Removes what no longer serves anyone, each after its window:
 * - refresh tokens and password (set/reset) tokens past their expiry: refused anyway;
 * - throttling counters (login failures, reset requests) whose window has passed and that lock
 *   nothing: a fresh counter counts the same;
 * - e-mails sent more than DELIVERED_MAIL_DAYS ago (unsent ones stay: they are what went wrong);
 * - tasks done or failed more than FINISHED_TASK_DAYS ago;
 * - audit log rows older than AUDIT_RETENTION_DAYS;
 * - e-Factura's daily usage counters (efactura_usage) of days before yesterday: ANAF's day is over;
 * - SmartBill budgets (PostgreSQL's shared one) of tokens with no call counting, no lockout and
 *   no hold left: a token used again starts a fresh row, which counts the same.
 * In a fleet one process at a time does it: on PostgreSQL the pass holds a transaction-wide
 * advisory lock it only tries to take, so a process finding it taken skips this round instead of
 * repeating the same deletes behind the other.
 */
import type { Kysely } from "kysely";
import { TRANSACTION_LOCKS, tryLockUntilCommit } from "../db/connection";
import type { Database } from "../db/database";
import { timestamp, timestampIn } from "../db/timestamps";
import { removeOldUsage } from "../efactura/usage";

export const DELIVERED_MAIL_DAYS = 30;
export const FINISHED_TASK_DAYS = 30;
const DAY_SECONDS = 24 * 3600;

export interface CleanUpWindows {
  /** The throttling window (LOGIN_WINDOW_SECONDS): a counter older than this counts nothing. */
  throttleWindowSeconds: number;
  /** AUDIT_RETENTION_DAYS: an audit row older than this goes. */
  auditRetentionDays: number;
}

/** Rows removed per table; null when another process of the fleet was cleaning up. */
export type CleanUpResult = Record<
  "refreshTokens" | "passwordTokens" | "loginFailures" | "deliveredMail" | "finishedTasks" | "idleBudgets" | "auditLog" | "efacturaUsage",
  number
> | null;

export async function cleanUp(db: Kysely<Database>, windows: CleanUpWindows, now = Date.now()): Promise<CleanUpResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await tryLockUntilCommit(trx, TRANSACTION_LOCKS.cleanUp, 0))) return null;
    const current = timestamp(now);
    const removed = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) =>
      Number((await query.executeTakeFirst()).numDeletedRows);
    return {
      refreshTokens: await removed(trx.deleteFrom("refresh_tokens").where("expiresAt", "<", current)),
      passwordTokens: await removed(trx.deleteFrom("password_tokens").where("expiresAt", "<", current)),
      loginFailures: await removed(
        trx
          .deleteFrom("login_failures")
          .where("windowStartedAt", "<", timestampIn(-windows.throttleWindowSeconds, now))
          .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", current)])),
      ),
      deliveredMail: await removed(
        trx.deleteFrom("outbox").where("sentAt", "<", timestampIn(-DELIVERED_MAIL_DAYS * DAY_SECONDS, now)),
      ),
      finishedTasks: await removed(
        trx
          .deleteFrom("tasks")
          .where("status", "in", ["done", "failed"])
          .where("finishedAt", "<", timestampIn(-FINISHED_TASK_DAYS * DAY_SECONDS, now)),
      ),
      idleBudgets: await removeIdleBudgets(trx, now),
      efacturaUsage: await removeOldUsage(trx, now),
      auditLog: await removed(
        trx.deleteFrom("audit_log").where("createdAt", "<", timestampIn(-windows.auditRetentionDays * DAY_SECONDS, now)),
      ),
    };
  });
}

/**
 * Budget rows in which nothing counts any more. Each is deleted only as it was read (the same
 * calls): a process reserving a call meanwhile changed it, and it stays.
 */
async function removeIdleBudgets(trx: Kysely<Database>, now: number): Promise<number> {
  const rows = await trx.selectFrom("smartbill_budget").select(["tokenHash", "calls", "lockedUntil", "heldUntil"]).execute();
  const ended = (until: string | null) => !until || Date.parse(until) < now;
  let removed = 0;
  for (const row of rows) {
    const calls = JSON.parse(row.calls) as { until: number }[];
    if (!ended(row.lockedUntil) || !ended(row.heldUntil) || calls.some((call) => call.until >= now)) continue;
    const result = await trx
      .deleteFrom("smartbill_budget")
      .where("tokenHash", "=", row.tokenHash)
      .where("calls", "=", row.calls)
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}
