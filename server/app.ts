/**
 * The application: Fastify with its plugins, then its routes, then the error and not-found
 * answers. Plugins, in order: the database (migrated and seeded before anything runs), the
 * mailer, anti-forgery cookies, authentication, tenant scope, the static UI. Routes: /dmz-api
 * (public) and /api (token, anti-forgery and tenant checked). `buildApp` does not listen, so
 * tests drive the very same app with `app.inject()`; server.ts adds the port.
 */
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { API, DMZ_API } from "../contract/paths";
import type { Config } from "./config";
import { errorHandler } from "./errors";
import { messages } from "./messages";
import { authPlugin } from "./plugins/auth";
import { dbPlugin } from "./plugins/db";
import { mailerPlugin } from "./plugins/mailer";
import { staticUiPlugin } from "./plugins/staticUi";
import { tenantScopePlugin } from "./plugins/tenantScope";
import { xsrfPlugin } from "./plugins/xsrf";
import { apiRoutes } from "./routes/api/index";
import { dmzRoutes } from "./routes/dmz/index";
import { validatorCompiler } from "./validation";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  /** Fastify's logger option; defaults to JSON logs at `config.logLevel`. Tests pass false or a stream. */
  logger?: FastifyServerOptions["logger"];
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
    trustProxy: config.trustProxy,
  });
  app.decorate("config", config);
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);

  app.register(dbPlugin, { config });
  app.register(mailerPlugin);
  app.register(xsrfPlugin);
  app.register(authPlugin);
  app.register(tenantScopePlugin);
  app.register(staticUiPlugin, { uiDir: config.uiDir });

  app.register(dmzRoutes, { prefix: DMZ_API });
  app.register(apiRoutes, { prefix: API });

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
  const underApi = [API, DMZ_API].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !underApi &&
    (request.headers.accept ?? "").includes("text/html")
  );
}
