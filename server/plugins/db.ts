/**
 * Opens the database, brings its schema up to date and seeds it, before any route can run;
 * closes it when the app closes. Routes reach it as `app.db`.
 */
import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import { createDatabase } from "../db/connection";
import type { Database } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { DEMO_ACCOUNTS, seed } from "../db/seed";
import { endSharedBudgets } from "../smartbill/sharedBudget";

declare module "fastify" {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export interface DbPluginOptions {
  config: Config;
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app, { config }) => {
    const db = createDatabase(config.databaseUrl, config.databasePoolSize);
    try {
      await migrateToLatest(db);
      const outcome = await seed(db, config);
      if (outcome !== "none") app.log.info({ outcome }, "empty database seeded");
      if (!config.demo) await warnAboutDemoAccounts(db, app.log);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate("db", db);
    // Before the server stops: calls to SmartBill cut short by the close write nothing more.
    app.addHook("preClose", async () => endSharedBudgets(db));
    app.addHook("onClose", async () => {
      await db.destroy();
    });
  },
  { name: "db" },
);

/** A database first started in demo mode keeps its demo accounts (password demo1234). */
async function warnAboutDemoAccounts(db: Kysely<Database>, log: FastifyBaseLogger): Promise<void> {
  const found = await db
    .selectFrom("users")
    .select("email")
    .where("email", "in", DEMO_ACCOUNTS.map((account) => account.email))
    .execute();
  if (found.length > 0) {
    log.warn(
      { accounts: found.map((row) => row.email) },
      "production mode with demo accounts in the database: delete them or change their passwords",
    );
  }
}
