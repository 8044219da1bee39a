/**
 * Turns of the event loop, shared fairly. Node (libuv ≥ 1.45) accepts one new connection per
 * turn of its event loop, and a turn lasts as long as the work it finds: under load, a turn that
 * runs every request whose data arrived (200 connections: ~130 ms) leaves each waiting connection
 * in the kernel's accept queue for a whole turn, so a burst of new connections (a morning's
 * browsers, a balancer reconnecting) waited seconds before their first request was even read,
 * while the requests on open connections took 150 ms.
 *
 * So a request's work waits for its turn (`nextTurn`) when it arrives, where it would otherwise
 * run at once with every other request whose data came in the same poll. A turn admits at most REQUESTS_PER_TURN of the waiting requests, oldest first, and the loop
 * goes round (and accepts a connection) between turns: turns of a few milliseconds, the same
 * work done in the same order, nobody starved.
 *
 * A route whose answer depends on when its request arrived rather than when it ran (the refresh)
 * reads `request.arrivedAt`, set before the request waits.
 */

export const REQUESTS_PER_TURN = 4;

const waiting: (() => void)[] = [];
let scheduled = false;

/** Resolves in a coming turn (the check phase, after the loop polled for input), oldest first. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(admit);
    }
  });
}

function admit(): void {
  for (let i = 0; i < REQUESTS_PER_TURN && waiting.length > 0; i++) waiting.shift()!();
  if (waiting.length > 0) setImmediate(admit);
  else scheduled = false;
}
