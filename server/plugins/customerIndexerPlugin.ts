/**
 * Keeps the customers' text index (SQLite) up to date in this process: see
 * routes/api/customers/customerIndexer.ts. It resumes at start-up (rows a stopped process left
 * queued) and stops before the database closes. Null on PostgreSQL, which has no such index.
 */
import fp from "fastify-plugin";
import { dialectOf } from "../db/connection";
import { type CustomerIndexer, createCustomerIndexer } from "../routes/api/customers/customerIndexer";

declare module "fastify" {
  interface FastifyInstance {
    customerIndexer: CustomerIndexer | null;
  }
}

export const customerIndexerPlugin = fp(
  async (app) => {
    const indexer = dialectOf(app.db) === "sqlite" ? createCustomerIndexer({ db: app.db, log: app.log }) : null;
    app.decorate("customerIndexer", indexer);
    if (!indexer) return;
    app.addHook("onReady", async () => indexer.wake());
    // preClose runs before every onClose hook, so before the database is closed.
    app.addHook("preClose", () => indexer.stop());
  },
  { name: "customerIndexer", dependencies: ["db"] },
);
