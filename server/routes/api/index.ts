/**
 * The private API under /api. Every route here runs, in order: authentication (401), the
 * anti-forgery check for state-changing methods (403), the tenant scope (403, 404), and before
 * validation the refusal of control characters in any text (400). A caller without a valid
 * access token gets 401 whatever else is missing, so the client knows to sign in again. Routes add `requireRole(resource)` for the role matrix. One line per resource below.
 */
import type { FastifyPluginAsync } from "fastify";
import { refuseControlCharacters } from "../../controlCharacters";
import { noStore } from "../../plugins/securityHeaders";
import { customerRoutes } from "./customers/index";
import { firstStepsRoutes } from "./firstSteps/index";
import { invoiceRoutes } from "./invoices/index";
import { invoiceSendRoutes } from "./invoices/send";
import { meRoutes } from "./me/index";
import { propertyRoutes } from "./properties/index";
import { smartBillConnectionRoutes } from "./smartbillConnection/index";
import { stockRoutes } from "./stock/index";
import { taxRoutes } from "./invoices/taxes";
import { taskRoutes } from "./tasks/index";
import { tenantRoutes } from "./tenants/index";
import { userRoutes } from "./users/index";
import { warehouseRoutes } from "./warehouses/index";

export const apiRoutes: FastifyPluginAsync = async (app) => {
  app.addHook("onRequest", noStore);
  app.addHook("onRequest", app.authenticate);
  app.addHook("onRequest", app.verifyXsrf);
  app.addHook("onRequest", app.resolveTenant);
  app.addHook("preValidation", refuseControlCharacters);

  await app.register(meRoutes);
  await app.register(tenantRoutes, { prefix: "/tenant" });
  await app.register(userRoutes, { prefix: "/user" });
  await app.register(propertyRoutes, { prefix: "/property" });
  await app.register(warehouseRoutes, { prefix: "/smartbill/warehouses" });
  await app.register(stockRoutes, { prefix: "/smartbill/stock" });
  await app.register(customerRoutes, { prefix: "/smartbill/customer" });
  await app.register(taxRoutes, { prefix: "/smartbill/tax" });
  await app.register(invoiceRoutes, { prefix: "/smartbill/invoice" });
  await app.register(invoiceSendRoutes, { prefix: "/smartbill/invoice" });
  await app.register(taskRoutes, { prefix: "/tasks" });
  await app.register(smartBillConnectionRoutes, { prefix: "/smartbill/connection" });
  await app.register(firstStepsRoutes, { prefix: "/first-steps" });
};
