/**
 * SIGTERM drains before it stops: for DRAIN_SECONDS the process still accepts and serves, with
 * /health/ready answering 503 so a load balancer takes it out of rotation; then it stops
 * accepting, lets what is in flight finish and exits 0. A second signal skips the rest of the
 * drain (the test's way to end a long one without waiting on a clock).
 */
import { afterAll, expect, it } from "vitest";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type ServerProcess, startServerProcess, until } from "../helpers/serverProcess";

afterAll(removeTemporaryDatabases);

const status = (origin: string, path: string) =>
  fetch(`${origin}${path}`).then(
    (response) => response.status,
    () => "refused" as const,
  );

const login = (origin: string) =>
  fetch(`${origin}/dmz-api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin@demo.ro", password: "demo1234" }),
  });

describeEachDialect("SIGTERM", (dialect) => {
  const processes: ServerProcess[] = [];
  afterAll(() => {
    for (const server of processes) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  });

  it("keeps serving for the drain period with /health/ready answering 503, then exits 0", async () => {
    // A drain far longer than the test: every step below waits on what it checks, never on the clock.
    const server = await startServerProcess({ DATABASE_URL: await freshDatabaseUrl(dialect), DRAIN_SECONDS: "600" });
    processes.push(server);
    expect(await status(server.origin, "/health/ready")).toBe(200);

    server.child.kill("SIGTERM");
    await until(async () => (await status(server.origin, "/health/ready")) === 503, 30_000, "/health/ready 503");
    const ready = await fetch(`${server.origin}/health/ready`);
    expect(await ready.json()).toEqual({ status: "not-ready", problem: "draining" });
    // Still accepting new connections and serving them while the balancer notices.
    expect(await status(server.origin, "/health/live")).toBe(200);
    expect((await login(server.origin)).status).toBe(200);
    expect(server.child.exitCode).toBe(null);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(await status(server.origin, "/health/live")).toBe("refused");
  }, 120_000);

  it("stops accepting by itself when the drain period ends, and exits 0", async () => {
    const server = await startServerProcess({ DATABASE_URL: await freshDatabaseUrl(dialect), DRAIN_SECONDS: "1" });
    processes.push(server);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/error/i);
  }, 120_000);
});
