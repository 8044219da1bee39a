/**
 * A storage that refuses writes — SQLite's disk full, PostgreSQL read-only (a standby after a
 * fail-over, or set so by its operator) — answers writes 503 with a sentence saying the service is
 * briefly unavailable, names the problem in the log, and keeps reads and the password check
 * working. SQLite's disk is made full for real: `max_page_count` at the file's current size makes
 * SQLite itself answer SQLITE_FULL to any write that needs one more page.
 */
import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { messages } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

describeEachDialect("a storage that refuses writes", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    const options = { env: { TASK_WORKER: "off" }, logger: { level: "info" as const, stream } };
    t = await testApp(dialect, options);
    superadmin = await t.signIn("superadmin@demo.ro");
    if (dialect === "sqlite") {
      // No free page left in the file, and no page more allowed: the next page any write needs fails.
      await sql`vacuum`.execute(t.db);
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.db);
      await sql.raw(`pragma max_page_count = ${rows[0].page_count}`).execute(t.db);
    } else {
      // Every new connection starts read-only; the app's connections are ended, and the test
      // goes on once every connection its pool holds is a new one (as many at once as the pool
      // has, each seeing read-only).
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
      await sql.raw(`alter database "${rows[0].name}" set default_transaction_read_only = on`).execute(t.db);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(t.db);
      await sql`select pg_terminate_backend(pg_backend_pid())`.execute(t.db).catch(() => {});
      const readOnly = () =>
        sql<{ on: string }>`select pg_sleep(0.05), current_setting('transaction_read_only') as on`.execute(t.db).then(({ rows }) => rows[0].on, () => "failed");
      for (let round = 0; round < 100; round++) {
        const seen = await Promise.all(Array.from({ length: t.config.databasePoolSize }, readOnly));
        if (seen.every((on) => on === "on")) break;
      }
    }
  });
  afterAll(() => t?.close());

  const addTenant = (i: number) =>
    t.api("POST", "/api/tenant/add", { session: superadmin, body: { name: `Firma plină ${i}`, description: "x".repeat(450) } });

  it("answers writes 503 with a Romanian sentence, never 500, and names the problem in the log", async () => {
    // Rows fill the last page first; a few more need a new one, which the storage refuses.
    let refused;
    for (let i = 0; i < 200 && !refused; i++) {
      const response = await addTenant(i);
      expect([200, 503]).toContain(response.statusCode);
      if (response.statusCode === 503) refused = response;
    }
    expect(refused, "no write was refused").toBeDefined();
    expect(refused!.json()).toEqual({ message: messages.serviceUnavailable });
    expect(refused!.headers["retry-after"]).toBe("5");
    const log = logLines.join("");
    expect(log).toContain(dialect === "sqlite" ? "request failed: disk full" : "request failed: storage read-only");
    // The rollback SQLite did by itself is not reported in place of the real error.
    expect(log).not.toContain("cannot rollback");
    expect(log).not.toContain("Eroare internă");
  });

  it("keeps reads working with a session already held", async () => {
    const tenants = await t.api("GET", "/api/tenant/list?page=0&size=5", { session: superadmin });
    expect(tenants.statusCode).toBe(200);
    const me = await t.api("GET", "/api/me", { session: superadmin });
    expect(me.statusCode).not.toBe(500);
    expect(me.statusCode).not.toBe(503);
  });

  it("still checks the password at sign-in, skipping only the counters, and answers 503 when no session can be written", async () => {
    // From here no write at all succeeds (SQLite: query_only, its own SQLITE_READONLY), so the
    // counters and the session row are refused for certain.
    if (dialect === "sqlite") await sql`pragma query_only = on`.execute(t.db);
    const wrong = await t.login("admin@demo.ro", "parola-gresita");
    expect(wrong.statusCode).toBe(401);
    const right = await t.login("admin@demo.ro");
    expect(right.statusCode).toBe(503);
    expect(right.json()).toEqual({ message: messages.serviceUnavailable });
    expect(logLines.join("")).toContain("write skipped: storage read-only");
  });
});
