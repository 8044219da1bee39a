/**
 * Where each resource lives on the API. The spec's irregular paths (section 7) are the table
 * below; a resource missing from it lives at /api/<resource> (contract/paths.ts apiPathOf) with
 * GET list, GET /:id, POST, PUT /:id and DELETE /:id, as server/routes/api/tenantResourceRoutes.ts
 * serves it: a new resource needs no line here and no provider code.
 */
import type { Identifier } from "react-admin";
import { RESOURCE_SUFFIXES, apiPathOf } from "../../contract/paths";

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
const S = RESOURCE_SUFFIXES;

export const RESOURCE_PATHS: Record<string, ResourcePaths> = {
  tenants: {
    list: apiPathOf("tenants") + S.tenants.list,
    create: apiPathOf("tenants") + S.tenants.create,
    one: (id) => `${apiPathOf("tenants")}${S.tenants.one}/${enc(id)}`,
  },
  users: {
    list: apiPathOf("users") + S.users.list,
    create: apiPathOf("users") + S.users.create,
    one: (id) => `${apiPathOf("users")}${S.users.one}/${enc(id)}`,
  },
  properties: {
    list: apiPathOf("properties") + S.properties.list,
    create: apiPathOf("properties") + S.properties.create,
    one: (name) => `${apiPathOf("properties")}${S.properties.one}/${enc(name)}`,
    idField: "name",
  },
  warehouses: {
    list: apiPathOf("warehouses"),
    create: apiPathOf("warehouses"),
    one: (id) => `${apiPathOf("warehouses")}/${enc(id)}`,
  },
  stock: { list: apiPathOf("stock") },
  tasks: { list: apiPathOf("tasks"), read: (id) => `${apiPathOf("tasks")}/${enc(id)}` },
  customers: { list: apiPathOf("customers") + S.customers.list },
  invoices: {
    list: apiPathOf("invoices"),
    one: (id) => `${apiPathOf("invoices")}/${enc(id)}`,
    read: (id) => `${apiPathOf("invoices")}/${enc(id)}`,
  },
};

/** A resource's paths: its row of the table, or plain REST at /api/<resource>. */
export function resourcePaths(resource: string): ResourcePaths {
  if (Object.hasOwn(RESOURCE_PATHS, resource)) return RESOURCE_PATHS[resource];
  const base = apiPathOf(resource);
  const one = (id: Identifier) => `${base}/${enc(id)}`;
  return { list: base, create: base, one, read: one };
}
