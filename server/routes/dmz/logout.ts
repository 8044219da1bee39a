/**
 * POST /dmz-api/logout: ends the session whose refresh token is sent, so that token and the
 * session's access tokens stop working at once. Always 200 with the same message, even for an
 * unknown, already used or expired token: logging out is idempotent and the answer says nothing
 * about the token.
 */
import type { FastifyPluginAsync } from "fastify";
import type { LogoutRequest, MessageResponse } from "../../../contract/api";
import { revokeSessionOfRefreshToken } from "../../auth/sessions";
import { messages } from "../../messages";
import { logoutBody } from "./schemas";

export const logoutRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Body: LogoutRequest; Reply: MessageResponse }>(
    "/logout",
    { schema: { body: logoutBody } },
    async (request) => {
      await revokeSessionOfRefreshToken(app.db, request.body.refreshToken);
      return { message: messages.loggedOut };
    },
  );
};
