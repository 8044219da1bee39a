/**
 * Turns of the event loop, shared fairly (server/turns.ts): a turn admits at most
 * REQUESTS_PER_TURN requests, oldest first, so the loop goes round often enough to accept new
 * connections (one per turn) while it is busy; a turn that accepted a connection admits none, so
 * a burst of connections is accepted before their requests run, but not for longer than
 * ACCEPTING_FIRST_MS, nor while more than UNHEARD_AT_MOST connections accepted have sent nothing yet; and the app's requests, signed in or not, wait for their turn where they
 * would otherwise all run in the same one.
 */
import { request as httpRequest } from "node:http";
import { type AddressInfo, Socket } from "node:net";
import type { FastifyPluginAsync } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { guardApi } from "../../server/routes/api/index";
import {
  ACCEPTING_FIRST_MS,
  acceptingCutShort,
  connectionAccepted,
  heardFrom,
  nextTurn,
  REQUESTS_PER_TURN,
  UNHEARD_AT_MOST,
} from "../../server/turns";
import { removeTemporaryDatabases } from "../helpers/databases";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

/** Counts the turns of the event loop (one per check phase) while `run` runs. */
async function countingTurns<T>(run: (turn: () => number) => Promise<T>): Promise<T> {
  let turn = 0;
  let counting = true;
  const tick = () => {
    turn++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return await run(() => turn);
  } finally {
    counting = false;
  }
}

/** A connection the server accepted (a socket of its own, never connected: only its identity counts). */
function acceptedConnection(): Socket {
  const socket = new Socket();
  connectionAccepted(socket);
  return socket;
}

/** The turns, counted from the call, in which `count` requests waiting together were admitted. */
function admittedIn(count: number, beforeTheTurn: () => void): Promise<number[]> {
  return countingTurns(async (turn) => {
    const turns: number[] = [];
    const waits = Array.from({ length: count }, () => nextTurn().then(() => turns.push(turn())));
    beforeTheTurn();
    await Promise.all(waits);
    return turns;
  });
}

/** The most requests any one turn ran. */
function perTurn(turns: number[]): number {
  const counts = new Map<number, number>();
  for (const turn of turns) counts.set(turn, (counts.get(turn) ?? 0) + 1);
  return Math.max(...counts.values());
}

