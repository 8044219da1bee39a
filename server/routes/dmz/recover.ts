/**
 * POST /dmz-api/recover: e-mails a reset-password link. The answer is the same whether or not
 * the address has an account, so the form cannot be used to discover accounts. Requests are
 * limited per email and per client address (auth/loginThrottle.ts), so the form cannot be used
 * to flood a mailbox or the outbox; an unknown email is counted exactly like a known one.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { recoverCounters, recoverThrottleKeys, takeAttempt } from "../../auth/loginThrottle";
import { createPasswordToken, passwordLink } from "../../auth/passwordTokens";
import { throttled } from "../../errors";
import { messages, resetPasswordMail, tooManyRequests } from "../../messages";
import { findAccountByEmail, normalizeEmail } from "../api/users/users.repository";
import { MessageAnswer } from "../../../contract/schemas/answers";
import { recoverBody } from "../../../contract/schemas/dmz";

export const recoverRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/recover",
    { config: { audit: "password.recover" }, schema: { body: recoverBody, response: { 200: MessageAnswer } } },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const keys = recoverThrottleKeys(email, request.ip);
      const limits = app.config.recoverThrottle;
      const lockedMs = await takeAttempt(app.db, recoverCounters(keys, limits), limits.windowSeconds);
      if (lockedMs > 0) throw throttled(lockedMs, tooManyRequests);

      const account = await findAccountByEmail(app.db, email);
      if (account) {
        const token = await app.db.transaction().execute(async (trx) => {
          const created = await createPasswordToken(trx, account.id, "reset");
          await request.audit(trx, { user: account, tenantId: account.tenant.id, target: account.id, targetLabel: account.email });
          return created;
        });
        const link = passwordLink(publicOrigin(request), "reset", account.email, token);
        await app.mailer.send({
          recipient: account.email,
          subject: resetPasswordMail.subject,
          body: resetPasswordMail.body(link),
        });
        // In demo mode there may be no mail server: the log is where the link can be found.
        // In production a usable link stays out of the logs.
        if (app.config.demo) request.log.info({ email: account.email, link }, "password reset link");
        else request.log.info({ userId: account.id }, "password reset link created");
      }
      return { message: messages.recoverAccepted };
    },
  );
};

/**
 * Where links should point: APP_URL, which production requires (config.ts). Only in demo mode
 * may it be unset; then the origin the request was sent to, which trusts the Host header.
 */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.config.appUrl ?? `${request.protocol}://${request.host}`;
}
