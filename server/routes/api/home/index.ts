/**
 * GET /api/home: the home's figures ('Acasă') for the request's tenant, for the invoicing role
 * and the super-admin (the invoices' row of the role matrix: the figures are the invoices').
 * "Today" is read from the server's clock (app.now), in Romania's time zone.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HomeFiguresSchema } from "../../../../contract/schemas/home";
import { restrictTo } from "../../../plugins/requireRole";
import { routeFolder } from "../routeFolder";
import { readHomeFigures } from "./homeFigures";

export const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "invoices");

  app.get("/", { schema: { response: { 200: HomeFiguresSchema } } }, (request) => readHomeFigures(app.db, request.tenantId, app.now()));
};

export default routeFolder({ routes: homeRoutes });
