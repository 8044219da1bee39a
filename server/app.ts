/**
 * The application, as a table of contents: Fastify, its plugins, then its routes, one line each;
 * every part is explained in its own file. `buildApp` does not listen, so tests drive the very
 * same app with `app.inject()`; server.ts adds the port.
 *
 * In order: request scheduling (first, so a request's arrival is noted and its work waits for its
 * turn before any other hook runs); connections and bodies; the security headers (on every
 * answer); the database (migrated and seeded before anything runs); /metrics and the load
 * balancer's probes; the mailer; anti-forgery cookies, authentication, tenant scope and the audit
 * log; the built UI; the addresses the SmartBill client may call; the ANAF client; the background work (the task
 * worker, the customers' text indexer, clean-up, payment status refresh); the OpenAPI document at
 * /api/docs. Then the routes: /dmz-api (public) and /api (token, anti-forgery and tenant checked),
 * their answers compressed; in demo mode the SmartBill emulator at /smartbill-emulator and ANAF's
 * at /anaf-emulator; last, the not-found answer (the UI's page for a browser, else a 404).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { API, DMZ_API } from "../contract/paths";
import { AccessLog, accessLogger } from "./accessLog";
import { BODY_LIMITS } from "./bodyLimits";
import type { Config } from "./config";
import { errorHandler } from "./errors";
import { anafPlugin } from "./plugins/anaf";
import { efacturaUrlsPlugin } from "./plugins/efacturaUrls";
import { apiCompressionPlugin } from "./plugins/apiCompression";
import { apiDocsPlugin } from "./plugins/apiDocs";
import { auditPlugin } from "./plugins/audit";
import { authPlugin } from "./plugins/auth";
import { cleanUpPlugin } from "./plugins/cleanUp";
import { customerIndexerPlugin } from "./plugins/customerIndexerPlugin";
import { dbPlugin } from "./plugins/db";
import { demoAnafPlugin } from "./plugins/demoAnaf";
import { demoEfacturaPlugin } from "./plugins/demoEfactura";
import { demoSmartBillPlugin } from "./plugins/demoSmartBill";
import { healthPlugin } from "./plugins/health";
import { mailerPlugin } from "./plugins/mailer";
import { metricsPlugin } from "./plugins/metrics";
import { notFoundPlugin } from "./plugins/notFound";
import { paymentStatusRefreshPlugin } from "./plugins/paymentStatusRefresh";
import { anafRefreshPlugin } from "./plugins/anafRefresh";
import { efacturaSyncPlugin } from "./plugins/efacturaSync";
import { requestBodiesPlugin } from "./plugins/requestBodies";
import { requestSchedulingPlugin } from "./plugins/requestScheduling";
import { securityHeadersPlugin } from "./plugins/securityHeaders";
import { silentConnectionsPlugin } from "./plugins/silentConnections";
import { smartBillUrlsPlugin } from "./plugins/smartBillUrls";
import { staticUiPlugin } from "./plugins/staticUi";
import { taskWorkerPlugin } from "./plugins/taskWorker";
import { tenantScopePlugin } from "./plugins/tenantScope";
import { xsrfPlugin } from "./plugins/xsrf";
import { refusedBeforeRouting } from "./refusedBeforeRouting";
import { apiRoutes } from "./routes/api/index";
import { dmzRoutes } from "./routes/dmz/index";
import { efacturaCallbackRoutes } from "./routes/efacturaCallback";
import { efacturaTokenRefreshPlugin } from "./plugins/efacturaTokenRefresh";
import { IssuedDocuments } from "./smartbill/emulator/issuedDocuments";
import type { TaskKinds } from "./tasks/types";
import { validatorCompiler } from "./validation";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    /** The server's clock (epoch ms): Date.now, or the one a test gives (e.g. a month's last evening). */
    now: () => number;
  }
}

export interface BuildAppOptions {
  /** Fastify's logger option; defaults to JSON logs at `config.logLevel`. Tests pass false or a stream. */
  logger?: FastifyServerOptions["logger"];
  /** The task kinds the worker runs; server/tasks/registry.ts by default (tests pass fakes). */
  taskKinds?: TaskKinds;
  /** The clock the routes that name "today" read; Date.now by default. */
  now?: () => number;
}

export function buildApp(config: Config, options: BuildAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? accessLogger(config.logLevel),
    logController: new AccessLog(),
    // What a route that names no larger limit reads, a 404 included (bodyLimits.ts).
    bodyLimit: BODY_LIMITS.unread,
    trustProxy: config.trustProxy,
    frameworkErrors: refusedBeforeRouting(config.appUrl),
  });
  app.decorate("config", config);
  app.decorate("now", options.now ?? Date.now);
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);

  // First: its hooks run before every other plugin's.
  app.register(requestSchedulingPlugin);
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
  app.register(anafPlugin);
  app.register(efacturaUrlsPlugin);
  app.register(taskWorkerPlugin, { kinds: options.taskKinds });
  app.register(customerIndexerPlugin);
  app.register(cleanUpPlugin);
  app.register(paymentStatusRefreshPlugin);
  app.register(anafRefreshPlugin);
  app.register(efacturaSyncPlugin);
  app.register(efacturaTokenRefreshPlugin);
  // Before the routes: it learns them as they are added.
  app.register(apiDocsPlugin);

  // The API's answers are compressed as they are sent, in this scope only: the UI's files were
  // compressed at build time (server/plugins/staticUi.ts).
  app.register(async (api) => {
    await api.register(apiCompressionPlugin);
    api.register(dmzRoutes, { prefix: DMZ_API });
    api.register(apiRoutes, { prefix: API });
    // Public: the browser comes back from ANAF's consent page without the bearer token (its state authenticates it).
    api.register(efacturaCallbackRoutes);
  });
  if (config.demo) {
    // What the SmartBill emulator issues, SmartBill uploads to e-Factura: the e-Factura emulator hears of it.
    const issued = new IssuedDocuments();
    app.register(demoSmartBillPlugin, { issued });
    app.register(demoAnafPlugin);
    app.register(demoEfacturaPlugin, { issued });
  }
  app.register(notFoundPlugin);
  return app;
}
