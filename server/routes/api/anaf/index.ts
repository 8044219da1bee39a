/**
 * GET /api/anaf/company/{cif}: the company ANAF knows by that CIF ('RO18547290', '18547290'), for
 * the customer forms' 'Completează din ANAF'. Answered from the day's cache when it can be
 * (server/anaf/lookup.ts). 400 when the control digit is wrong (the import's words), 404 when ANAF
 * does not know it, 503 with the Romanian reason when ANAF cannot be asked now. It changes
 * nothing, so it writes no audit row. For those who keep the customers (the role matrix's row).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { cuiOf } from "../../../../contract/cif";
import { AnafCompanySchema } from "../../../../contract/schemas/anaf";
import { MessageAnswer, RefusalAnswer } from "../../../../contract/schemas/answers";
import { AnafUnavailable, lookupCompanies } from "../../../anaf/index";
import { anafMessages, customerRowMessages } from "../../../messages";
import { restrictTo } from "../../../plugins/requireRole";
import { routeFolder } from "../routeFolder";

export const anafRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "customers");

  app.get(
    "/company/:cif",
    {
      schema: {
        params: Type.Object({ cif: Type.String({ maxLength: 40 }) }),
        response: { 200: AnafCompanySchema, 400: RefusalAnswer, 404: MessageAnswer, 503: MessageAnswer },
      },
    },
    async (request, reply) => {
      const { cif } = request.params;
      const cui = cuiOf(cif);
      if (cui === null) return reply.code(400).send({ message: customerRowMessages.cifInvalid(cif) });
      try {
        const company = (await lookupCompanies(app, [cui])).get(cui) ?? null;
        if (!company) return reply.code(404).send({ message: anafMessages.notFound(cui) });
        return company;
      } catch (error) {
        if (error instanceof AnafUnavailable) {
          request.log.warn({ failure: error.failure, status: error.status }, "ANAF lookup failed");
          return reply.code(503).send({ message: error.message });
        }
        throw error;
      }
    },
  );
};

export default routeFolder({ routes: anafRoutes });
