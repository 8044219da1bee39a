/**
 * POST /dmz-api/refresh: a refresh token for a new access token and a new refresh token. The
 * user's email, tenant and roles are read again, so changes reach the token at the next refresh.
 *
 * Requests that present the same token while its exchange is still being answered (a retry after
 * a load balancer's 502, a second tab) share that exchange and get its answer, until the answer
 * has been sent: only a token presented after that counts as a reuse (sessions.ts).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { LoginResponse } from "../../../contract/api";
import { hashOpaqueToken } from "../../auth/opaqueTokens";
import { revokeSession, rotateRefreshToken } from "../../auth/sessions";
import { HttpError } from "../../errors";
import { messages } from "../../messages";
import { findAccountById } from "../api/users/users.repository";
import { loginResponse } from "./loginResponse";
import { LoginAnswer, refreshBody } from "./schemas";

export const refreshRoute: FastifyPluginAsyncTypebox = async (app) => {
  /** Exchanges being answered, by token hash and exchange name; removed once their answer is sent. */
  const answering = new Map<string, Promise<LoginResponse>>();

  const exchange = async (refreshToken: string, attempt: string | undefined, log: { warn(message: string): void }) => {
    const rotation = await rotateRefreshToken(app.db, refreshToken, {
      refreshTtlSeconds: app.config.refreshTokenTtlSeconds,
      successorKey: app.jwtKey,
      attempt,
    });
    if (!rotation.ok) {
      if (rotation.reason === "reused") log.warn("refresh token reused: its session has been revoked");
      throw new HttpError(401, messages.sessionExpired);
    }
    const account = await findAccountById(app.db, rotation.userId);
    if (!account) {
      await revokeSession(app.db, rotation.sessionId);
      throw new HttpError(401, messages.sessionExpired);
    }
    return loginResponse(app, account, rotation.sessionId, rotation.refreshToken);
  };

  app.post(
    "/refresh",
    {
      // A session going on, not a change anyone made: not in the audit log. Judged by when it
      // arrived: a retry sent while the first exchange runs joins it, however busy the server.
      config: { audit: false, waitsForTurn: false },
      schema: { body: refreshBody, response: { 200: LoginAnswer } },
      onResponse: async (request) => {
        const own = ownAnswers.get(request);
        if (!own) return;
        const key = answeringKey(request.body.refreshToken, request.body.attempt);
        if (answering.get(key) === own) answering.delete(key);
      },
    },
    async (request) => {
      const { refreshToken, attempt } = request.body;
      const key = answeringKey(refreshToken, attempt);
      const joined = answering.get(key);
      if (joined) return joined;
      const answer = exchange(refreshToken, attempt, request.log);
      answering.set(key, answer);
      ownAnswers.set(request, answer);
      return answer;
    },
  );
};

/** The exchange each request started, so only its own request's end removes it. */
const ownAnswers = new WeakMap<object, Promise<LoginResponse>>();

const answeringKey = (refreshToken: string, attempt: string | undefined) =>
  `${hashOpaqueToken(refreshToken)} ${attempt ?? ""}`;
