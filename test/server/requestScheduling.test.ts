/**
 * Request scheduling is one plugin (server/plugins/requestScheduling.ts): registered before
 * another app-wide plugin, it notes a request's arrival before that plugin's hooks run, and makes
 * them wait for the request's turn; on PostgreSQL the handling runs as arrived (the pool's
 * oldest-request-first order), on SQLite there is no such context. app.ts registers it first and
 * schedules nothing itself.
 */
import { readFileSync } from "node:fs";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../server/config";
import { currentArrival } from "../../server/db/oldestRequestFirst";
import { requestSchedulingPlugin } from "../../server/plugins/requestScheduling";
import { REQUESTS_PER_TURN } from "../../server/turns";

interface Seen {
  /** `request.arrivedAt` as the later plugin's onRequest hook saw it. */
  arrivedAt: number;
  /** The turn of the event loop the later hook ran in. */
  turn: number;
}

let turn = 0;
let counting = false;
function tick() {
  turn++;
  if (counting) setImmediate(tick);
}

/** The plugin, then an app-wide plugin of the kind app.ts registers after it (security headers, auth). */
function scheduledApp(databaseUrl: string, seen: Seen[]): FastifyInstance {
  const app = Fastify();
  app.decorate("config", { databaseUrl } as Config);
  app.register(requestSchedulingPlugin);
  app.register(
    fp(async (later) => {
      later.addHook("onRequest", async (request) => {
        seen.push({ arrivedAt: request.arrivedAt, turn });
      });
    }),
  );
  app.get("/arrival", async (request) => ({ arrivedAt: request.arrivedAt, context: currentArrival() ?? null }));
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  counting = false;
  await app?.close();
  app = undefined;
});

describe("the request scheduling plugin", () => {
  it("notes the arrival before a later plugin's hook runs, and that hook runs in the request's turn", async () => {
    const seen: Seen[] = [];
    app = scheduledApp("sqlite:unused.db", seen);
    await app.ready();
    const before = performance.now();
    counting = true;
    setImmediate(tick);
    const answers = await Promise.all(Array.from({ length: 5 * REQUESTS_PER_TURN }, () => app!.inject({ method: "GET", url: "/arrival" })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5 * REQUESTS_PER_TURN).fill(200));
    expect(seen).toHaveLength(5 * REQUESTS_PER_TURN);
    for (const { arrivedAt } of seen) expect(arrivedAt).toBeGreaterThanOrEqual(before);
    const perTurn = new Map<number, number>();
    for (const { turn: at } of seen) perTurn.set(at, (perTurn.get(at) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(REQUESTS_PER_TURN);
  });

  it("runs a request's handling as arrived on PostgreSQL, where the pool serves the oldest request first", async () => {
    app = scheduledApp("postgres://127.0.0.1/unused", []);
    const { arrivedAt, context } = (await app.inject({ method: "GET", url: "/arrival" })).json<{ arrivedAt: number; context: number | null }>();
    expect(arrivedAt).toBeGreaterThan(0);
    expect(context).toBe(arrivedAt);
  });

  it("keeps no arrival context on SQLite (one connection, no queue)", async () => {
    app = scheduledApp("sqlite:unused.db", []);
    const { arrivedAt, context } = (await app.inject({ method: "GET", url: "/arrival" })).json<{ arrivedAt: number; context: number | null }>();
    expect(arrivedAt).toBeGreaterThan(0);
    expect(context).toBeNull();
  });
});

describe("server/app.ts", () => {
  const source = readFileSync(new URL("../../server/app.ts", import.meta.url), "utf8");

  it("registers request scheduling first, in one line, so its hooks run before every other plugin's", () => {
    const registered = [...source.matchAll(/app\.register\((\w+)/g)].map((match) => match[1]);
    expect(registered[0]).toBe("requestSchedulingPlugin");
    expect(registered.filter((name) => name === "requestSchedulingPlugin")).toHaveLength(1);
  });

  it("schedules nothing itself: no hook, no connection listener, no arrival decoration", () => {
    expect(source).not.toMatch(/addHook\(|\.server\.on\(|decorateRequest\(|arrivedAt|nextTurn|asArrivedAt/);
  });
});
