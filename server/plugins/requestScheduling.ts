/**
 * Request scheduling: when a request's work runs, and in what order it gets a database connection.
 * Under load the server is fair by arrival: the request that came first is served first, at every
 * place where requests queue.
 *
 * - **Its arrival** (`request.arrivedAt`, `performance.now()`) is noted before anything else
 *   happens to it. A route whose answer depends on when its request arrived rather than when it ran
 *   reads it (the refresh, routes/dmz/refresh.ts).
 * - **Turns** (turns.ts): a request's work then waits for its turn of the event loop. Run at once,
 *   every request whose data came in the same poll would make one long turn, and Node accepts one
 *   new connection per turn: a burst of new connections waited seconds in the accept queue while
 *   the open ones were served. A turn admits a few requests, oldest first, and a turn that
 *   accepted a connection (the `connection` listener) admits none, so a burst is accepted first
 *   and its requests then take their turns with everyone else's.
 * - **Oldest request first** (db/oldestRequestFirst.ts): on PostgreSQL, a request's queries wait
 *   for a pool connection in the order their requests arrived, not the order they asked, so a save
 *   of ten queries waits about one queue length rather than ten. Its handling runs "as arrived" (an
 *   AsyncLocalStorage context Fastify keeps across the body's reading). SQLite has one connection
 *   and no queue: no context to keep.
 *
 * Registered first (app.ts): its hooks run before every other onRequest hook, so the arrival is
 * taken before any other work (security headers, authentication) and that work waits for its turn.
 * Wrapped with fastify-plugin, so its hooks apply to the whole app.
 */
import fp from "fastify-plugin";
import { asArrivedAt } from "../db/oldestRequestFirst";
import { connectionAccepted, heardFrom, nextTurn } from "../turns";

declare module "fastify" {
  interface FastifyRequest {
    /** When the request arrived (`performance.now()`), before waiting for its turn. */
    arrivedAt: number;
  }
}

/** Runs `done` as part of a request that arrived at `at`: the PostgreSQL pool's order (see above). */
type HandleAsArrived = (at: number, done: () => void) => void;

const noArrivalContext: HandleAsArrived = (_at, done) => done();

export const requestSchedulingPlugin = fp(
  async (app) => {
    const handleAsArrived: HandleAsArrived = app.config.databaseUrl.startsWith("sqlite:") ? noArrivalContext : asArrivedAt;
    app.decorateRequest("arrivedAt", 0);
    app.addHook("onRequest", (request, _reply, done) => {
      request.arrivedAt = performance.now();
      heardFrom(request.raw.socket);
      handleAsArrived(request.arrivedAt, done);
    });
    // Then: its work starts in its turn, so the loop keeps accepting connections.
    app.addHook("onRequest", (request) => nextTurn(request.arrivedAt));
    app.server.on("connection", connectionAccepted);
  },
  { name: "requestScheduling" },
);
