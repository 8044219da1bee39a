/**
 * Route-level access from the one role matrix (contract/roles.ts), the same table the client's
 * menu and guards read, so what a user is shown and what the server allows cannot drift apart.
 * Usage, for every route of a resource's plugin: `restrictTo(app, "tenants")`, which adds the
 * check as an onRequest hook (so a caller without the role gets 403 before the body is read or
 * validated) and states the roles in each route's schema, where the API document (/api/docs)
 * reads them: the check and its documentation come from the same line.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { ROLE_MATRIX, type ResourceName, type RoleName, rolesAllow } from "../../contract/roles";
import { HttpError } from "../errors";
import { accessDescriptions, messages } from "../messages";

export function requireRole(resource: ResourceName) {
  return async function checkRole(request: FastifyRequest): Promise<void> {
    if (!rolesAllow(request.user?.roles, resource)) {
      throw new HttpError(403, messages.roleForbidden);
    }
  };
}

/** The role check for every route the plugin `app` registers from now on, and its documentation. */
export function restrictTo(app: FastifyInstance, resource: ResourceName): void {
  documentAccessOf(app, { roles: ROLE_MATRIX[resource] });
  app.addHook("onRequest", requireRole(resource));
}

/**
 * Route options for one route whose check is its own (`check`, an onRequest hook), allowing the
 * union of some resources' roles: the check and the roles the document states, side by side.
 */
export function checkedBy(check: (request: FastifyRequest) => Promise<void>, ...resources: ResourceName[]) {
  const roles = [...new Set(resources.flatMap((resource) => ROLE_MATRIX[resource]))];
  return { onRequest: check, config: { access: { roles } } };
}

/** States `access` for every route `app` registers from now on, unless the route states its own. */
export function documentAccessOf(app: FastifyInstance, access: Access): void {
  app.addHook("onRoute", (route) => documentAccess(route, route.config?.access ?? access));
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route, when it differs from its plugin's (see `checkedBy`). */
    access?: Access;
  }
}

/**
 * Who may call a route, as the OpenAPI document shows it: `x-access` (public, signedIn or roles),
 * `x-roles` (the role matrix's row, for `roles`) and a sentence in the description. The /api
 * scope states `signedIn` for all its routes and a resource's plugin narrows it to its roles (a
 * plugin's onRoute hooks run after its parent's).
 */
export type Access = "public" | "signedIn" | { roles: readonly RoleName[] };

function documentAccess(route: RouteOptions, access: Access): void {
  const roles = typeof access === "object" ? access.roles : undefined;
  const description =
    access === "public" ? accessDescriptions.public : roles ? accessDescriptions.roles(roles) : accessDescriptions.signedIn;
  const documented: Record<string, unknown> = {
    ...route.schema,
    "x-access": roles ? "roles" : access,
    ...(roles ? { "x-roles": [...roles] } : {}),
    ...(access === "public" ? {} : { security: [{ bearerAuth: [] }] }),
    description,
  };
  route.schema = documented;
}
