/**
 * GET /api/first-steps: the request's tenant's set-up checklist ('Primii pași') — a SmartBill
 * connection, an invoicing user, a warehouse, customers — each true once done. For the
 * tenant's administrators (admins and the super-admin): the same role matrix row as the
 * connection, the first of the steps.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { restrictTo } from "../../../plugins/requireRole";
import { readFirstSteps } from "./firstSteps.repository";
import { FirstStepsSchema } from "../../../../contract/schemas/firstSteps";
import { routeFolder } from "../routeFolder";

export const firstStepsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "smartbillConnection");

  app.get("/", { schema: { response: { 200: FirstStepsSchema } } }, (request) =>
    readFirstSteps(app.db, request.tenantId, app.smartBillUrls),
  );
};

export default routeFolder({ routes: firstStepsRoutes });
