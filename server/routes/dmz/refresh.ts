/**
 * POST /dmz-api/refresh: a refresh token for a new access token and a new refresh token. The
 * user's email, tenant and roles are read again, so changes reach the token at the next refresh.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { revokeSession, rotateRefreshToken } from "../../auth/sessions";
import { HttpError } from "../../errors";
import { messages } from "../../messages";
import { findAccountById } from "../api/users/users.repository";
import { loginResponse } from "./loginResponse";
import { LoginAnswer, refreshBody } from "./schemas";

export const refreshRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/refresh",
    { schema: { body: refreshBody, response: { 200: LoginAnswer } } },
    async (request) => {
      const rotation = await rotateRefreshToken(
        app.db,
        request.body.refreshToken,
        app.config.refreshTokenTtlSeconds,
        request.body.attempt,
      );
      if (!rotation.ok) {
        if (rotation.reason === "reused") {
          request.log.warn("refresh token reused: its session has been revoked");
        }
        throw new HttpError(401, messages.sessionExpired);
      }
      const account = await findAccountById(app.db, rotation.userId);
      if (!account) {
        await revokeSession(app.db, rotation.sessionId);
        throw new HttpError(401, messages.sessionExpired);
      }
      return loginResponse(app, account, rotation.sessionId, rotation.refreshToken);
    },
  );
};
