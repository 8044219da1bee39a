/**
 * POST /dmz-api/set and /dmz-api/reset: choose a password with a link's token. Both work the
 * same; a token only opens the route of its own kind. The new password ends every existing
 * session of the user: whoever knew the old one is signed out. Uses are counted per client address
 * before the token is looked at (auth/loginThrottle.ts, `passwordLinkCounter`): past the limit of
 * wrong links, even a good one is answered 429 until the window ends.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { MIN_PASSWORD_LENGTH } from "../../../contract/constants";
import { clearAccountFailures, giveBackAttempt, passwordLinkCounter, takeAttempt, throttleKeys } from "../../auth/loginThrottle";
import {
  consumePasswordToken,
  invalidatePasswordTokens,
  isPasswordTokenValid,
} from "../../auth/passwordTokens";
import { hashPassword } from "../../auth/passwords";
import { revokeUserSessions } from "../../auth/sessions";
import type { PasswordTokenKind } from "../../db/database";
import { HttpError, throttled } from "../../errors";
import { messages, tooManyAttempts } from "../../messages";
import { findAccountById, normalizeEmail, setPasswordHash } from "../api/users/users.repository";
import { MessageAnswer } from "../../../contract/schemas/answers";
import { passwordTokenBody } from "../../../contract/schemas/dmz";

const SUCCESS: Record<PasswordTokenKind, string> = {
  set: messages.passwordSet,
  reset: messages.passwordReset,
};

export const passwordTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const kind of ["set", "reset"] as const) {
    app.post(
      `/${kind}`,
      { config: { audit: `password.${kind}` }, schema: { body: passwordTokenBody, response: { 200: MessageAnswer } } },
      async (request) => {
        const { token, newPassword } = request.body;
        const email = normalizeEmail(request.body.email);
        // Checked before the token, so a too-short password leaves the link usable.
        if (newPassword.length < MIN_PASSWORD_LENGTH) {
          throw new HttpError(400, messages.passwordTooShort, { newPassword: messages.passwordTooShort });
        }
        // Counted before the token is looked at, as sign-in counts before the password is: links
        // sent all at once take their numbers first, and past the limit even a good one waits.
        const limits = app.config.loginThrottle;
        const counter = passwordLinkCounter(request.ip, limits);
        const lockedMs = await takeAttempt(app.db, [counter], limits.windowSeconds);
        if (lockedMs > 0) throw throttled(lockedMs, tooManyAttempts);
        // Cheap check first: an unauthenticated caller should not make us hash for nothing.
        if (!(await isPasswordTokenValid(app.db, email, token, kind))) {
          throw new HttpError(400, messages.passwordTokenInvalid);
        }
        const passwordHash = await hashPassword(newPassword);
        const userId = await app.db.transaction().execute(async (trx) => {
          const id = await consumePasswordToken(trx, email, token, kind);
          if (id === undefined) return undefined;
          await setPasswordHash(trx, id, passwordHash);
          await invalidatePasswordTokens(trx, id);
          await revokeUserSessions(trx, id);
          const account = await findAccountById(trx, id);
          if (account) await request.audit(trx, { user: account, tenantId: account.tenant.id, target: id, targetLabel: account.email });
          return id;
        });
        if (userId === undefined) throw new HttpError(400, messages.passwordTokenInvalid);
        // Whoever proved control of the mailbox may sign in at once, even after a lock-out.
        await clearAccountFailures(app.db, throttleKeys(email, request.ip));
        await giveBackAttempt(app.db, counter);
        return { message: SUCCESS[kind] };
      },
    );
  }
};
