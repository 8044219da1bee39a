/**
 * The private API under /api. Every route here runs, in order: authentication (401), the
 * anti-forgery check for state-changing methods (403), the tenant scope (403, 404), and before
 * validation the refusal of control characters in any text (400). A body is held to
 * BODY_LIMITS.api unless its route names a limit (bodyLimits.ts). A caller without a valid
 * access token gets 401 whatever else is missing, so the client knows to sign in again. Routes add
 * `restrictTo(app, resource)` for the role matrix.
 *
 * Its routes are the route folders under routes/api, found by reading the folder (routeFolders.ts):
 * each folder's `index.ts` default-exports its routes, mounted at the folder's prefix
 * (contract/paths.ts apiPrefixOf), or its plugins with their prefixes.
 */
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { apiPrefixOf } from "../../../contract/paths";
import { BODY_LIMITS, defaultBodyLimit } from "../../bodyLimits";
import { refuseControlCharacters } from "../../controlCharacters";
import { documentAccessOf } from "../../plugins/requireRole";
import { noStore } from "../../plugins/securityHeaders";
import type { Mount } from "./routeFolder";
import { routeFolders } from "./routeFolders";

/** The checks every /api route runs first (see above); also for test-only routes beside them. */
export function guardApi(app: FastifyInstance): void {
  app.addHook("onRequest", noStore);
  app.addHook("onRequest", app.authenticate);
  app.addHook("onRequest", app.verifyXsrf);
  app.addHook("onRequest", app.resolveTenant);
  app.addHook("preValidation", refuseControlCharacters);
  defaultBodyLimit(app, BODY_LIMITS.api);
}

export const apiRoutes: FastifyPluginAsync = async (app) => {
  guardApi(app);
  // What the API document states unless a folder narrows it (`restrictTo`).
  documentAccessOf(app, "signedIn");
  for (const [folder, { routes }] of await routeFolders()) {
    const mounts: readonly Mount[] = typeof routes === "function" ? [[routes, apiPrefixOf(folder)]] : routes;
    for (const [plugin, prefix] of mounts) await app.register(plugin, { prefix });
  }
};
