/** GET /api/me: the caller as the database knows them now (not as the token remembers). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HttpError } from "../../../errors";
import { messages } from "../../../messages";
import { findAccountById } from "../users/users.repository";
import { MeAnswer } from "../../../../contract/schemas/me";
import { routeFolder } from "../routeFolder";

export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get("/me", { schema: { response: { 200: MeAnswer } } }, async (request) => {
    const account = await findAccountById(app.db, request.user.id);
    if (!account) throw new HttpError(401, messages.sessionExpired);
    return { email: account.email, tenant: account.tenant, roles: account.roles };
  });
};

export default routeFolder({ routes: meRoutes });
