/**
 * Slows down password guessing. Login attempts are counted per account (the email typed, known
 * or not, so the answer does not reveal which accounts exist) and per client address, before the
 * password is checked; a successful one is then given back (takeAttempt, attemptSucceeded), so
 * what stays counted are the failures. When a counter reaches its limit within the window, that
 * key is locked for the window's length, and every login on it is refused with 429, even with the
 * right password. The counters live in the database so several API processes share them.
 *
 * A browser that has signed in to the account before (a device cookie, deviceCookies.ts) is
 * counted apart instead: under its own key, with the account's limit and no address counter, and
 * its success clears only its own counter. So strangers' wrong passwords, which lock the account
 * for strangers, never lock its owner's known browser out, and the owner's sign-ins do not hand
 * the strangers fresh guesses.
 *
 * Set/reset links used (POST /dmz-api/set, /reset) are counted per client address, before the
 * token is looked at, under a key of their own (`password-link-address:`).
 *
 * Reset-link requests (POST /dmz-api/recover) are limited the same way, in the same table under
 * keys of their own (`recover-account:`, `recover-address:`), so they neither lock nor unlock
 * logins: there every request counts, since each one can send a mail.
 *
 * Wrong current passwords on change-password are counted per account only (`password-change:`
 * and the user's id): the caller is signed in, so a stolen session cannot be used to guess the
 * account's password online, whatever address it comes from.
 */
import type { Kysely } from "kysely";
import type { LoginThrottleConfig, PasswordChangeThrottleConfig, RecoverThrottleConfig } from "../config";
import type { Database } from "../db/database";
import { timestamp, timestampIn, timestampMs } from "../db/timestamps";

export interface ThrottleKeys {
  account: string;
  /** Absent where only the account is counted (change-password). */
  address?: string;
}

export function throttleKeys(email: string, address: string): ThrottleKeys {
  return { account: `account:${email}`, address: `address:${address}` };
}

/** A known browser's sign-ins to the account its device cookie names (deviceCookies.ts). */
export function deviceThrottleKeys(deviceId: string): ThrottleKeys {
  return { account: `device:${deviceId}` };
}

export function recoverThrottleKeys(email: string, address: string): ThrottleKeys {
  return { account: `recover-account:${email}`, address: `recover-address:${address}` };
}

export function passwordChangeThrottleKeys(userId: number): ThrottleKeys {
  return { account: `password-change:${userId}` };
}

/** Milliseconds until the latest of the keys' locks ends; 0 when none is locked. */
async function lockRemainingMs(db: Kysely<Database>, keys: readonly string[]): Promise<number> {
  const now = Date.now();
  const rows = await db
    .selectFrom("login_failures")
    .select("lockedUntil")
    .where("key", "in", keys)
    .where("lockedUntil", ">", timestamp(now))
    .execute();
  // Measured from after the query: while this request waited for a connection, a later one may
  // have set the lock, and the time left must never exceed the window.
  const answeredAt = Date.now();
  return Math.max(0, ...rows.map((row) => timestampMs(row.lockedUntil!) - answeredAt));
}

/**
 * Counts one attempt on each key BEFORE what it guards is checked, and answers 0 when the attempt
 * may go on, or the milliseconds until the lock that refuses it ends. Counting first is what holds
 * the limit under concurrency: forty guesses sent at once each take a number, and only those
 * within the limit are checked at all (counting after the check let all forty through, since none
 * had failed yet when each looked at the lock). The limit's own attempt is still checked; it sets
 * the lock for the window's length.
 */
export async function takeAttempt(db: Kysely<Database>, counters: readonly Counter[], windowSeconds: number): Promise<number> {
  const locked = await lockRemainingMs(db, counters.map((counter) => counter.key));
  if (locked > 0) return locked;
  let refusedFor = 0;
  for (const { key, max } of counters) {
    const { failures, lockedUntil } = await count(db, key, max, windowSeconds);
    if (failures > max) refusedFor = Math.max(refusedFor, lockedUntil ? timestampMs(lockedUntil) - Date.now() : windowSeconds * 1000, 1);
  }
  return refusedFor;
}

