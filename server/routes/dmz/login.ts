/** POST /dmz-api/login: email and password for a session (spec section 7). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { knownDevice, rememberDevice } from "../../auth/deviceCookies";
import { attemptSucceeded, deviceThrottleKeys, loginCounters, takeAttempt, throttleKeys } from "../../auth/loginThrottle";
import { verifyPassword } from "../../auth/passwords";
import { startSession } from "../../auth/sessions";
import { skippedWhenStorageFails } from "../../db/skippedWhenStorageFails";
import { HttpError, throttled } from "../../errors";
import { messages, tooManyAttempts } from "../../messages";
import { findAccountByEmail, findAccountById, lockUser, normalizeEmail } from "../api/users/users.repository";
import { loginResponse } from "./loginResponse";
import { LoginAnswer, loginBody } from "../../../contract/schemas/dmz";

export const loginRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/login",
    { config: { audit: "session.signIn" }, schema: { body: loginBody, response: { 200: LoginAnswer } } },
    async (request, reply) => {
      const email = normalizeEmail(request.body.username);
      // A browser this account signed in from before has its own counter: strangers' wrong
      // passwords lock the account for strangers only (auth/deviceCookies.ts).
      const device = knownDevice(app.jwtKey, request, email);
      const keys = device ? deviceThrottleKeys(device) : throttleKeys(email, request.ip);

      const limits = app.config.loginThrottle;
      // A full or read-only disk (SQLite) refuses the counters' write: the sign-in goes on without
      // counting (the password is still checked), rather than nobody signing in at all.
      const lockedMs = await skippedWhenStorageFails(request.log, 0, () => takeAttempt(app.db, loginCounters(keys, limits), limits.windowSeconds));
      if (lockedMs > 0) throw throttled(lockedMs, tooManyAttempts);

      const account = await findAccountByEmail(app.db, email);
      // Unknown email, no password yet and wrong password all get the same answer, in the
      // same time (verifyPassword runs a decoy check), so the answer reveals no account.
      const valid = await verifyPassword(account?.passwordHash ?? null, request.body.password);
      if (!account || !valid) throw new HttpError(401, messages.wrongCredentials);

      await skippedWhenStorageFails(request.log, undefined, () => attemptSucceeded(app.db, keys, limits));
      // The roles are read again, with the session made, under the user's lock: a role change,
      // a move or a deletion that landed while the password was being checked is seen here, and
      // one that comes after ends this session like every other, so the token never carries
      // roles the user no longer holds.
      const signedIn = await app.db.transaction().execute(async (trx) => {
        if (!(await lockUser(trx, account.id, "read"))) return undefined;
        const current = await findAccountById(trx, account.id);
        if (!current) return undefined;
        const session = await startSession(trx, current.id, app.config.refreshTokenTtlSeconds);
        await request.audit(trx, { user: current, tenantId: current.tenant.id, target: current.id, targetLabel: current.email });
        return { current, ...session };
      });
      if (!signedIn) throw new HttpError(401, messages.wrongCredentials);
      rememberDevice(app.jwtKey, request, reply, email);
      return loginResponse(app, signedIn.current, signedIn.sessionId, signedIn.refreshToken);
    },
  );
};
