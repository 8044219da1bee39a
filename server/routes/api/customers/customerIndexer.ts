/**
 * Brings the customers' text index up to date behind the writers (customerSearch.ts): woken
 * after an import commits and at start-up (rows a stopped process left queued), it indexes the
 * queue in batches of `batchSize`, letting other requests run between batches, until the queue is
 * empty. Nothing to do on PostgreSQL, which has no such index.
 *
 *   const indexer = createCustomerIndexer({ db, log });
 *   indexer.wake();  …  await indexer.idle();  …  await indexer.stop();
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database";
import { indexQueuedCustomers } from "./customerSearch";

export interface CustomerIndexerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Rows a batch: at 500, about 11 ms of the event loop each (bench:import: 100 batches in 1.1 s). */
  batchSize?: number;
}

export interface CustomerIndexer {
  /** Index what is queued now (again, if it is already running: rows may have come since). */
  wake(): void;
  /** Resolves once the queue has been emptied (at once when nothing runs). */
  idle(): Promise<void>;
  /** Stops after the running batch; what is left stays queued for the next start. */
  stop(): Promise<void>;
}

export function createCustomerIndexer({ db, log, batchSize = 500 }: CustomerIndexerOptions): CustomerIndexer {
  let running: Promise<void> | undefined;
  let wokenMeanwhile = false;
  let stopped = false;

  async function drain(): Promise<void> {
    let indexed: number;
    do {
      indexed = await indexQueuedCustomers(db, batchSize);
      await nextTurn();
    } while (indexed > 0 && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      wokenMeanwhile = true;
      return;
    }
    wokenMeanwhile = false;
    running = drain()
      // The rows stay queued and stay found (by a scan); the next wake or start tries again.
      .catch((error: unknown) => log.error({ err: error }, "customer text index: a batch failed"))
      .finally(() => {
        running = undefined;
        if (wokenMeanwhile) wake();
      });
  }

  return {
    wake,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