/** One counter of an attempt: its key and the attempts allowed on it within the window. */
export interface Counter {
  key: string;
  max: number;
}

export function loginCounters(keys: ThrottleKeys, limits: LoginThrottleConfig): Counter[] {
  return counters(keys, limits.maxFailuresPerAccount, limits.maxFailuresPerAddress);
}

/** Reset-link requests: every request counts, a success as much as a failure (each may send a mail). */
export function recoverCounters(keys: ThrottleKeys, limits: RecoverThrottleConfig): Counter[] {
  return counters(keys, limits.maxRequestsPerAccount, limits.maxRequestsPerAddress);
}

/**
 * Set/reset links used from one client address (POST /dmz-api/set and /reset together): a wrong or
 * spent link counts, a link that sets the password is given back. Only the address is counted: a
 * per-email lock would let anyone who knows an address spoil its owner's link, and a link's token
 * is far too long to guess, so what the count bounds is the work one client can cause.
 */
export function passwordLinkCounter(address: string, limits: LoginThrottleConfig): Counter {
  return { key: `password-link-address:${address}`, max: limits.maxFailuresPerAddress };
}

export function passwordChangeCounters(keys: ThrottleKeys, limits: PasswordChangeThrottleConfig): Counter[] {
  return [{ key: keys.account, max: limits.maxFailuresPerAccount }];
}

function counters(keys: ThrottleKeys, perAccount: number, perAddress: number): Counter[] {
  const list = [{ key: keys.account, max: perAccount }];
  if (keys.address !== undefined) list.push({ key: keys.address, max: perAddress });
  return list;
}

/**
 * The attempt succeeded: it was not a failure after all. The account starts afresh; the address
 * gets its attempt back but keeps its failures, or one attacker-owned account could be used to
 * reset the address's count between guesses at other accounts.
 */
export async function attemptSucceeded(db: Kysely<Database>, keys: ThrottleKeys, limits: LoginThrottleConfig): Promise<void> {
  await clearAccountFailures(db, keys);
  if (keys.address === undefined) return;
  await giveBackAttempt(db, { key: keys.address, max: limits.maxFailuresPerAddress });
}

/** One attempt on the counter was not a failure: its count goes down by one, the rest stays. */
export async function giveBackAttempt(db: Kysely<Database>, { key, max }: Counter): Promise<void> {
  await db
    .updateTable("login_failures")
    .set((eb) => ({
      failures: eb("failures", "-", 1),
      // The lock this very attempt set, by being the limit's, is lifted with it.
      lockedUntil: eb.case().when("failures", "<=", max).then(eb.val<string | null>(null)).else(eb.ref("lockedUntil")).end(),
    }))
    .where("key", "=", key)
    .where("failures", ">", 0)
    .execute();
}

/** The account starts afresh (a successful login or password change, or a password set by link). */
export async function clearAccountFailures(db: Kysely<Database>, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom("login_failures").where("key", "=", keys.account).execute();
}

/**
 * One atomic upsert, so concurrent attempts from several processes are all counted: a new
 * window starts when the current one is over, and the lock is set when the limit is reached.
 * Answers the count and the lock after it. (The column is named `failures`: it counts attempts
 * not yet known to have succeeded.)
 */
async function count(
  db: Kysely<Database>,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<{ failures: number; lockedUntil: string | null }> {
  const now = Date.now();
  const nowText = timestamp(now);
  const lockUntil = timestampIn(windowSeconds, now);
  const windowStartCutoff = timestampIn(-windowSeconds, now);
  const row = await db
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
            // Only the limit's own attempt sets the lock: later ones, refused, do not extend it.
            .when(failures, "=", max)
            .then(eb.val<string | null>(lockUntil))
            .when(windowOver)
            .then(eb.val<string | null>(null))
            .else(eb.ref("login_failures.lockedUntil"))
            .end(),
        };
      }),
    )
    .returning(["failures", "lockedUntil"])
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), lockedUntil: row.lockedUntil };
}
