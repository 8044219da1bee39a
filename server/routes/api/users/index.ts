/**
 * /api/user: the users resource. For now only the caller's own password change; issue 3 adds
 * the administration routes (list, add, edit, delete, roles, generate-set-url) here.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ChangePasswordRequest, MessageResponse } from "../../../../contract/api";
import { MIN_PASSWORD_LENGTH } from "../../../../contract/constants";
import { invalidatePasswordTokens } from "../../../auth/passwordTokens";
import { hashPassword, verifyPassword } from "../../../auth/passwords";
import { revokeUserSessions } from "../../../auth/sessions";
import { HttpError } from "../../../errors";
import { messages } from "../../../messages";
import { changePasswordBody } from "./schemas";
import { findAccountById, setPasswordHash } from "./users.repository";

export const userRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: ChangePasswordRequest; Reply: MessageResponse }>(
    "/change-password",
    { schema: { body: changePasswordBody } },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const account = await findAccountById(app.db, request.user.id);
      if (!account) throw new HttpError(401, messages.sessionExpired);
      if (!(await verifyPassword(account.passwordHash, currentPassword))) {
        throw new HttpError(400, messages.currentPasswordWrong, {
          currentPassword: messages.currentPasswordWrong,
        });
      }
      if (newPassword.length < MIN_PASSWORD_LENGTH) {
        throw new HttpError(400, messages.passwordTooShort, { newPassword: messages.passwordTooShort });
      }
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, account.id, passwordHash);
        await invalidatePasswordTokens(trx, account.id);
        // Other devices signed in with the old password are signed out; this one stays.
        await revokeUserSessions(trx, account.id, request.user.sessionId);
      });
      return { message: messages.passwordChanged };
    },
  );
};
