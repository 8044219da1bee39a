/**
 * What a load balancer asks, outside /api (no token, no tenant, no anti-forgery cookie):
 * - GET /health/live: the process answers. Nothing else is checked, so a slow database never
 *   gets a live process restarted.
 * - GET /health/ready: this process should get traffic: the database answers a cheap query, its
 *   schema has every migration this code knows, and the process is not stopping. While it drains
 *   (`app.startDraining()`, called by server.ts on SIGTERM before closing) it answers 503, so the
 *   balancer stops sending new requests while those in flight finish.
 * Probes come every few seconds from every balancer: they are logged at warn level only, not as
 * an info line per probe.
 */
import fp from "fastify-plugin";
import { sql } from "kysely";
import { migrations } from "../db/migrations/index";

declare module "fastify" {
  interface FastifyInstance {
    /** The process is stopping: /health/ready answers 503 from now on. */
    startDraining(): void;
  }
}

/** Outside /api and /dmz-api: a balancer's probe carries no token and needs no compression. */
export const HEALTH_PATHS = { live: "/health/live", ready: "/health/ready" } as const;

/** The migration this code was built with last; a database without it is not ready. */
const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/** How long the readiness probe waits for the database. */
const READY_TIMEOUT_MS = 2_000;

export type ReadyProblem = "draining" | "database" | "migrations";

export const healthPlugin = fp(
  async (app) => {
    let draining = false;
    app.decorate("startDraining", () => {
      draining = true;
    });

    app.get(HEALTH_PATHS.live, { logLevel: "warn" }, async () => ({ status: "live" }));

    app.get(HEALTH_PATHS.ready, { logLevel: "warn" }, async (_request, reply) => {
      const problem = draining ? "draining" : await databaseProblem();
      if (problem) return reply.code(503).send({ status: "not-ready", problem });
      return { status: "ready" };
    });

    async function databaseProblem(): Promise<ReadyProblem | undefined> {
      let timer: NodeJS.Timeout | undefined;
      try {
        // Kysely's own record of the migrations run: one indexed row, and proof the database answers.
        const query = sql<{ name: string }>`select "name" from "kysely_migration" where "name" = ${LATEST_MIGRATION}`.execute(app.db);
        // A database that hangs (a host gone, a full pool) is as unready as one that refuses:
        // the probe answers within its own time-out, not the balancer's.
        const late = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        });
        query.catch(() => {}); // its failure after the time-out is no one's business
        const { rows } = await Promise.race([query, late]);
        return rows.length === 1 ? undefined : "migrations";
      } catch (error) {
        app.log.warn({ err: error }, "readiness check: the database did not answer");
        return "database";
      } finally {
        clearTimeout(timer);
      }
    }
  },
  { name: "health", dependencies: ["db"] },
);
