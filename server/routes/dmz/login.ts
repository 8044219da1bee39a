/** POST /dmz-api/login: email and password for a session (spec section 7). */
import type { FastifyPluginAsync } from "fastify";
import type { LoginRequest, LoginResponse } from "../../../contract/api";
import { attemptSucceeded, loginCounters, takeAttempt, throttleKeys } from "../../auth/loginThrottle";
import { verifyPassword } from "../../auth/passwords";
import { startSession } from "../../auth/sessions";
import { HttpError, throttled } from "../../errors";
import { messages, tooManyAttempts } from "../../messages";
import { findAccountByEmail, normalizeEmail } from "../api/users/users.repository";
import { loginResponse } from "./loginResponse";
import { loginBody } from "./schemas";

export const loginRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Body: LoginRequest; Reply: LoginResponse }>(
    "/login",
    { schema: { body: loginBody } },
    async (request) => {
      const email = normalizeEmail(request.body.username);
      const keys = throttleKeys(email, request.ip);

      const limits = app.config.loginThrottle;
      const lockedMs = await takeAttempt(app.db, loginCounters(keys, limits), limits.windowSeconds);
      if (lockedMs > 0) throw throttled(lockedMs, tooManyAttempts);

      const account = await findAccountByEmail(app.db, email);
      // Unknown email, no password yet and wrong password all get the same answer, in the
      // same time (verifyPassword runs a decoy check), so the answer reveals no account.
      const valid = await verifyPassword(account?.passwordHash ?? null, request.body.password);
      if (!account || !valid) throw new HttpError(401, messages.wrongCredentials);

      await attemptSucceeded(app.db, keys, limits);
      const { sessionId, refreshToken } = await startSession(
        app.db,
        account.id,
        app.config.refreshTokenTtlSeconds,
      );
      return loginResponse(app, account, sessionId, refreshToken);
    },
  );
};
