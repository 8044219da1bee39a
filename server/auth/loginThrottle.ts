/**
 * Slows down password guessing. Failed logins are counted per account (the email typed, known
 * or not, so the answer does not reveal which accounts exist) and per client address. When a
 * counter reaches its limit within the window, that key is locked for the window's length, and
 * every login on it is refused with 429, even with the right password. The counters live in the
 * database so several API processes share them.
 *
 * Reset-link requests (POST /dmz-api/recover) are limited the same way, in the same table under
 * keys of their own (`recover-account:`, `recover-address:`), so they neither lock nor unlock
 * logins: there every request counts, since each one can send a mail.
 */
import type { Kysely } from "kysely";
import type { LoginThrottleConfig, RecoverThrottleConfig } from "../config";
import type { Database } from "../db/database";
import { timestamp, timestampIn, timestampMs } from "../db/timestamps";

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(email: string, address: string): ThrottleKeys {
  return { account: `account:${email}`, address: `address:${address}` };
}

export function recoverThrottleKeys(email: string, address: string): ThrottleKeys {
  return { account: `recover-account:${email}`, address: `recover-address:${address}` };
}

/** Milliseconds until the later of the two locks ends; 0 when neither key is locked. */
export async function lockRemainingMs(db: Kysely<Database>, keys: ThrottleKeys): Promise<number> {
  const now = Date.now();
  const rows = await db
    .selectFrom("login_failures")
    .select("lockedUntil")
    .where("key", "in", [keys.account, keys.address])
    .where("lockedUntil", ">", timestamp(now))
    .execute();
  return Math.max(0, ...rows.map((row) => timestampMs(row.lockedUntil!) - now));
}

export async function recordLoginFailure(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  limits: LoginThrottleConfig,
): Promise<void> {
  await count(db, keys.account, limits.maxFailuresPerAccount, limits.windowSeconds);
  await count(db, keys.address, limits.maxFailuresPerAddress, limits.windowSeconds);
}

/** Counts one reset-link request, for an unknown email exactly as for a known one. */
export async function recordRecoverRequest(
  db: Kysely<Database>,
  keys: ThrottleKeys,
  limits: RecoverThrottleConfig,
): Promise<void> {
  await count(db, keys.account, limits.maxRequestsPerAccount, limits.windowSeconds);
  await count(db, keys.address, limits.maxRequestsPerAddress, limits.windowSeconds);
}

/** After a successful login the account starts afresh; the address counter is kept on purpose,
 * or one attacker-owned account could be used to reset it between guesses at other accounts. */
export async function clearAccountFailures(db: Kysely<Database>, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom("login_failures").where("key", "=", keys.account).execute();
}

/**
 * One atomic upsert, so concurrent events from several processes are all counted: a new
 * window starts when the current one is over, and the lock is set when the limit is reached.
 * (The column is named `failures`; for recover keys it counts requests.)
 */
async function count(
  db: Kysely<Database>,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<void> {
  const now = Date.now();
  const nowText = timestamp(now);
  const lockUntil = timestampIn(windowSeconds, now);
  const windowStartCutoff = timestampIn(-windowSeconds, now);
  await db
    .insertInto("login_failures")
    .values({
      key,
      failures: 1,
      windowStartedAt: nowText,
      lockedUntil: max <= 1 ? lockUntil : null,
    })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => {
        const windowOver = eb("login_failures.windowStartedAt", "<=", windowStartCutoff);
        const failures = eb
          .case()
          .when(windowOver)
          .then(eb.val(1))
          .else(eb("login_failures.failures", "+", 1))
          .end();
        return {
          failures,
          windowStartedAt: eb
            .case()
            .when(windowOver)
            .then(eb.val(nowText))
            .else(eb.ref("login_failures.windowStartedAt"))
            .end(),
          lockedUntil: eb
            .case()
            .when(failures, ">=", max)
            .then(eb.val<string | null>(lockUntil))
            .when(windowOver)
            .then(eb.val<string | null>(null))
            .else(eb.ref("login_failures.lockedUntil"))
            .end(),
        };
      }),
    )
    .execute();
}
