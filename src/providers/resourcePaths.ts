/**
 * Where each resource lives on the API, derived from contract/paths.ts IRREGULAR_PATHS, the one
 * table of the spec's irregular paths (section 7) that the server's routes read too. A resource
 * missing from it lives at /api/<resource> (apiPathOf) with GET list, GET /:id, POST, PUT /:id and
 * DELETE /:id, as server/routes/api/tenantResourceRoutes.ts serves it: a new resource needs no
 * line there and no provider code.
 */
import type { Identifier } from "react-admin";
import { IRREGULAR_PATHS, type IrregularPath, PLAIN_REST_CALLS, apiPathOf, irregularPathOf } from "../../contract/paths";

export interface ResourcePaths {
  /** GET: the list, speaking the list protocol (server/routes/api/listQuery.ts) */
  list: string;
  /** POST: create */
  create?: string;
  /** PUT/DELETE one record */
  one?: (id: Identifier) => string;
  /** GET one record; without it a record is asked for by `?id=` on the list */
  read?: (id: Identifier) => string;
  /** the record's key when it is not `id` (settings are keyed by name) */
  idField?: string;
}

const enc = (id: Identifier) => encodeURIComponent(String(id));

/** A resource's paths: its row of IRREGULAR_PATHS, or plain REST at /api/<resource>. */
export function resourcePaths(resource: string): ResourcePaths {
  const row: IrregularPath = irregularPathOf(resource) ?? {};
  const base = apiPathOf(resource);
  const calls = new Set(row.calls ?? PLAIN_REST_CALLS);
  const one = (id: Identifier) => `${base}${row.one ?? ""}/${enc(id)}`;
  return {
    list: base + (row.list ?? ""),
    ...(calls.has("create") && { create: base + (row.create ?? "") }),
    ...(calls.has("one") && { one }),
    ...(calls.has("read") && { read: one }),
    ...(row.idField !== undefined && { idField: row.idField }),
  };
}

/** The paths of the resources IRREGULAR_PATHS has a row for (not the route folders that are no resource). */
export const RESOURCE_PATHS: Record<string, ResourcePaths> = Object.fromEntries(
  Object.entries(IRREGULAR_PATHS as Record<string, IrregularPath>)
    .filter(([, row]) => (row.calls ?? PLAIN_REST_CALLS).length > 0)
    .map(([name]) => [name, resourcePaths(name)]),
);
