/**
 * /api/user: the users resource. Any signed-in user changes their own password here; the rest
 * is administration for admins and super-admins (role matrix row `users`). A super-admin
 * reaches every tenant's users; an admin only those of the admin's own tenant, and users of
 * other tenants answer 404 as if they did not exist. User 1 cannot be changed or deleted, and
 * nobody grants, takes away or takes over more power than they hold (contract/roles.ts
 * grantableRoles). A new user may be given roles with it; a super-admin belongs to the system
 * tenant only (contract/roles.ts SYSTEM_ONLY_ROLES).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { User } from "../../../../contract/api";
import { MIN_PASSWORD_LENGTH, PROTECTED_MAX_ID } from "../../../../contract/constants";
import { isEmailAddress } from "../../../../contract/emailAddress";
import { grantableRoles, isSuperadmin, type RoleName, ROLES, rolesForTenant } from "../../../../contract/roles";
import {
  createPasswordToken,
  invalidatePasswordTokens,
  passwordLink,
} from "../../../auth/passwordTokens";
import {
  clearAccountFailures,
  passwordChangeCounters,
  passwordChangeThrottleKeys,
  takeAttempt,
} from "../../../auth/loginThrottle";
import { hashPassword, verifyPassword } from "../../../auth/passwords";
import { isSessionActive, revokeUserSessions } from "../../../auth/sessions";
import type { Config } from "../../../config";
import { isUniqueViolation } from "../../../db/connection";
import { HttpError, throttled } from "../../../errors";
import {
  emailTaken,
  messages,
  passwordLinkResults,
  roleChangeForbidden,
  rolesResult,
  roleSystemOnly,
  systemOnlyUserMove,
  tooManyAttempts,
  userOutOfReach,
} from "../../../messages";
import { audited } from "../../../plugins/audit";
import { restrictTo } from "../../../plugins/requireRole";
import { findTenant } from "../tenants/tenants.repository";
import { listAnswer, MessageAnswer } from "../../../../contract/schemas/answers";
import { listQuerystringFor } from "../listQuery";
import {
  changePasswordBody,
  GenerateSetUrlAnswer,
  generateSetUrlBody,
  newUserBody,
  roleAssignmentBody,
  RoleListSchema,
  RolesAssignedAnswer,
  type UserBody,
  userBody,
  UserSchema,
} from "../../../../contract/schemas/users";
import { roleUserIdParams, userIdParams } from "./schemas";
import {
  deleteUser,
  findAccountByEmail,
  findAccountById,
  findUser,
  insertUser,
  listUsers,
  lockUser,
  normalizeEmail,
  replaceRoles,
  setPasswordHash,
  updateUser,
  type UserFields,
  type UserScope,
  userList
} from "./users.repository";
import { IRREGULAR_PATHS } from "../../../../contract/paths";
import { routeFolder } from "../routeFolder";

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/change-password",
    { config: { audit: "password.change" }, schema: { body: changePasswordBody, response: { 200: MessageAnswer } } },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const keys = passwordChangeThrottleKeys(request.user.id);
      const limits = app.config.passwordChangeThrottle;
      // Counted before the password is checked: once locked, even the right one is refused
      // until the lock ends, so a stolen session cannot guess the account's password.
      const lockedMs = await takeAttempt(app.db, passwordChangeCounters(keys, limits), limits.windowSeconds);
      if (lockedMs > 0) throw throttled(lockedMs, tooManyAttempts);
      const account = await findAccountById(app.db, request.user.id);
      if (!account) throw new HttpError(401, messages.sessionExpired);
      if (!(await verifyPassword(account.passwordHash, currentPassword))) {
        throw new HttpError(400, messages.currentPasswordWrong, {
          currentPassword: messages.currentPasswordWrong,
        });
      }
      // The right current password: whoever typed it needs no guessing.
      await clearAccountFailures(app.db, keys);
      if (newPassword.length < MIN_PASSWORD_LENGTH) {
        throw new HttpError(400, messages.passwordTooShort, { newPassword: messages.passwordTooShort });
      }
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, account.id, passwordHash);
        await invalidatePasswordTokens(trx, account.id);
        // Other devices signed in with the old password are signed out; this one stays.
        await revokeUserSessions(trx, account.id, request.user.sessionId);
        await request.audit(trx, { tenantId: account.tenant.id, target: account.id, targetLabel: account.email });
      });
      return { message: messages.passwordChanged };
    },
  );

  await app.register(userAdminRoutes);
};

const userAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // onRequest: a caller without the role is refused before the body is even read.
  restrictTo(app, "users");

  app.get(
    IRREGULAR_PATHS.users.list,
    { schema: { querystring: listQuerystringFor(userList), response: { 200: listAnswer(UserSchema) } } },
    (request) => listUsers(app.db, scopeOf(request), request.query),
  );

  app.post(
    IRREGULAR_PATHS.users.create,
    { config: { audit: "users.create" }, schema: { body: newUserBody, response: { 200: UserSchema } } },
    async (request) => {
      const fields = userFields(request.body);
      // The spec's body has no roles: the user then starts with none, as before.
      const roles = ROLES.filter((role) => request.body.roles?.includes(role));
      refuseUngrantable(request, roles);
      await checkTenant(request, fields.tenantId);
      refuseSystemOnlyRoles(fields.tenantId, roles);
      await refuseTakenEmail(fields.email);
      const id = await withEmailCheck(fields.email, () =>
        audited(
          request,
          app.db,
          async (trx) => {
            const id = await insertUser(trx, fields);
            await replaceRoles(trx, id, roles);
            return id;
          },
          (id) => ({ tenantId: fields.tenantId, target: id, targetLabel: fields.email, result: roles.length ? rolesResult(roles) : null }),
        ),
      );
      return (await findUser(app.db, "all", id))!;
    },
  );

  app.put(
    "/:id",
    { config: { audit: "users.update" }, schema: { params: userIdParams, body: userBody, response: { 200: UserSchema } } },
    async (request) => {
      const { id } = request.params;
      refuseProtected(id);
      // A stolen session must not be enough to take the account over: its email (where reset
      // links go) is changed by another administrator, its password on the profile's page.
      if (id === request.user.id) throw new HttpError(403, messages.ownAccountEdit);
      const fields = userFields(request.body);
      await reachableUser(request, id);
      await checkTenant(request, fields.tenantId);
      await refuseTakenEmail(fields.email, id);
      await withEmailCheck(fields.email, () =>
        app.db.transaction().execute(async (trx) => {
          // The tenant it had is read under the lock, not before: a move made meanwhile counts.
          if (!(await lockUser(trx, id))) throw new HttpError(404, messages.userNotFound);
          const before = await findUser(trx, "all", id);
          // Its roles go with it: a super-admin is not moved into a company.
          if (before && fields.tenantId !== before.tenant.id) {
            const stays = before.roles.find((role) => !rolesForTenant(fields.tenantId).includes(role));
            if (stays) throw new HttpError(400, systemOnlyUserMove(stays), { tenantId: systemOnlyUserMove(stays) });
          }
          await updateUser(trx, id, fields);
          // The tenant is in the access token: a moved user signs in again rather than keep
          // working on the old tenant's data until the token expires.
          if (fields.tenantId !== before?.tenant.id) await revokeUserSessions(trx, id);
          await request.audit(trx, { tenantId: fields.tenantId, target: id, targetLabel: fields.email });
        }),
      );
      return (await findUser(app.db, "all", id))!;
    },
  );

  app.delete(
    "/:id",
    { config: { audit: "users.delete" }, schema: { params: userIdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      const { id } = request.params;
      refuseProtected(id);
      if (id === request.user.id) throw new HttpError(409, messages.ownAccount);
      const user = await reachableUser(request, id);
      await audited(request, app.db, (trx) => deleteUser(trx, id), (deleted) => deleted ? { tenantId: user.tenant.id, target: id, targetLabel: user.email } : undefined);
      return { message: messages.userDeleted };
    },
  );

  app.get("/role/available", { schema: { response: { 200: RoleListSchema } } }, async (request) =>
    grantableRoles(request.user.roles),
  );

  app.get(
    "/role/assigned/:userId",
    { schema: { params: roleUserIdParams, response: { 200: RoleListSchema } } },
    async (request) => (await findInScope(request, request.params.userId)).roles,
  );

  app.put(
    "/role/assign/:userId",
    { config: { audit: "users.assignRoles" }, schema: { params: roleUserIdParams, body: roleAssignmentBody, response: { 200: RolesAssignedAnswer } } },
    async (request) => {
      const { userId } = request.params;
      refuseProtected(userId);
      const requested = new Set(request.body.roles);
      const roles = ROLES.filter((role) => requested.has(role));
      await app.db.transaction().execute(async (trx) => {
        // Read, checked and written under the user's lock: a change that began before another
        // ended (an admin re-granting the role being taken from them, say) sees that change, and
        // a caller whose own session it ended changes nothing.
        if (!(await lockUser(trx, userId))) throw new HttpError(404, messages.userNotFound);
        if (!(await isSessionActive(trx, request.user.sessionId))) throw new HttpError(401, messages.sessionExpired);
        const user = await findUser(trx, scopeOf(request), userId);
        if (!user) throw new HttpError(404, messages.userNotFound);
        const current = new Set(user.roles);
        const grantable = grantableRoles(request.user.roles);
        // Only the roles that change must be the caller's to grant: an admin may edit the other
        // roles of a super-admin's account, but neither make nor unmake a super-admin.
        const forbidden = ROLES.find((role) => requested.has(role) !== current.has(role) && !grantable.includes(role));
        if (forbidden) throw new HttpError(403, roleChangeForbidden(forbidden));
        // Checked on what is asked for, not only on what changes: a company's user keeps no
        // super-admin role, though one may still be taken away.
        refuseSystemOnlyRoles(user.tenant.id, roles);
        if (!ROLES.some((role) => requested.has(role) !== current.has(role))) return;
        await replaceRoles(trx, userId, roles);
        // The roles are in the access token: a user whose roles changed signs in again, so an
        // old token never exercises a role taken away (nor misses one granted) until it expires.
        await revokeUserSessions(trx, userId);
        await request.audit(trx, { tenantId: user.tenant.id, target: userId, targetLabel: user.email, result: rolesResult(roles) });
      });
      return { message: messages.rolesUpdated, roles };
    },
  );

  app.post(
    "/generate-set-url",
    { config: { audit: "users.passwordLink" }, schema: { body: generateSetUrlBody, response: { 200: GenerateSetUrlAnswer } } },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      if (!email) throw new HttpError(400, messages.emailRequired, { email: messages.emailRequired });
      const origin = linkOrigin(request.body.baseUrl, app.config);
      const account = await findAccountByEmail(app.db, email);
      const scope = scopeOf(request);
      if (!account || (scope !== "all" && account.tenant.id !== scope.tenantId)) {
        throw new HttpError(404, messages.userNotFound);
      }
      refuseProtected(account.id);
      // The own password is changed knowing the current one (change-password), never by a link
      // a stolen session could take.
      if (account.id === request.user.id) throw new HttpError(403, messages.ownAccountLink);
      refuseOutOfReach(request, account.roles);
      // A user who never chose a password gets a set link; anyone else a reset link. Either
      // way the user's older links stop working.
      const kind = account.passwordHash === null ? "set" : "reset";
      const token = await app.db.transaction().execute(async (trx) => {
        await invalidatePasswordTokens(trx, account.id);
        const created = await createPasswordToken(trx, account.id, kind);
        await request.audit(trx, { tenantId: account.tenant.id, target: account.id, targetLabel: account.email, result: passwordLinkResults[kind] });
        return created;
      });
      request.log.info({ userId: account.id, kind }, "password link generated");
      return { url: passwordLink(origin, kind, account.email, token) };
    },
  );

  /** The user, when the caller's scope reaches it; 404 otherwise, revealing nothing. */
  async function findInScope(request: FastifyRequest, id: number): Promise<User> {
    const user = await findUser(app.db, scopeOf(request), id);
    if (!user) throw new HttpError(404, messages.userNotFound);
    return user;
  }

  /** A user the caller may change or delete: in scope, and holding no role above the caller's. */
  async function reachableUser(request: FastifyRequest, id: number): Promise<User> {
    const user = await findInScope(request, id);
    refuseOutOfReach(request, user.roles);
    return user;
  }

  /** An admin works in the admin's own tenant only; the tenant must exist. */
  async function checkTenant(request: FastifyRequest, tenantId: number): Promise<void> {
    const scope = scopeOf(request);
    if (scope !== "all" && tenantId !== scope.tenantId) throw new HttpError(403, messages.otherTenantUsers);
    if (!(await findTenant(app.db, tenantId))) {
      throw new HttpError(400, messages.tenantUnknown, { tenantId: messages.tenantUnknown });
    }
  }

  async function refuseTakenEmail(email: string, exceptId?: number): Promise<void> {
    const other = await findAccountByEmail(app.db, email);
    if (other && other.id !== exceptId) throw new HttpError(409, emailTaken(email));
  }
};

