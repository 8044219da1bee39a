/**
 * GET /metrics for Prometheus, only when METRICS_TOKEN is set, and then only with
 * `Authorization: Bearer <METRICS_TOKEN>`: without the setting the route does not exist (404),
 * so an operator who has not chosen a token exposes nothing. It serves:
 * - every answer of this app by method, route pattern (never the address itself: ids and query
 *   strings would make a series per record) and status, as a duration histogram, whose _count is
 *   the number of requests;
 * - the task queue read from the tasks table at each scrape (the whole fleet's, not this
 *   process's): tasks queued, running and failed, and the age of the oldest queued one;
 * - this process's SmartBill and Node counters (metrics/processMetrics.ts).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Gauge, Histogram, Registry } from "prom-client";
import { HttpError } from "../errors";
import { messages } from "../messages";
import { processMetrics } from "../metrics/processMetrics";

export const METRICS_PATH = "/metrics";

/** The statuses shown, always (a status with no task reads 0 rather than vanishing). */
const TASK_STATUSES = ["queued", "running", "failed"] as const;

export const metricsPlugin = fp(
  async (app) => {
    const token = app.config.metricsToken;
    if (!token) return;

    const registry = new Registry();
    const requests = new Histogram({
      name: "http_request_duration_seconds",
      help: "Answers by method, route pattern and status: duration in seconds (_count: how many)",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    app.addHook("onResponse", async (request, reply) => {
      // A request no route matched has no pattern: one series for all of them.
      const route = request.routeOptions.url ?? "unmatched";
      requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    new Gauge({
      name: "tasks",
      help: "Tasks in the queue by status (queued, running, failed), across the fleet",
      labelNames: ["status"] as const,
      registers: [registry],
      async collect() {
        const rows = await app.db
          .selectFrom("tasks")
          .select((eb) => ["status", eb.fn.countAll().as("count")])
          .where("status", "in", TASK_STATUSES)
          .groupBy("status")
          .execute();
        for (const status of TASK_STATUSES) {
          this.set({ status }, Number(rows.find((row) => row.status === status)?.count ?? 0));
        }
      },
    });
    new Gauge({
      name: "tasks_oldest_queued_age_seconds",
      help: "How long the oldest queued task has waited, in seconds (0 with none queued)",
      registers: [registry],
      async collect() {
        const { oldest } = await app.db
          .selectFrom("tasks")
          .select((eb) => eb.fn.min("createdAt").as("oldest"))
          .where("status", "=", "queued")
          .executeTakeFirstOrThrow();
        this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
      },
    });

    app.get(METRICS_PATH, { logLevel: "warn" }, async (request, reply) => {
      if (!bearerMatches(request, token)) {
        throw new HttpError(401, messages.authenticationRequired, undefined, { "www-authenticate": "Bearer" });
      }
      const text = (await processMetrics.metrics()) + (await registry.metrics());
      return reply.type(registry.contentType).send(text);
    });
  },
  { name: "metrics", dependencies: ["db"] },
);

/** Compared as digests of equal length, in constant time: the answer's timing tells nothing. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
