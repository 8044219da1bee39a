/**
 * POST /dmz-api/logout: ends the session whose refresh token is sent, so that token and the
 * session's access tokens stop working at once. Always 200 with the same message, even for an
 * unknown, already used or expired token: logging out is idempotent and the answer says nothing
 * about the token.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { revokeSessionOfRefreshToken } from "../../auth/sessions";
import { messages } from "../../messages";
import { findAccountById } from "../api/users/users.repository";
import { MessageAnswer } from "../../../contract/schemas/answers";
import { logoutBody } from "../../../contract/schemas/dmz";

export const logoutRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/logout",
    { config: { audit: "session.signOut" }, schema: { body: logoutBody, response: { 200: MessageAnswer } } },
    async (request) => {
      await app.db.transaction().execute(async (trx) => {
        const userId = await revokeSessionOfRefreshToken(trx, request.body.refreshToken);
        // Only a session that was live is a sign-out; a token already spent changed nothing.
        const account = userId === undefined ? undefined : await findAccountById(trx, userId);
        if (account) await request.audit(trx, { user: account, tenantId: account.tenant.id, target: account.id, targetLabel: account.email });
      });
      return { message: messages.loggedOut };
    },
  );
};