/** A super-admin reaches every tenant; anyone else the request's tenant (their own, see tenantScope). */
function scopeOf(request: FastifyRequest): UserScope {
  return isSuperadmin(request.user.roles) ? "all" : { tenantId: request.tenantId };
}

/** Roles a new user is given must each be the caller's to grant (as PUT /role/assign checks). */
function refuseUngrantable(request: FastifyRequest, roles: readonly RoleName[]): void {
  const grantable = grantableRoles(request.user.roles);
  const forbidden = roles.find((role) => !grantable.includes(role));
  if (forbidden) throw new HttpError(403, roleChangeForbidden(forbidden));
}

/** A role the tenant's users may not hold (a super-admin outside the system tenant): 400 on `roles`. */
function refuseSystemOnlyRoles(tenantId: number, roles: readonly RoleName[]): void {
  const allowed = rolesForTenant(tenantId);
  const wrong = roles.find((role) => !allowed.includes(role));
  if (wrong) throw new HttpError(400, roleSystemOnly(wrong), { roles: roleSystemOnly(wrong) });
}

function refuseProtected(id: number): void {
  if (id <= PROTECTED_MAX_ID) throw new HttpError(403, messages.userProtected);
}

/**
 * An account holding a role the caller could not grant is out of the caller's reach: otherwise
 * an admin could rename a super-admin's email, or take a reset link for it, and sign in as them.
 */
