/**
 * PostgreSQL's connections go to the oldest request first (db/oldestRequestFirst.ts), on a real
 * pool; and the app (on PostgreSQL) runs each request's handling, body and all, as arrived when it did.
 */
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { asArrivedAt, currentArrival, oldestRequestFirst } from "../../server/db/oldestRequestFirst";
import { BODY_LIMITS } from "../../server/bodyLimits";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { dialects } from "../helpers/dialects";
import { testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const postgres = dialects.find(({ dialect }) => dialect === "postgres")!;

it.skipIf(postgres.skipReason !== null)("hands a freed connection to the ask of the oldest request, not the first asked", async () => {
  const pool = new pg.Pool({ connectionString: await freshDatabaseUrl("postgres"), max: 1 });
  const queue = oldestRequestFirst(pool, 1);
  try {
    const held = await queue.connect();
    const served: string[] = [];
    const ask = (name: string, arrivedAt?: number) => {
      const connect = () =>
        queue.connect().then(async (client) => {
          await client.query("select 1");
          served.push(name);
          client.release();
        });
      return arrivedAt === undefined ? connect() : asArrivedAt(arrivedAt, connect);
    };
    // Asked in this order while the one connection is out; a request's later query (arrived at
    // 100) and a task's (no request: arrives when it asks, now) go ahead of newer requests.
    const now = performance.now();
    const asks = [ask("new request", now + 60_000), ask("task"), ask("old request", now - 60_000), ask("newer request", now + 120_000)];
    held.release();
    await Promise.all(asks);
    expect(served).toEqual(["old request", "task", "new request", "newer request"]);
    // Every slot came back: as many connections as the size can be out again at once.
    const again = await Promise.all([queue.connect()]);
    for (const client of again) client.release();
  } finally {
    await queue.end();
  }
});

it.skipIf(postgres.skipReason !== null)("runs a request's handling as arrived when it did, after its body is read too", async () => {
  const t = await testApp("postgres", {
    plugin: async (app) => {
      // A body of many chunks, as an invoice of 400 lines is.
      app.post("/test/arrival", { bodyLimit: BODY_LIMITS.invoice }, async (request) => ({ seen: currentArrival(), arrivedAt: request.arrivedAt }));
      app.get("/test/arrival", async (request) => ({ seen: currentArrival(), arrivedAt: request.arrivedAt }));
    },
  });
  try {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const before = performance.now();
    // Over a real connection: the body's chunks arrive as the socket's events, outside the request's.
    const body = JSON.stringify({ filler: "x".repeat(200_000) });
    for (const response of [
      await fetch(`${origin}/test/arrival`, { method: "POST", headers: { "content-type": "application/json" }, body }),
      await fetch(`${origin}/test/arrival`),
    ]) {
      const { seen, arrivedAt } = (await response.json()) as { seen: number; arrivedAt: number };
      expect(arrivedAt).toBeGreaterThanOrEqual(before);
      expect(seen).toBe(arrivedAt);
    }
    expect(currentArrival()).toBeUndefined();
  } finally {
    await t.close();
  }
});
