/**
 * PostgreSQL's connections go to the oldest request first.
 *
 * A request asks the pool several times, one query after another (the session, the count, the
 * page; an invoice's save: ten). node-postgres queues the asks first come, first served, so under
 * load each of a request's queries waited behind every query asked meanwhile, by requests that
 * arrived after it: a save of ten queries waited ten queue lengths, the page reads three, and the
 * tail grew with the number of queries rather than with the load. Ordered by when their request
 * arrived, a request's later queries go ahead of newer requests' first ones: it waits about one
 * queue length however many queries it makes, and nobody starves (every request gets older). The
 * same rule as the event loop's turns (turns.ts).
 *
 * `oldestRequestFirst(pool, size)` is the pool Kysely's PostgresDialect uses: at most `size`
 * clients out at once, the next one to the waiting ask whose request arrived first. A request's
 * arrival is set by `asArrivedAt` around its handling (plugins/requestScheduling.ts); work
 * outside a request (tasks, timers) counts as arriving when it asks.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

const arrival = new AsyncLocalStorage<number>();

/** When the request whose work is running arrived, if any. */
export function currentArrival(): number | undefined {
  return arrival.getStore();
}

/** Runs `work`, and everything it starts, as part of a request that arrived at `arrivedAt` (`performance.now()`). */
export function asArrivedAt<T>(arrivedAt: number, work: () => T): T {
  return arrival.run(arrivedAt, work);
}

interface Ask {
  arrivedAt: number;
  grant: () => void;
}

export interface OldestFirstPool {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

export function oldestRequestFirst(pool: pg.Pool, size: number): OldestFirstPool {
  let out = 0;
  /** Sorted: oldest arrival first, then first asked. */
  const waiting: Ask[] = [];

  function slot(): Promise<void> {
    if (out < size) {
      out++;
      return Promise.resolve();
    }
    const arrivedAt = currentArrival() ?? performance.now();
    return new Promise((grant) => {
      let at = waiting.length;
      while (at > 0 && waiting[at - 1].arrivedAt > arrivedAt) at--;
      waiting.splice(at, 0, { arrivedAt, grant });
    });
  }

  /** A client came back: straight to the oldest ask, if any. */
  function free(): void {
    const next = waiting.shift();
    if (next) next.grant();
    else out--;
  }

  return {
    async connect() {
      await slot();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        free();
        throw error;
      }
      // pg-pool gives each checkout its own release; this one also frees the slot, once.
      const release = client.release;
      let released = false;
      client.release = (error?: Error | boolean) => {
        if (!released) {
          released = true;
          free();
        }
        return release(error);
      };
      return client;
    },
    end: () => pool.end(),
  };
}
