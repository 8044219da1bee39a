/**
 * The SmartBill budget a fleet shares on PostgreSQL (server/smartbill/sharedBudget.ts): two
 * connections to one database stand for two processes, each with its own budget object, so
 * nothing but the database is shared between them. SQLite keeps the in-process limiter.
 */
import type { Kysely, KyselyPlugin } from "kysely";
import { sql } from "kysely";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDatabase } from "../../server/db/connection";
import type { Database } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { TokenRateLimiter } from "../../server/smartbill/rateLimiter";
import { budgetForToken, SHARED_BUDGET_MARGIN, SharedTokenBudget, tokenHash } from "../../server/smartbill/sharedBudget";
import { SmartBillError } from "../../server/smartbill/types";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { dialects } from "../helpers/dialects";

afterAll(removeTemporaryDatabases);

const TOKEN = "token-secret-de-test-0042";
/** Four calls per window for the fleet (six less the margin), and a short window. */
const SETTINGS = { limit: 4 + SHARED_BUDGET_MARGIN, windowMs: 1_500 };
const CALL_MS = 5_000;

const postgres = dialects.find((d) => d.dialect === "postgres")!;

describe.skipIf(postgres.skipReason !== null)("the SmartBill budget shared by a fleet, on postgres", () => {
  let first: Kysely<Database>;
  let second: Kysely<Database>;

  beforeEach(async () => {
    const url = await freshDatabaseUrl("postgres");
    first = createDatabase(url);
    await migrateToLatest(first);
    second = createDatabase(url);
  });
  afterEach(async () => {
    await Promise.all([first.destroy(), second.destroy()]);
  });

  it("grants two processes together no more than the fleet's limit in one window, and the rest once it has passed", async () => {
    const budgets = [new SharedTokenBudget(first, TOKEN, SETTINGS), new SharedTokenBudget(second, TOKEN, SETTINGS)];
    const started = Date.now();
    const granted: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const release = await budgets[i % 2].acquire(CALL_MS);
        granted.push(Date.now() - started);
        await release();
      }),
    );
    granted.sort((a, b) => a - b);
    // Every window holds at most four grants: the fifth comes a window after the first.
    for (let i = 4; i < granted.length; i++) expect(granted[i] - granted[i - 4]).toBeGreaterThanOrEqual(SETTINGS.windowMs - 50);
  });

  it("keeps a call's slot while it is in flight and for a whole window after its answer", async () => {
    const one = { limit: 1 + SHARED_BUDGET_MARGIN, windowMs: 800 };
    // A call that may take ten minutes: it counts until its answer, however slow the machine.
    const longCallMs = 10 * 60_000;
    const release = await new SharedTokenBudget(first, TOKEN, one).acquire(longCallMs);
    const reservedAt = Math.max(...(await countedUntil(first)).map((until) => until - longCallMs - one.windowMs));
    const asked = databaseTimesSeen();
    let grantedAt = 0;
    const other = new SharedTokenBudget(second.withPlugin(asked.plugin), TOKEN, one)
      .acquire(CALL_MS)
      .then((r) => {
        grantedAt = Date.now();
        return r;
      });
    // The other process has asked later than a window after the call left, and been made to wait:
    // it asks again (a granted call would not).
    await until(() => asked.times().filter((now) => now > reservedAt + one.windowMs).length >= 2);
    expect(grantedAt).toBe(0);
    const answeredAt = Date.now();
    await release();
    await (await other)();
    expect(grantedAt - answeredAt).toBeGreaterThanOrEqual(one.windowMs - 50);
  }, 60_000);

  it("refuses every process's calls at once while one of them was told of a lockout, then lets them through", async () => {
    const seen = new SharedTokenBudget(first, TOKEN, SETTINGS);
    const other = new SharedTokenBudget(second, TOKEN, SETTINGS);
    // A lockout far longer than the test, so the refusal below cannot come after its end however
    // slow the machine; its end is then brought about as the clock would, in the database.
    await seen.lock(Date.now() + 10 * 60_000);
    const refused = await other.acquire(CALL_MS).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmartBillError);
    expect((refused as SmartBillError).kind).toBe("lockout");
    await first
      .updateTable("smartbill_budget")
      .set({ lockedUntil: new Date(Date.now() - 1_000).toISOString() })
      .where("tokenHash", "=", tokenHash(TOKEN))
      .execute();
    await (await other.acquire(CALL_MS))();
  });

  it("holds no database connection while a call waits for a free slot", async () => {
    // A window far longer than the test: the call below waits until the test frees its slot.
    const one = { limit: 1 + SHARED_BUDGET_MARGIN, windowMs: 10 * 60_000 };
    const release = await new SharedTokenBudget(first, TOKEN, one).acquire(CALL_MS);
    await release();
    const asked = databaseTimesSeen();
    let granted = false;
    const waiting = new SharedTokenBudget(second.withPlugin(asked.plugin), TOKEN, one).acquire(CALL_MS).then((r) => {
      granted = true;
      return r;
    });
    // It has asked and been told to wait; between its asks (one a second) it holds nothing, so
    // three looks in a row find no connection busy. One that kept a transaction open while
    // waiting would show none but in the instant between two transactions.
    await until(() => asked.times().length > 0);
    let idleLooks = 0;
    await until(async () => {
      const { rows } = await sql<{ open: number }>`
        select count(*)::int as "open" from pg_stat_activity
        where datname = current_database() and state in ('active', 'idle in transaction') and pid <> pg_backend_pid()`.execute(first);
      idleLooks = rows[0].open === 0 ? idleLooks + 1 : 0;
      return idleLooks >= 3;
    });
    expect(granted).toBe(false);
    // The slot frees (as the window's end would): the waiter gets it at its next ask.
    await first.updateTable("smartbill_budget").set({ calls: "[]" }).where("tokenHash", "=", tokenHash(TOKEN)).execute();
    await (await waiting)();
  }, 60_000);

  it("names the token in the database only by its SHA-256", async () => {
    await (await new SharedTokenBudget(first, TOKEN, SETTINGS).acquire(CALL_MS))();
    await new SharedTokenBudget(first, TOKEN, SETTINGS).lock(Date.now() + 10);
    const rows = await first.selectFrom("smartbill_budget").selectAll().execute();
    expect(rows.map((row) => row.tokenHash)).toEqual([tokenHash(TOKEN)]);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
  });

  it("is the budget a PostgreSQL app's clients get, one per token", () => {
    const budget = budgetForToken(TOKEN, SETTINGS, first);
    expect(budget).toBeInstanceOf(SharedTokenBudget);
    expect(budgetForToken(TOKEN, SETTINGS, first)).toBe(budget);
  });
});

/** The `until` of each call the token's row counts (epoch ms, database clock). */
async function countedUntil(db: Kysely<Database>): Promise<number[]> {
  const row = await db.selectFrom("smartbill_budget").select("calls").where("tokenHash", "=", tokenHash(TOKEN)).executeTakeFirstOrThrow();
  return (JSON.parse(row.calls) as { until: number }[]).map((call) => call.until);
}

/** Notes the database clock each time a budget on this connection reads it (once per ask). */
function databaseTimesSeen() {
  const times: number[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    async transformResult({ result }) {
      const now = (result.rows[0] as { now?: unknown } | undefined)?.now;
      if (typeof now === "number") times.push(now);
      return result;
    },
  };
  return { plugin, times: () => times };
}

/** Waits for `check` to hold; the test's own timeout is the deadline. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("the SmartBill budget on sqlite", () => {
  it("stays this process's limiter: one process has nothing to share", async () => {
    const db = createDatabase(await freshDatabaseUrl("sqlite"));
    try {
      expect(budgetForToken(TOKEN, SETTINGS, db)).toBeInstanceOf(TokenRateLimiter);
    } finally {
      await db.destroy();
    }
  });
});