describe("nextTurn", () => {
  it("admits at most REQUESTS_PER_TURN waiting requests per turn of the event loop, oldest first", async () => {
    const order: number[] = [];
    const turns: number[] = [];
    await countingTurns((turn) =>
      Promise.all(
        Array.from({ length: 5 * REQUESTS_PER_TURN }, (_, i) =>
          nextTurn().then(() => {
            order.push(i);
            turns.push(turn());
          }),
        ),
      ),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(perTurn(turns)).toBe(REQUESTS_PER_TURN);
    expect(new Set(turns).size).toBe(5);
  });

  it("admits nobody in a turn in which a connection was accepted, and goes on in the next", async () => {
    expect(await admittedIn(REQUESTS_PER_TURN, () => {})).toEqual(Array(REQUESTS_PER_TURN).fill(1));
    const accepted: Socket[] = [];
    expect(await admittedIn(REQUESTS_PER_TURN, () => accepted.push(acceptedConnection()))).toEqual(Array(REQUESTS_PER_TURN).fill(2));
    for (const socket of accepted) socket.destroy();
  });

  it("accepts first only while the connections accepted go on to send requests: past UNHEARD_AT_MOST that sent nothing yet, a turn that accepted admits as usual", async () => {
    const idle = Array.from({ length: UNHEARD_AT_MOST }, acceptedConnection);
    const accepted: Socket[] = [];
    expect(await admittedIn(REQUESTS_PER_TURN, () => accepted.push(acceptedConnection()))).toEqual(Array(REQUESTS_PER_TURN).fill(1));
    // Once they speak, accepting comes first again.
    for (const socket of [...idle, ...accepted]) heardFrom(socket);
    expect(await admittedIn(REQUESTS_PER_TURN, () => accepted.push(acceptedConnection()))).toEqual(Array(REQUESTS_PER_TURN).fill(2));
    for (const socket of [...idle, ...accepted]) socket.destroy();
  });

  it("does not let a connection accepted in every turn starve the requests waiting: they are admitted once the oldest has waited ACCEPTING_FIRST_MS", async () => {
    let flooding = true;
    // Queued before the turns' own callback, so each turn sees a connection accepted.
    const flood = () => {
      // Each gone at once, as a flood that closes what it opens: accepting would still come first.
      acceptedConnection().destroy();
      if (flooding) setImmediate(flood);
    };
    setImmediate(flood);
    try {
      const since = performance.now();
      await Promise.all(Array.from({ length: 2 * REQUESTS_PER_TURN }, () => nextTurn()));
      expect(performance.now() - since).toBeGreaterThanOrEqual(ACCEPTING_FIRST_MS - 1);
    } finally {
      flooding = false;
    }
  });
});

describe("the app's requests", () => {
  let t: TestApp;
  let session: LoginResponse;
  let turn: () => number = () => 0;
  const handled: { signedIn: number[]; open: number[] } = { signedIn: [], open: [] };
  const routes: FastifyPluginAsync = async (app) => {
    app.get("/open/turn", async () => {
      handled.open.push(turn());
      return {};
    });
    await app.register(async (api) => {
      guardApi(api);
      api.get("/api/test/turn", async () => {
        handled.signedIn.push(turn());
        return {};
      });
    });
  };
  beforeAll(async () => {
    t = await testApp("sqlite", { env: { TASK_WORKER: "off" }, plugin: routes });
    session = await t.signIn("admin@demo.ro");
  });
  afterAll(() => t.close());

  it("wait for their turn: twenty at once run in turns of at most REQUESTS_PER_TURN, signed in or not", async () => {
    await countingTurns(async (counter) => {
      turn = counter;
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, () => t.api("GET", "/api/test/turn", { session })),
        ...Array.from({ length: 20 }, () => t.app.inject({ method: "GET", url: "/open/turn" })),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    });
    expect(handled.signedIn).toHaveLength(20);
    expect(handled.open).toHaveLength(20);
    expect(perTurn([...handled.signedIn, ...handled.open])).toBeLessThanOrEqual(REQUESTS_PER_TURN);
  });

  it("start once every connection of a burst has been accepted, not while the rest wait in the accept queue", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const accepted: number[] = [];
    handled.open = [];
    // More than UNHEARD_AT_MOST: each connection accepted counts as unheard until its request is read.
    const burst = UNHEARD_AT_MOST + 8;
    const cutShortBefore = acceptingCutShort.turns;
    await countingTurns(async (counter) => {
      turn = counter;
      t.app.server.on("connection", () => accepted.push(counter()));
      const statuses = await Promise.all(
        Array.from(
          { length: burst },
          () =>
            new Promise<number | undefined>((resolve, reject) => {
              // A connection of its own for each request: a burst of new connections.
              const call = httpRequest({ host: "127.0.0.1", port, path: "/open/turn", agent: false }, (response) => {
                response.resume();
                response.on("end", () => resolve(response.statusCode));
              });
              call.on("error", reject);
              call.end();
            }),
        ),
      );
      expect(statuses).toEqual(Array(burst).fill(200));
    });
    expect(accepted).toHaveLength(burst);
    // One connection per turn: the burst took as many turns as it had connections.
    expect(new Set(accepted).size).toBe(burst);
    // Requests run only once the whole burst is in, unless the burst came in slower than a bound
    // allows (a busy machine): then the turns that admitted early say which bound cut it short.
    if (Math.min(...handled.open) <= Math.max(...accepted)) expect(acceptingCutShort.turns).toBeGreaterThan(cutShortBefore);
  });
});
