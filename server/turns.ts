/**
 * Turns of the event loop, shared fairly. Node (libuv ≥ 1.45) accepts one new connection per
 * turn of its event loop, and a turn lasts as long as the work it finds: under load, a turn that
 * runs every request whose data arrived (200 connections: ~130 ms) leaves each waiting connection
 * in the kernel's accept queue for a whole turn, so a burst of new connections (a morning's
 * browsers, a balancer reconnecting) waited seconds before their first request was even read,
 * while the requests on open connections took 150 ms.
 *
 * So a request's work waits for its turn (`nextTurn`) when it arrives, where it would otherwise
 * run at once with every other request whose data came in the same poll. A turn admits at most
 * REQUESTS_PER_TURN of the waiting requests, oldest first, and the loop goes round (and accepts a
 * connection) between turns: turns of a few milliseconds, the same work done in the same order,
 * nobody starved.
 *
 * Turns of a few milliseconds still add up: 200 connections opened at once were accepted over
 * 200 turns (0.2–0.8 s), the last one's first request waiting behind 800 others. So a turn in
 * which the server accepted a connection admits nobody, and the loop goes straight round to
 * accept the next one: a burst is in within milliseconds, and its requests then take their turns
 * with everyone else's, by arrival. A flood of connections cannot starve the requests already
 * read: once the oldest has waited ACCEPTING_FIRST_MS, turns admit again whatever they accepted.
 * And accepting comes first only while the connections accepted go on to send requests: with more
 * than UNHEARD_AT_MOST accepted that have sent nothing yet (a flood of idle connections, slow
 * clients), turns admit as they did before.
 *
 * A route whose answer depends on when its request arrived rather than when it ran (the refresh)
 * reads `request.arrivedAt`, set before the request waits (plugins/requestScheduling.ts).
 */
import type { Socket } from "node:net";

export const REQUESTS_PER_TURN = 4;
export const ACCEPTING_FIRST_MS = 50;
export const UNHEARD_AT_MOST = 32;

interface Waiting {
  since: number;
  admit: () => void;
}

const waiting: Waiting[] = [];
let scheduled = false;
let accepted = false;
/** Connections accepted that have not sent a request yet. */
const unheard = new Set<Socket>();

/**
 * Turns that admitted requests although a connection had just been accepted, because a bound was
 * reached (the oldest waited ACCEPTING_FIRST_MS, or more than UNHEARD_AT_MOST are unheard): how
 * often a burst outlasted accepting first. On a busy machine a burst's connections arrive slowly
 * enough for that to be right; the count tells it apart from accepting first not working.
 */
export const acceptingCutShort = { turns: 0 };

/**
 * Resolves in a coming turn (the check phase, after the loop polled for input), oldest first.
 * `since`: when the request arrived (`request.arrivedAt`), which its wait counts from.
 */
export function nextTurn(since = performance.now()): Promise<void> {
  return new Promise((admit) => {
    waiting.push({ since, admit });
    if (!scheduled) {
      scheduled = true;
      setImmediate(admitSome);
    }
  });
}

/** The server accepted a connection in this turn's poll; more may be in the accept queue. */
export function connectionAccepted(socket: Socket): void {
  accepted = true;
  unheard.add(socket);
  // One listener for all: a closure per connection is garbage a flood of them makes fast.
  socket.on("close", forgetUnheard);
}

function forgetUnheard(this: Socket): void {
  unheard.delete(this);
}

/** A request arrived on the connection. */
export function heardFrom(socket: Socket): void {
  unheard.delete(socket);
}

function admitSome(): void {
  const accepting = accepted && unheard.size <= UNHEARD_AT_MOST && performance.now() - waiting[0].since < ACCEPTING_FIRST_MS;
  if (accepted && !accepting) acceptingCutShort.turns++;
  accepted = false;
  for (let i = 0; !accepting && i < REQUESTS_PER_TURN && waiting.length > 0; i++) waiting.shift()!.admit();
  if (waiting.length > 0) setImmediate(admitSome);
  else scheduled = false;
}
