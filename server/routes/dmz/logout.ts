/**
 * POST /dmz-api/logout: ends the session whose refresh token is sent, so that token and the
 * session's access tokens stop working at once. Always 200 with the same message, even for an
 * unknown, already used or expired token: logging out is idempotent and the answer says nothing
 * about the token.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { revokeSessionOfRefreshToken } from "../../auth/sessions";
import { messages } from "../../messages";
import { MessageAnswer } from "../answers";
import { logoutBody } from "./schemas";

export const logoutRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/logout",
    { schema: { body: logoutBody, response: { 200: MessageAnswer } } },
    async (request) => {
      await revokeSessionOfRefreshToken(app.db, request.body.refreshToken);
      return { message: messages.loggedOut };
    },
  );
};
