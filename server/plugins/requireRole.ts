/**
 * Route-level access from the one role matrix (contract/roles.ts), the same table the client's
 * menu and guards read, so what a user is shown and what the server allows cannot drift apart.
 * Usage, for every route of a resource's plugin: `app.addHook("onRequest", requireRole("tenants"))`
 * (onRequest, so a caller without the role gets 403 before the body is read or validated).
 */
import type { FastifyRequest } from "fastify";
import { type ResourceName, rolesAllow } from "../../contract/roles";
import { HttpError } from "../errors";
import { messages } from "../messages";

export function requireRole(resource: ResourceName) {
  return async function checkRole(request: FastifyRequest): Promise<void> {
    if (!rolesAllow(request.user?.roles, resource)) {
      throw new HttpError(403, messages.roleForbidden);
    }
  };
}
