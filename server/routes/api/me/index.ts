/** GET /api/me: the caller as the database knows them now (not as the token remembers). */
import type { FastifyPluginAsync } from "fastify";
import type { MeResponse } from "../../../../contract/api";
import { HttpError } from "../../../errors";
import { messages } from "../../../messages";
import { findAccountById } from "../users/users.repository";

export const meRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Reply: MeResponse }>("/me", async (request) => {
    const account = await findAccountById(app.db, request.user.id);
    if (!account) throw new HttpError(401, messages.sessionExpired);
    return { email: account.email, tenant: account.tenant, roles: account.roles };
  });
};
