/**
 * SmartBill's budget of one token, shared by every process of a fleet on PostgreSQL: the window
 * of rateLimiter.ts kept in the token's row of `smartbill_budget` (migration 0011) instead of in
 * memory, so N processes together stay under SmartBill's 30 calls per 10 s, and a lockout one of
 * them was told about stops them all until it ends.
 *
 * A call is reserved in a short transaction that locks the token's row (`select … for update`):
 * every process sees the reservations before its own. It counts from its reservation until
 * `window` after its answer arrived, as in memory; until the answer is known it counts for the
 * longest the call may take, so a process killed mid-call costs its slot for a while and never
 * lets the fleet overspend. Times are the database's clock, the one clock every process shares.
 *
 * Waiting holds no connection: a full window is waited out in this process, then the row is asked
 * again. Waiters of one process go in the order they came (one at a time asks the database);
 * the processes' heads wake no later than MAX_WAIT_STEP_MS after a slot may have freed, with a
 * little jitter so they do not all ask at the same instant.
 */
import { createHash, randomUUID } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { dialectOf } from "../db/connection";
import type { Database } from "../db/database";
import {
  limiterForToken,
  lockoutError,
  type RateLimitSettings,
  type ReleaseSlot,
  type SmartBillRateLimiter,
} from "./rateLimiter";

/**
 * The fleet stays this many calls under SmartBill's limit: clocks, SmartBill's own way of
 * counting and a call counted as it leaves rather than as it arrives all err by a call or two.
 */
export const SHARED_BUDGET_MARGIN = 2;

/** The longest a waiter sleeps before asking again (a slot freed by another process is seen then). */
const MAX_WAIT_STEP_MS = 1_000;
const WAIT_JITTER_MS = 25;

interface CountedCall {
  id: string;
  /** Epoch ms (database clock) when the call stops counting against the window. */
  until: number;
}

type Reservation = { id: string } | { lockedUntil: number } | { waitMs: number };

