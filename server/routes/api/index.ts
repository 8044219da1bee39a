/**
 * The private API under /api. Every route here runs, in order: authentication (401), the
 * anti-forgery check for state-changing methods (403), the tenant scope (403, 404), and before
 * validation the refusal of control characters in any text (400). A body is held to
 * BODY_LIMITS.api unless its route names a limit (bodyLimits.ts). A caller without a valid
 * access token gets 401 whatever else is missing, so the client knows to sign in again. Routes add
 * `restrictTo(app, resource)` for the role matrix.
 *
 * API_ROUTES is the one registry of route folders: a folder under routes/api without its row
 * fails test/server/registries.test.ts. A row is the folder's plugin, mounted at the folder's
 * prefix (contract/paths.ts API_PREFIXES, else /<folder>), or its plugins with their prefixes.
 */
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { API_PREFIXES, apiPrefixOf } from "../../../contract/paths";
import { BODY_LIMITS, defaultBodyLimit } from "../../bodyLimits";
import { refuseControlCharacters } from "../../controlCharacters";
import { documentAccessOf } from "../../plugins/requireRole";
import { noStore } from "../../plugins/securityHeaders";
import { auditRoutes } from "./audit/index";
import { customerRoutes } from "./customers/index";
import { firstStepsRoutes } from "./firstSteps/index";
import { invoiceRoutes } from "./invoices/index";
import { invoiceSendRoutes } from "./invoices/send";
import { taxRoutes } from "./invoices/taxes";
import { meRoutes } from "./me/index";
import { productRoutes } from "./products/index";
import { propertyRoutes } from "./properties/index";
import { smartBillConnectionRoutes } from "./smartbillConnection/index";
import { stockRoutes } from "./stock/index";
import { taskRoutes } from "./tasks/index";
import { tenantRoutes } from "./tenants/index";
import { userRoutes } from "./users/index";
import { warehouseRoutes } from "./warehouses/index";

type Mount = readonly [plugin: FastifyPluginAsync, prefix: string];

export const API_ROUTES: Record<string, FastifyPluginAsync | readonly Mount[]> = {
  me: meRoutes,
  tenants: tenantRoutes,
  users: userRoutes,
  properties: propertyRoutes,
  warehouses: warehouseRoutes,
  stock: stockRoutes,
  customers: customerRoutes,
  invoices: [
    [taxRoutes, API_PREFIXES.taxes],
    [invoiceRoutes, API_PREFIXES.invoices],
    [invoiceSendRoutes, API_PREFIXES.invoices],
  ],
  tasks: taskRoutes,
  smartbillConnection: smartBillConnectionRoutes,
  firstSteps: firstStepsRoutes,
  products: productRoutes,
  audit: auditRoutes,
};

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
  for (const [folder, routes] of Object.entries(API_ROUTES)) {
    const mounts: readonly Mount[] = typeof routes === "function" ? [[routes, apiPrefixOf(folder)]] : routes;
    for (const [plugin, prefix] of mounts) await app.register(plugin, { prefix });
  }
};
