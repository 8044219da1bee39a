/**
 * POST /dmz-api/password-token/check: whether a set/reset-password link still works, asked by its
 * page when it opens, so that a used or expired link says so at once (with the way to a new one)
 * rather than after both passwords are typed. It reads and consumes nothing: the link works
 * afterwards exactly as before. The answer is only `valid`; an unknown e-mail, a wrong token, a
 * used or expired one and one of the other kind all answer false alike, so it tells no more than
 * the token itself proves. Checks are counted per client address (in login_failures, as
 * recover's requests), so the route cannot be used to hammer the database.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { takeAttempt } from "../../auth/loginThrottle";
import { isPasswordTokenValid } from "../../auth/passwordTokens";
import { throttled } from "../../errors";
import { tooManyRequests } from "../../messages";
import { normalizeEmail } from "../api/users/users.repository";
import { PasswordTokenCheckAnswer, passwordTokenCheckBody } from "../../../contract/schemas/dmz";

/** Checks one client address may make per window (LOGIN_WINDOW_SECONDS): many links' worth. */
export const PASSWORD_TOKEN_CHECKS_PER_ADDRESS = 30;

export const passwordTokenCheckRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/password-token/check",
    // A question, not a change: nothing a person did is recorded.
    { config: { audit: false }, schema: { body: passwordTokenCheckBody, response: { 200: PasswordTokenCheckAnswer } } },
    async (request) => {
      const counters = [{ key: `password-check-address:${request.ip}`, max: PASSWORD_TOKEN_CHECKS_PER_ADDRESS }];
      const lockedMs = await takeAttempt(app.db, counters, app.config.loginThrottle.windowSeconds);
      if (lockedMs > 0) throw throttled(lockedMs, tooManyRequests);
      const { token, kind } = request.body;
      return { valid: await isPasswordTokenValid(app.db, normalizeEmail(request.body.email), token, kind) };
    },
  );
};