function refuseOutOfReach(request: FastifyRequest, roles: readonly string[]): void {
  const grantable: readonly string[] = grantableRoles(request.user.roles);
  const above = roles.find((role) => !grantable.includes(role));
  if (above) throw new HttpError(403, userOutOfReach(above));
}

/** Trimmed, lower-case email and a chosen tenant, or 400 naming every problem. */
function userFields(body: UserBody): UserFields {
  const email = normalizeEmail(body.email ?? "");
  const errors: Record<string, string> = {};
  if (!email) errors.email = messages.emailRequired;
  else if (!isEmailAddress(email)) errors.email = messages.emailInvalid;
  if (!body.tenantId) errors.tenantId = messages.tenantRequired;
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first, errors);
  return { email, tenantId: body.tenantId! };
}

/** Two requests taking the same email at once: the second meets the unique index. */
async function withEmailCheck<T>(email: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, emailTaken(email));
    throw error;
  }
}

/**
 * The origin of a set/reset link from the client's `baseUrl` (the app's origin + '/dmz'). In
 * production it must be APP_URL's origin, so a link handed out never points elsewhere.
 */
function linkOrigin(baseUrl: string, config: Config): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new HttpError(400, messages.baseUrlInvalid, { baseUrl: messages.baseUrlInvalid });
  }
  const shapeOk =
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.pathname === "/dmz" &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  const originOk = config.demo || (!!config.appUrl && url.origin === new URL(config.appUrl).origin);
  if (!shapeOk || !originOk) {
    throw new HttpError(400, messages.baseUrlInvalid, { baseUrl: messages.baseUrlInvalid });
  }
  return url.origin;
}

export default routeFolder({ routes: userRoutes });
