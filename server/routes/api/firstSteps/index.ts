/**
 * GET /api/first-steps: the request's tenant's set-up checklist ('Primii pași') — a SmartBill
 * connection, an invoicing user, a warehouse, customers — each true once done. For the
 * tenant's administrators (admins and the super-admin): the same role matrix row as the
 * connection, the first of the steps.
 */
import type { FastifyPluginAsync } from "fastify";
import type { FirstSteps } from "../../../../contract/api";
import { restrictTo } from "../../../plugins/requireRole";
import { readFirstSteps } from "./firstSteps.repository";

export const firstStepsRoutes: FastifyPluginAsync = async (app) => {
  restrictTo(app, "smartbillConnection");

  app.get<{ Reply: FirstSteps }>("/", (request) => readFirstSteps(app.db, request.tenantId, app.smartBillUrls));
};
