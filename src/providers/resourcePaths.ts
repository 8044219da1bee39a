/**
 * Where each resource lives on the API. The spec's irregular paths (section 7) are the table
 * below; a resource missing from it lives at /api/<resource> (contract/paths.ts apiPathOf) with
 * GET list, GET /:id, POST, PUT /:id and DELETE /:id, as server/routes/api/tenantResourceRoutes.ts
 * serves it: a new resource needs no line here and no provider code.
 */
import type { Identifier } from "react-admin";
import { API, API_PREFIXES, apiPathOf } from "../../contract/paths";

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
const under = (prefix: string) => `${API}${prefix}`;

export const RESOURCE_PATHS: Record<string, ResourcePaths> = {
  tenants: {
    list: `${under(API_PREFIXES.tenants)}/list`,
    create: `${under(API_PREFIXES.tenants)}/add`,
    one: (id) => `${under(API_PREFIXES.tenants)}/${enc(id)}`,
  },
  users: {
    list: `${under(API_PREFIXES.users)}/list`,
    create: `${under(API_PREFIXES.users)}/add`,
    one: (id) => `${under(API_PREFIXES.users)}/${enc(id)}`,
  },
  properties: {
    list: `${under(API_PREFIXES.properties)}/properties`,
    create: `${under(API_PREFIXES.properties)}/properties`,
    one: (name) => `${under(API_PREFIXES.properties)}/properties/${enc(name)}`,
    idField: "name",
  },
  warehouses: {
    list: under(API_PREFIXES.warehouses),
    create: under(API_PREFIXES.warehouses),
    one: (id) => `${under(API_PREFIXES.warehouses)}/${enc(id)}`,
  },
  stock: { list: under(API_PREFIXES.stock) },
  tasks: { list: under(API_PREFIXES.tasks), read: (id) => `${under(API_PREFIXES.tasks)}/${enc(id)}` },
  customers: { list: `${under(API_PREFIXES.customers)}/all` },
  invoices: {
    list: under(API_PREFIXES.invoices),
    one: (id) => `${under(API_PREFIXES.invoices)}/${enc(id)}`,
    read: (id) => `${under(API_PREFIXES.invoices)}/${enc(id)}`,
  },
};

/** A resource's paths: its row of the table, or plain REST at /api/<resource>. */
export function resourcePaths(resource: string): ResourcePaths {
  if (Object.hasOwn(RESOURCE_PATHS, resource)) return RESOURCE_PATHS[resource];
  const base = apiPathOf(resource);
  const one = (id: Identifier) => `${base}/${enc(id)}`;
  return { list: base, create: base, one, read: one };
}
