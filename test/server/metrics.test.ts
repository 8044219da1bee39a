/**
 * GET /metrics: absent without METRICS_TOKEN, refused without the right Bearer token, and in
 * Prometheus's text format counting what it saw: the requests it served by route pattern, the
 * SmartBill calls by outcome, and the task queue as the tasks table holds it at the scrape.
 */
import { afterAll, afterEach, expect, it } from "vitest";
import { API_PATHS } from "../../contract/paths";
import { timestamp } from "../../server/db/timestamps";
import { messages } from "../../server/messages";
import { METRICS_PATH } from "../../server/plugins/metrics";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { EMULATOR_CONTROL, liveApp } from "../helpers/smartbillData";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const TOKEN = "metrics-token-for-the-tests";
/** SmartBill's own text when it locks a token out for 10 minutes. */
const LOCKOUT_TEXT = "Ati atins limita maxima de requesturi permise. Reincercati dupa 10 minute.";
const withToken = { env: { TASK_WORKER: "off", METRICS_TOKEN: TOKEN } };

/** The value of one series in Prometheus's text format, e.g. `tasks{status="queued"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describeEachDialect("the metrics route", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const scrape = (authorization?: string) =>
    t!.app.inject({ method: "GET", url: METRICS_PATH, headers: authorization ? { authorization } : {} });

  it("does not exist without METRICS_TOKEN", async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messages.notFound });
  });

  it("refuses a scrape without a token or with a wrong one", async () => {
    t = await testApp(dialect, withToken);
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.authenticationRequired });
      expect(res.body).not.toContain("http_request_duration_seconds");
    }
  });

  it("counts a request it served under its route pattern, never its address", async () => {
    t = await testApp(dialect, withToken);
    const { superadmin } = await signInDemoRoles(t);
    const before = await scrape(`Bearer ${TOKEN}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers["content-type"]).toContain("text/plain");
    const series = 'http_request_duration_seconds_count{method="GET",route="/api/user/role/assigned/:userId",status="200"}';
    const count = (text: string) => sample(text, series);
    const served = await t.api("GET", "/api/user/role/assigned/2", { session: superadmin });
    expect(served.statusCode, served.body).toBe(200);
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(count(after)).toBe(count(before.body) + 1);
    expect(after).not.toContain('route="/api/user/role/assigned/2"');
  });

  it("shows the tasks queued, running and failed, and the oldest queued one's age, as the table holds them", async () => {
    t = await testApp(dialect, withToken);
    const task = (status: string, createdAt: string) => ({
      tenantId: 2, kind: "stock-import", title: "t", status, payload: "null", createdBy: null, createdAt,
    });
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    await t.db
      .insertInto("tasks")
      .values([task("queued", hourAgo), task("queued", timestamp()), task("running", timestamp()), task("failed", timestamp()), task("failed", timestamp()), task("failed", timestamp()), task("done", timestamp())] as never)
      .execute();
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'tasks{status="queued"}')).toBe(2);
    expect(sample(text, 'tasks{status="running"}')).toBe(1);
    expect(sample(text, 'tasks{status="failed"}')).toBe(3);
    const age = sample(text, "tasks_oldest_queued_age_seconds");
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3600 + 600);
  });

  it("counts SmartBill calls by outcome", async () => {
    t = await liveApp(dialect, withToken);
    const { invoicing } = await signInDemoRoles(t);
    const ok = (text: string) => sample(text, 'smartbill_calls_total{outcome="ok"}');
    const before = ok((await scrape(`Bearer ${TOKEN}`)).body);
    const taxes = await t.api("GET", API_PATHS.taxes, { session: invoicing, tenantId: 2 });
    expect(taxes.statusCode, taxes.body).toBe(200);
    expect(ok((await scrape(`Bearer ${TOKEN}`)).body)).toBeGreaterThan(before);
  });

  it("counts a lockout SmartBill reported", async () => {
    t = await liveApp(dialect, withToken);
    const { invoicing } = await signInDemoRoles(t);
    const lockouts = (text: string) => sample(text, "smartbill_lockouts_total");
    const before = lockouts((await scrape(`Bearer ${TOKEN}`)).body);
    await t.app.inject({ method: "POST", url: `${EMULATOR_CONTROL}/faults`, payload: { fault: "errortext-200", status: 403, text: LOCKOUT_TEXT, path: "/tax" } });
    await t.api("GET", API_PATHS.taxes, { session: invoicing, tenantId: 2 });
    expect(lockouts((await scrape(`Bearer ${TOKEN}`)).body)).toBe(before + 1);
    await liftSmartBillBlocks(t.db);
  });
});
