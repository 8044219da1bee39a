/**
 * The resource → path table: where each resource lives on the spec's irregular API (section 7).
 * A resource missing here is served by plain REST under /api/<resource> with no mapping code.
 */
import type { Identifier } from "react-admin";

export interface ResourcePaths {
  /** GET: the list (array, or `{content, totalElements}` when paged) */
  list: string;
  /** POST: create */
  create?: string;
  /** PUT/DELETE one record */
  one?: (id: Identifier) => string;
  /** GET one record; without it a record is found in the list */
  read?: (id: Identifier) => string;
  /** the record's key when it is not `id` (settings are keyed by name) */
  idField?: string;
}

const enc = (id: Identifier) => encodeURIComponent(String(id));

export const RESOURCE_PATHS: Record<string, ResourcePaths> = {
  tenants: { list: "/api/tenant/list", create: "/api/tenant/add", one: (id) => `/api/tenant/${enc(id)}` },
  users: { list: "/api/user/list", create: "/api/user/add", one: (id) => `/api/user/${enc(id)}` },
  properties: {
    list: "/api/property/properties",
    create: "/api/property/properties",
    one: (name) => `/api/property/properties/${enc(name)}`,
    idField: "name",
  },
  warehouses: {
    list: "/api/smartbill/warehouses",
    create: "/api/smartbill/warehouses",
    one: (id) => `/api/smartbill/warehouses/${enc(id)}`,
  },
  stock: { list: "/api/smartbill/stock" },
  tasks: { list: "/api/tasks", read: (id) => `/api/tasks/${enc(id)}` },
  customers: { list: "/api/smartbill/customer/all" },
  invoices: {
    list: "/api/smartbill/invoice",
    one: (id) => `/api/smartbill/invoice/${enc(id)}`,
    read: (id) => `/api/smartbill/invoice/${enc(id)}`,
  },
};