export class SharedTokenBudget implements SmartBillRateLimiter {
  private readonly tokenHash: string;
  /** The last waiter of this process: the next one asks the database after it. */
  private line: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    token: string,
    readonly settings: RateLimitSettings,
  ) {
    this.tokenHash = tokenHash(token);
  }

  /** Calls the fleet allows itself per window. */
  get limit(): number {
    return Math.max(1, this.settings.limit - SHARED_BUDGET_MARGIN);
  }

  acquire(callMs: number): Promise<ReleaseSlot> {
    const turn = this.line.then(() => this.reserveWhenFree(callMs));
    this.line = turn.catch(() => undefined);
    return turn;
  }

  async lock(until: number): Promise<void> {
    await this.raise("lockedUntil", until);
  }

  async hold(until: number): Promise<void> {
    await this.raise("heldUntil", until);
  }

  private async reserveWhenFree(callMs: number): Promise<ReleaseSlot> {
    for (;;) {
      const reservation = await this.reserve(callMs);
      if ("lockedUntil" in reservation) throw lockoutError(reservation.lockedUntil);
      if ("id" in reservation) return () => this.release(reservation.id);
      const step = Math.min(MAX_WAIT_STEP_MS, Math.max(1, reservation.waitMs));
      await new Promise((resolve) => setTimeout(resolve, step + Math.floor(Math.random() * WAIT_JITTER_MS)));
    }
  }

  private reserve(callMs: number): Promise<Reservation> {
    return this.db.transaction().execute(async (trx) => {
      const { row, now } = await this.lockRow(trx);
      const lockedUntil = epochMs(row.lockedUntil);
      if (lockedUntil > now) return { lockedUntil };
      const heldUntil = epochMs(row.heldUntil);
      if (heldUntil > now) return { waitMs: heldUntil - now };
      const calls = countedCalls(row.calls, now);
      if (calls.length >= this.limit) return { waitMs: Math.min(...calls.map((call) => call.until)) - now };
      const id = randomUUID();
      calls.push({ id, until: now + callMs + this.settings.windowMs });
      await this.writeCalls(trx, calls);
      return { id };
    });
  }

  /** The call's answer arrived: it counts for one window from now. A failure here only keeps it counted longer. */
  private async release(id: string): Promise<void> {
    if (closing.has(this.db)) return;
    try {
      await this.db.transaction().execute(async (trx) => {
        const { row, now } = await this.lockRow(trx);
        const calls = countedCalls(row.calls, now).map((call) =>
          call.id === id ? { id, until: Math.min(call.until, now + this.settings.windowMs) } : call,
        );
        await this.writeCalls(trx, calls);
      });
    } catch {
      // The reservation expires on its own (its longest call plus a window).
    }
  }

  private async lockRow(trx: Transaction<Database>) {
    await trx.insertInto("smartbill_budget").values({ tokenHash: this.tokenHash }).onConflict((c) => c.doNothing()).execute();
    const row = await trx
      .selectFrom("smartbill_budget")
      .selectAll()
      .where("tokenHash", "=", this.tokenHash)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Read after the lock was granted: the wait for it is not counted as window.
    const { rows } = await sql<{ now: number }>`select (extract(epoch from clock_timestamp()) * 1000)::float8 as "now"`.execute(trx);
    return { row, now: rows[0].now };
  }

  private async writeCalls(trx: Transaction<Database>, calls: CountedCall[]): Promise<void> {
    await trx
      .updateTable("smartbill_budget")
      .set({ calls: JSON.stringify(calls) })
      .where("tokenHash", "=", this.tokenHash)
      .execute();
  }

  /** Moves a deadline later, never earlier (ISO text of fixed width compares as time does). */
  private async raise(column: "lockedUntil" | "heldUntil", until: number): Promise<void> {
    const value = new Date(until).toISOString();
    await this.db
      .insertInto("smartbill_budget")
      .values({ tokenHash: this.tokenHash, [column]: value })
      .onConflict((c) =>
        c.column("tokenHash").doUpdateSet({
          [column]: sql<string>`greatest(coalesce(${sql.ref(`smartbill_budget.${column}`)}, ''), excluded.${sql.ref(column)})`,
        }),
      )
      .execute();
  }
}

/** The name a token's row goes by: its SHA-256, so the table holds no secret. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function epochMs(iso: string | null): number {
  return iso ? Date.parse(iso) : 0;
}

function countedCalls(json: string, now: number): CountedCall[] {
  const calls = JSON.parse(json) as CountedCall[];
  return calls.filter((call) => call.until > now);
}

const sharedBudgets = new WeakMap<Kysely<Database>, Map<string, SharedTokenBudget>>();
/** Databases whose app is closing: their budgets no longer write releases (see endSharedBudgets). */
const closing = new WeakSet<Kysely<Database>>();

/**
 * The app of `db` is closing: a call cut short by the close (its connection dropped) does not
 * write its release, which would hold a connection the closing pool waits for; its reservation
 * expires on its own (its longest call plus a window), so the fleet only waits a little longer.
 */
export function endSharedBudgets(db: Kysely<Database>): void {
  closing.add(db);
}

/**
 * The token's budget: on PostgreSQL the fleet's, kept in `db`; on SQLite (one process) or
 * without a database, this process's limiter.
 */
export function budgetForToken(
  token: string,
  settings: RateLimitSettings,
  db: Kysely<Database> | undefined,
): SmartBillRateLimiter {
  if (!db || dialectOf(db) !== "postgres") return limiterForToken(token, settings);
  let budgets = sharedBudgets.get(db);
  if (!budgets) sharedBudgets.set(db, (budgets = new Map()));
  let budget = budgets.get(token);
  if (!budget) budgets.set(token, (budget = new SharedTokenBudget(db, token, settings)));
  return budget;
}
