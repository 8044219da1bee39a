/**
 * What a route folder under server/routes/api exports as default: its routes, mounted at its
 * prefix (contract/paths.ts apiPrefixOf(<folder>)) or as several plugins with their own prefixes,
 * and, for a plain tenant resource, its definition (tenantResourceRoutes.ts), which the
 * registries (tenant data, audit actions) and the generic tests read. The folders are found, not
 * listed (routeFolders.ts): a folder is mounted by existing.
 */
import type { FastifyPluginAsync } from "fastify";
import type { PlainResource } from "./plainResource";

export type Mount = readonly [plugin: FastifyPluginAsync, prefix: string];

export interface RouteFolder {
  /** The folder's plugin, at the folder's prefix; or its plugins, each at its prefix. */
  routes: FastifyPluginAsync | readonly Mount[];
  /** Set when the folder is a plain tenant resource (tenantResource()). */
  resource?: PlainResource;
}

/** Types a folder's default export. */
export const routeFolder = (folder: RouteFolder): RouteFolder => folder;

export const isRouteFolder = (value: unknown): value is RouteFolder =>
  !!value && typeof value === "object" && (typeof (value as RouteFolder).routes === "function" || Array.isArray((value as RouteFolder).routes));
