/**
 * Closing the app does not wait for connections that are not in the middle of a request, and
 * still lets the requests in flight finish.
 */
import { connect, type Socket } from "node:net";
import { afterAll, expect, it } from "vitest";
import { removeTemporaryDatabases } from "../helpers/databases";
import { type TestApp, type TestAppOptions, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

/** Long enough that a close waiting on a client that says nothing is plainly stuck. */
const STUCK_MS = 10_000;

async function liveApp(plugin?: TestAppOptions["plugin"]): Promise<{ t: TestApp; port: number }> {
  const t = await testApp("sqlite", { plugin });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  return { t, port: typeof address === "object" && address ? address.port : 0 };
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once("close", () => resolve())));

/** The app's close, or "stuck" if it has not ended after STUCK_MS. */
async function closeOrStuck(t: TestApp): Promise<"closed" | "stuck"> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    t.close().then(() => "closed" as const),
    new Promise<"stuck">((resolve) => (timer = setTimeout(() => resolve("stuck"), STUCK_MS))),
  ]);
  clearTimeout(timer);
  return outcome;
}

it("closes at once beside a connection that sent nothing, one half-way through its headers and one kept alive", async () => {
  const { t, port } = await liveApp();
  const quiet = await openSocket(port);
  const halfWay = await openSocket(port);
  halfWay.write("GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  const keptAlive = await openSocket(port);
  keptAlive.write("GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  await new Promise((resolve) => keptAlive.once("data", resolve));
  try {
    expect(await closeOrStuck(t)).toBe("closed");
    await Promise.all([closed(quiet), closed(halfWay), closed(keptAlive)]);
  } finally {
    for (const socket of [quiet, halfWay, keptAlive]) socket.destroy();
  }
});

it("lets a request in flight finish, and refuses a connection opened while the app closes", async () => {
  let release: () => void = () => {};
  let arrived: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  const { t, port } = await liveApp(async (app) => {
    app.get("/test/slow", async () => {
      arrived();
      await new Promise<void>((resolve) => (release = resolve));
      return { finished: true };
    });
  });
  const answer = fetch(`http://127.0.0.1:${port}/test/slow`).then(async (response) => ({
    status: response.status,
    body: await response.json(),
  }));
  await inFlight;
  const closing = closeOrStuck(t);
  const late = await openSocket(port).catch(() => undefined);
  if (late) await closed(late); // accepted before the port closed, then dropped
  release();
  expect(await answer).toEqual({ status: 200, body: { finished: true } });
  expect(await closing).toBe("closed");
});
