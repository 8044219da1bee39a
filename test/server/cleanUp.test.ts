/**
 * The periodic clean-up: rows past their window go, younger ones stay, on both dialects; on
 * PostgreSQL a process finding another one cleaning up skips its pass; the app runs it on its
 * own every CLEANUP_INTERVAL_SECONDS. Audit rows go after AUDIT_RETENTION_DAYS.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, afterEach, expect, it, vi } from "vitest";
import { TRANSACTION_LOCKS } from "../../server/db/connection";
import { timestamp, timestampIn } from "../../server/db/timestamps";
import { cleanUp, DELIVERED_MAIL_DAYS, FINISHED_TASK_DAYS } from "../../server/maintenance/cleanUp";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const DAY = 24 * 3600;
const WINDOW = 900;
const RETENTION_DAYS = 365;
const WINDOWS = { throttleWindowSeconds: WINDOW, auditRetentionDays: RETENTION_DAYS };

describeEachDialect("the clean-up", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** One row of each kind `ageSeconds` past (negative) or short of its window; answers their keys. */
  async function rows(app: TestApp, label: string, pastWindow: boolean) {
    const db = app.db;
    const sign = pastWindow ? 1 : -1;
    const sessionId = randomUUID();
    await db.insertInto("sessions").values({ id: sessionId, userId: 1, createdAt: timestamp(), revokedAt: null }).execute();
    await db
      .insertInto("refresh_tokens")
      .values({ tokenHash: `r-${label}`, sessionId, createdAt: timestamp(), expiresAt: timestampIn(-sign * 60), usedAt: null })
      .execute();
    await db
      .insertInto("password_tokens")
      .values({ tokenHash: `p-${label}`, userId: 1, kind: "reset", createdAt: timestamp(), expiresAt: timestampIn(-sign * 60), usedAt: null })
      .execute();
    await db
      .insertInto("login_failures")
      .values({ key: `account:${label}`, failures: 1, windowStartedAt: timestampIn(-WINDOW - sign * 60), lockedUntil: null })
      .execute();
    const mail = await db
      .insertInto("outbox")
      .values({ recipient: `${label}@x.ro`, subject: "s", body: "b", createdAt: timestamp(), sentAt: timestampIn(-DELIVERED_MAIL_DAYS * DAY - sign * 60) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const task = await db
      .insertInto("tasks")
      .values({
        tenantId: 2, kind: "stock-import", title: label, status: "done", payload: "null", createdBy: null,
        createdAt: timestamp(), finishedAt: timestampIn(-FINISHED_TASK_DAYS * DAY - sign * 60),
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const audit = await db
      .insertInto("audit_log")
      .values({
        createdAt: timestampIn(-RETENTION_DAYS * DAY - sign * 60), tenantId: 2, userId: 1, userEmail: "admin@demo.ro",
        action: "warehouses.create", target: "1", targetLabel: label, result: null, clientAddress: "127.0.0.1",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { mailId: mail.id, taskId: (task as { id: number }).id, auditId: audit.id };
  }

  async function remaining(app: TestApp, label: string, ids: { mailId: number; taskId: number; auditId: number }) {
    const db = app.db;
    const has = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length === 1;
    return {
      refreshToken: await has(db.selectFrom("refresh_tokens").select("tokenHash").where("tokenHash", "=", `r-${label}`)),
      passwordToken: await has(db.selectFrom("password_tokens").select("tokenHash").where("tokenHash", "=", `p-${label}`)),
      loginFailure: await has(db.selectFrom("login_failures").select("key").where("key", "=", `account:${label}`)),
      mail: await has(db.selectFrom("outbox").select("id").where("id", "=", ids.mailId)),
      task: await has(db.selectFrom("tasks").select("id").where("id", "=", ids.taskId)),
      auditRow: await has(db.selectFrom("audit_log").select("id").where("id", "=", ids.auditId)),
    };
  }

  const all = (value: boolean) => ({ refreshToken: value, passwordToken: value, loginFailure: value, mail: value, task: value, auditRow: value });

  it("removes the rows past their window and keeps the younger ones", async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    const old = await rows(t, "old", true);
    const young = await rows(t, "young", false);
    // Kept whatever their age: a counter that still locks, mail never sent, a task still queued.
    await t.db.insertInto("login_failures").values({ key: "account:locked", failures: 9, windowStartedAt: timestampIn(-10 * WINDOW), lockedUntil: timestampIn(60) }).execute();
    const unsent = await t.db.insertInto("outbox").values({ recipient: "u@x.ro", subject: "s", body: "b", createdAt: timestampIn(-90 * DAY), sentAt: null }).returning("id").executeTakeFirstOrThrow();
    const queued = await t.db.insertInto("tasks").values({ tenantId: 2, kind: "stock-import", title: "q", status: "queued", payload: "null", createdBy: null, createdAt: timestampIn(-90 * DAY) } as never).returning("id").executeTakeFirstOrThrow();

    const removed = await cleanUp(t.db, WINDOWS);
    expect(removed).toMatchObject({ refreshTokens: 1, passwordTokens: 1, loginFailures: 1, deliveredMail: 1, finishedTasks: 1, auditLog: 1 });
    expect(await remaining(t, "old", old)).toEqual(all(false));
    expect(await remaining(t, "young", young)).toEqual(all(true));
    expect(await t.db.selectFrom("login_failures").select("key").where("key", "=", "account:locked").execute()).toHaveLength(1);
    expect(await t.db.selectFrom("outbox").select("id").where("id", "=", unsent.id).execute()).toHaveLength(1);
    expect(await t.db.selectFrom("tasks").select("id").where("id", "=", (queued as { id: number }).id).execute()).toHaveLength(1);
  });

  it("removes the SmartBill budgets in which nothing counts any more, and keeps the others", async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    const now = Date.now();
    const budget = (tokenHash: string, calls: { id: string; until: number }[], lockedUntil: string | null = null) =>
      ({ tokenHash, calls: JSON.stringify(calls), lockedUntil, heldUntil: null });
    await t.db
      .insertInto("smartbill_budget")
      .values([
        budget("idle", [{ id: "a", until: now - 60_000 }]),
        budget("counting", [{ id: "b", until: now + 60_000 }]),
        budget("locked-out", [], timestampIn(600)),
      ])
      .execute();
    const removed = await cleanUp(t.db, WINDOWS);
    expect(removed).toMatchObject({ idleBudgets: 1 });
    const left = await t.db.selectFrom("smartbill_budget").select("tokenHash").orderBy("tokenHash").execute();
    expect(left.map((row) => row.tokenHash)).toEqual(["counting", "locked-out"]);
  });

  it("runs on its own every CLEANUP_INTERVAL_SECONDS", async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off", CLEANUP_INTERVAL_SECONDS: "1", LOGIN_WINDOW_SECONDS: String(WINDOW) } });
    const old = await rows(t, "old", true);
    await vi.waitFor(async () => expect(await remaining(t!, "old", old)).toEqual(all(false)), { timeout: 15_000, interval: 200 });
  });

  if (dialect === "postgres") {
    it("skips its pass while another process of the fleet is cleaning up", async () => {
      t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
      const old = await rows(t, "old", true);
      const app = t;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const other = app.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${TRANSACTION_LOCKS.cleanUp}, 0)`.execute(trx);
        locked();
        await held;
      });
      await isLocked;
      expect(await cleanUp(app.db, WINDOWS)).toBeNull();
      expect(await remaining(app, "old", old)).toEqual(all(true));
      release();
      await other;
      expect(await cleanUp(app.db, WINDOWS)).not.toBeNull();
      expect(await remaining(app, "old", old)).toEqual(all(false));
    });
  }
});
