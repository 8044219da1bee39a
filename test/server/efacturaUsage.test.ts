/**
 * The fleet's daily budget of calls to ANAF (server/efactura/usage.ts), on both databases: a
 * call is counted only while the day's count is under the limit, however many reserve at once;
 * each CIF, Romanian day and operation counts apart; the clean-up removes past days.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanUp } from "../../server/maintenance/cleanUp";
import { reserveCall, usedCalls } from "../../server/efactura/usage";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

// 10:00 on 1 Sept 2026 in Bucharest (UTC+3), and 22:30 UTC that day: already 2 Sept in Romania.
const MORNING = Date.parse("2026-09-01T07:00:00Z");
const LATE = Date.parse("2026-09-01T22:30:00Z");

describeEachDialect("e-Factura's daily usage (efactura_usage)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it("reserves at most the limit even when 30 reservations race for 7 places", async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => reserveCall(t.db, "18547290", "list", 7, MORNING)));
    expect(results.filter(Boolean)).toHaveLength(7);
    expect(await usedCalls(t.db, "18547290", "list", MORNING)).toBe(7);
    expect(await reserveCall(t.db, "18547290", "list", 7, MORNING)).toBe(false);
    expect(await usedCalls(t.db, "18547290", "list", MORNING)).toBe(7);
  });

  it("counts each CIF, operation, message download and Romanian day apart", async () => {
    expect(await reserveCall(t.db, "18547290", "status", 1, MORNING)).toBe(true);
    expect(await reserveCall(t.db, "18547290", "status", 1, MORNING)).toBe(false);
    expect(await reserveCall(t.db, "99999999", "status", 1, MORNING)).toBe(true);
    expect(await reserveCall(t.db, "18547290", "download:1", 1, MORNING)).toBe(true);
    expect(await reserveCall(t.db, "18547290", "download:2", 1, MORNING)).toBe(true);
    // 22:30 UTC is the next day in Bucharest: a fresh day's budget.
    expect(await reserveCall(t.db, "18547290", "status", 1, LATE)).toBe(true);
    const days = await t.db.selectFrom("efactura_usage").select("day").where("operation", "=", "status").where("cif", "=", "18547290").orderBy("day").execute();
    expect(days.map((row) => row.day)).toEqual(["2026-09-01", "2026-09-02"]);
  });

  it("is cleaned up once the day is over (yesterday kept)", async () => {
    const removed = await cleanUp(t.db, { throttleWindowSeconds: 900, auditRetentionDays: 365 }, Date.parse("2026-09-03T10:00:00Z"));
    expect(removed?.efacturaUsage).toBeGreaterThan(0);
    const left = await t.db.selectFrom("efactura_usage").select("day").distinct().execute();
    expect(left.map((row) => row.day)).toEqual(["2026-09-02"]);
  });
});
