/**
 * POST /dmz-api/refresh: a refresh token for a new access token and a new refresh token. The
 * user's email, tenant and roles are read again, so changes reach the token at the next refresh.
 *
 * Requests that present the same token before its exchange's answer was sent (a retry after a load
 * balancer's 502, a second tab), whatever they name their exchange, share that exchange and get
 * its answer: they are judged by when they arrived, not by when their turn came, since a fast
 * exchange can be over before a request that arrived with it is even read. A token presented after
 * the answer was sent is a reuse, unless it names an exchange within the retry window (sessions.ts).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { LoginResponse } from "../../../contract/api";
import { hashOpaqueToken } from "../../auth/opaqueTokens";
import { revokeSession, rotateRefreshToken } from "../../auth/sessions";
import { HttpError } from "../../errors";
import { messages } from "../../messages";
import { findAccountById } from "../api/users/users.repository";
import { loginResponse } from "./loginResponse";
import { LoginAnswer, refreshBody } from "../../../contract/schemas/dmz";

export const refreshRoute: FastifyPluginAsyncTypebox = async (app) => {
  /** Exchanges by token hash, kept a while after their answer was sent. */
  const answering = new Map<string, Exchange>();

  const exchange = async (refreshToken: string, attempt: string | undefined, log: { warn(message: string): void }) => {
    const rotation = await rotateRefreshToken(app.db, refreshToken, {
      refreshTtlSeconds: app.config.refreshTokenTtlSeconds,
      successorKey: app.jwtKey,
      attempt,
      retryWindowSeconds: app.config.refreshRetryWindowSeconds,
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
      // A session going on, not a change anyone made: not in the audit log.
      config: { audit: false },
      schema: { body: refreshBody, response: { 200: LoginAnswer } },
      onResponse: async (request, reply) => {
        const own = ownExchanges.get(request);
        if (!own) return;
        own.answeredAt = performance.now();
        const key = hashOpaqueToken(request.body.refreshToken);
        const forget = () => {
          if (answering.get(key) === own) answering.delete(key);
        };
        // A refused token is refused again by the database alike: only a new pair is worth keeping,
        // and what is kept follows the live sessions, not how many made-up tokens are sent.
        if (reply.statusCode !== 200) forget();
        else setTimeout(forget, JOINS_ANSWERED_FOR_MS).unref();
      },
    },
    async (request) => {
      const { refreshToken, attempt } = request.body;
      const key = hashOpaqueToken(refreshToken);
      const joined = answering.get(key);
      if (joined && (joined.answeredAt === undefined || request.arrivedAt < joined.answeredAt)) return joined.answer;
      const own: Exchange = { answer: exchange(refreshToken, attempt, request.log) };
      answering.set(key, own);
      ownExchanges.set(request, own);
      return own.answer;
    },
  );
};

interface Exchange {
  answer: Promise<LoginResponse>;
  /** When its answer was sent (`performance.now()`); requests that arrived before still join it. */
  answeredAt?: number;
}

/**
 * How long an answered exchange is kept for the requests that arrived before its answer was sent
 * and are still waiting to be read: far longer than any wait for a turn, however busy the server.
 */
const JOINS_ANSWERED_FOR_MS = 60_000;

/** The exchange each request started, so only its own request's end marks it answered. */
const ownExchanges = new WeakMap<object, Exchange>();
