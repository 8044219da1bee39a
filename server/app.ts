/**
 * The application: Fastify with its plugins, then its routes, then the error and not-found
 * answers. Plugins, in order: the security headers (on every answer), the database (migrated
 * and seeded before anything runs), the mailer, anti-forgery cookies, authentication, tenant
 * scope, the static UI, the addresses the SmartBill client may call (`app.smartBillUrls`, read by
 * the routes and the worker), the task worker (long work such as stock imports, run in this
 * process unless TASK_WORKER=off), the customers' text indexer (SQLite), the API's OpenAPI
 * document at /api/docs (demo mode; built from the routes' schemas), the load balancer's probes
 * (/health/live, /health/ready), Prometheus's /metrics (with METRICS_TOKEN). Routes: /dmz-api
 * (public) and /api (token, anti-forgery and tenant checked), their answers compressed.
 * `buildApp` does not listen, so tests drive the very same app with `app.inject()`; server.ts
 * adds the port. In demo mode (not production) the SmartBill emulator is mounted at
 * /smartbill-emulator, outside /api, so the demo tenant's SmartBill settings have a SmartBill to
 * talk to.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { API, DMZ_API } from "../contract/paths";
import { AccessLog } from "./accessLog";
import { BODY_LIMITS, defaultBodyLimit } from "./bodyLimits";
import type { Config } from "./config";
import { errorHandler } from "./errors";
import { messages } from "./messages";
import { apiCompressionPlugin } from "./plugins/apiCompression";
import { apiDocsPlugin } from "./plugins/apiDocs";
import { auditPlugin } from "./plugins/audit";
import { authPlugin } from "./plugins/auth";
import { cleanUpPlugin } from "./plugins/cleanUp";
import { paymentStatusRefreshPlugin } from "./plugins/paymentStatusRefresh";
import { requestBodiesPlugin } from "./plugins/requestBodies";
import { customerIndexerPlugin } from "./plugins/customerIndexerPlugin";
import { dbPlugin } from "./plugins/db";
import { healthPlugin } from "./plugins/health";
import { mailerPlugin } from "./plugins/mailer";
import { metricsPlugin } from "./plugins/metrics";
import { asArrivedAt } from "./db/oldestRequestFirst";
import { silentConnectionsPlugin } from "./plugins/silentConnections";
import { securityHeadersPlugin, withSecurityHeaders } from "./plugins/securityHeaders";
import { smartBillUrlsPlugin } from "./plugins/smartBillUrls";
import { staticUiPlugin } from "./plugins/staticUi";
import { taskWorkerPlugin } from "./plugins/taskWorker";
import { tenantScopePlugin } from "./plugins/tenantScope";
import { xsrfPlugin } from "./plugins/xsrf";
import { apiRoutes } from "./routes/api/index";
import { dmzRoutes } from "./routes/dmz/index";
import { demoHistory, SMARTBILL_EMULATOR_PREFIX, smartBillEmulator } from "./smartbill/emulator/index";
import type { TaskKinds } from "./tasks/types";
import { connectionAccepted, heardFrom, nextTurn } from "./turns";
import { validatorCompiler } from "./validation";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  /** Fastify's logger option; defaults to JSON logs at `config.logLevel`. Tests pass false or a stream. */
  logger?: FastifyServerOptions["logger"];
  /** The task kinds the worker runs; server/tasks/registry.ts by default (tests pass fakes). */
  taskKinds?: TaskKinds;
}

export function buildApp(config: Config, options: BuildAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // Set/reset-password links are opened as pages; their token must not land in access logs.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactTokens(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    logController: new AccessLog(),
    // What a route that names no larger limit reads, a 404 included (bodyLimits.ts).
    bodyLimit: BODY_LIMITS.unread,
    trustProxy: config.trustProxy,
    // Requests Fastify refuses before routing (a malformed %-escape in the address, a bad
    // Content-Type): the product's answer, in Romanian and with the security headers, rather
    // than Fastify's English one repeating the address.
    frameworkErrors: (error, request, reply) => {
      addSecurityHeaders(request as FastifyRequest, reply as FastifyReply);
      request.log.info({ code: error.code }, "request refused before routing");
      void (reply as FastifyReply).code(400).send({ message: messages.badRequest });
    },
  });
  const addSecurityHeaders = withSecurityHeaders(config.appUrl);
  app.decorate("config", config);
  // When a request arrived: a refresh is judged by it (routes/dmz/refresh.ts), and on PostgreSQL
  // a request's queries wait for a connection in that order (db/oldestRequestFirst.ts), its
  // handling running as arrived (Fastify keeps the context across the body's reading). SQLite has
  // one connection and no queue: no context to keep.
  app.decorateRequest("arrivedAt", 0);
  const handleAsArrived = config.databaseUrl.startsWith("sqlite:") ? (_at: number, done: () => void) => done() : asArrivedAt;
  app.addHook("onRequest", (request, _reply, done) => {
    request.arrivedAt = performance.now();
    heardFrom(request.raw.socket);
    handleAsArrived(request.arrivedAt, done);
  });
  // Then: a request's work starts in its turn (turns.ts), so the loop keeps accepting; a turn that
  // accepted a connection runs no request, so a burst of connections is accepted first.
  app.addHook("onRequest", (request) => nextTurn(request.arrivedAt));
  app.server.on("connection", connectionAccepted);
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);

  app.register(silentConnectionsPlugin);
  app.register(requestBodiesPlugin);
  app.register(securityHeadersPlugin);
  app.register(dbPlugin, { config });
  // Before every route, so its timing hook sees them all.
  app.register(metricsPlugin);
  app.register(healthPlugin);
  app.register(mailerPlugin);
  app.register(xsrfPlugin);
  app.register(authPlugin);
  app.register(tenantScopePlugin);
  app.register(auditPlugin);
  app.register(staticUiPlugin, { uiDir: config.uiDir });
  app.register(smartBillUrlsPlugin);
  app.register(taskWorkerPlugin, { kinds: options.taskKinds });
  app.register(customerIndexerPlugin);
  app.register(cleanUpPlugin);
  app.register(paymentStatusRefreshPlugin);
  // Before the routes: it learns them as they are added.
  app.register(apiDocsPlugin);

  // The API's answers are compressed as they are sent, in this scope only: the UI's files were
  // compressed at build time (server/plugins/staticUi.ts).
  app.register(async (api) => {
    await api.register(apiCompressionPlugin);
    api.register(dmzRoutes, { prefix: DMZ_API });
    api.register(apiRoutes, { prefix: API });
  });
  // Its own scope: SmartBill's Basic auth, not our tokens, anti-forgery or tenant checks, and
  // its own not-found answers (never the SPA's index.html).
  // With the demo data, its demo company has issued the invoices the demo seed wrote (demo/demoCompany.ts).
  if (config.demo) {
    app.register(async (emulator) => {
      defaultBodyLimit(emulator, BODY_LIMITS.emulator);
      await emulator.register(smartBillEmulator, { prefix: SMARTBILL_EMULATOR_PREFIX, ...(config.demoData ? { companies: [demoHistory().company] } : {}) });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (app.sendIndexHtml && isPageRequest(request)) return app.sendIndexHtml(reply);
    return reply.code(404).send({ message: messages.notFound });
  });
  return app;
}

export function redactTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}

/** A browser navigating to a client-side route (as opposed to an API call or a missing asset). */
function isPageRequest(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0];
  const underApi = [API, DMZ_API, SMARTBILL_EMULATOR_PREFIX].some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !underApi &&
    (request.headers.accept ?? "").includes("text/html")
  );
}
