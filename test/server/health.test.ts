/**
 * The load balancer's probes: /health/live answers while the process runs; /health/ready answers
 * 200 only with the database answering, every migration applied and the process not draining.
 * Both without a token, with the security headers, and without an info log line per probe.
 */
import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterAll, afterEach, expect, it } from "vitest";
import { migrations } from "../../server/db/migrations/index";
import { HEALTH_PATHS } from "../../server/plugins/health";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

describeEachDialect("the health probes", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("answers live and ready without a token, with the security headers", async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    for (const [url, status] of [[HEALTH_PATHS.live, "live"], [HEALTH_PATHS.ready, "ready"]] as const) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
  });

  it("answers ready 503 once the process drains, while live still answers", async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    t.app.startDraining();
    const ready = await t.app.inject({ method: "GET", url: HEALTH_PATHS.ready });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "not-ready", problem: "draining" });
    expect(ready.headers["x-content-type-options"]).toBe("nosniff");
    expect((await t.app.inject({ method: "GET", url: HEALTH_PATHS.live })).statusCode).toBe(200);
  });

  it("answers ready 503 when the database lacks a migration this code knows", async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    const latest = Object.keys(migrations).sort().at(-1)!;
    await sql`delete from "kysely_migration" where "name" = ${latest}`.execute(t.db);
    const ready = await t.app.inject({ method: "GET", url: HEALTH_PATHS.ready });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "not-ready", problem: "migrations" });
  });

  it("answers ready 503 when the database does not answer", async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    await t.db.destroy();
    const ready = await t.app.inject({ method: "GET", url: HEALTH_PATHS.ready });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "not-ready", problem: "database" });
    t = undefined; // its database is closed already; closing the app would close it again
  });

  it("writes no info log line for a probe, while other requests are logged", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    });
    t = await testApp(dialect, { env: { TASK_WORKER: "off" }, logger: { level: "info", stream } });
    await t.app.inject({ method: "GET", url: HEALTH_PATHS.live });
    await t.app.inject({ method: "GET", url: HEALTH_PATHS.ready });
    await t.app.inject({ method: "GET", url: "/dmz-api/nowhere" });
    type Entry = { req?: { url?: string; method?: string }; res?: { statusCode?: number }; responseTime?: number };
    const entries = lines.map((line) => JSON.parse(line) as Entry);
    const urls = entries.map((entry) => entry.req?.url);
    expect(urls.filter((url) => url?.startsWith("/health"))).toEqual([]);
    // One line per request, written when it was answered: what was asked, the answer, how long.
    const logged = entries.filter((entry) => entry.req?.url === "/dmz-api/nowhere");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ req: { method: "GET" }, res: { statusCode: 404 }, responseTime: expect.any(Number) });
  });
});
