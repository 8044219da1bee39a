/** URL prefixes shared by the client and the server. */
export const DMZ_API = "/dmz-api";
export const API = "/api";

export const DMZ_PATHS = {
  login: `${DMZ_API}/login`,
  refresh: `${DMZ_API}/refresh`,
  set: `${DMZ_API}/set`,
  reset: `${DMZ_API}/reset`,
  recover: `${DMZ_API}/recover`,
  logout: `${DMZ_API}/logout`,
  /** POST: whether a set/reset-password link still works (read only). */
  passwordTokenCheck: `${DMZ_API}/password-token/check`,
  /** GET: the operator's contact details; POST: a message to the operator (the contact page). */
  contact: `${DMZ_API}/contact`,
} as const;

/**
 * Where each route folder of the server (server/routes/api/<folder>) answers, under /api: the
 * spec's irregular prefixes. A resource missing here answers at /api/<resource> (`apiPathOf`).
 */
export const API_PREFIXES = {
  me: "",
  tenants: "/tenant",
  users: "/user",
  properties: "/property",
  warehouses: "/smartbill/warehouses",
  stock: "/smartbill/stock",
  customers: "/smartbill/customer",
  taxes: "/smartbill/tax",
  invoices: "/smartbill/invoice",
  tasks: "/tasks",
  smartbillConnection: "/smartbill/connection",
  firstSteps: "/first-steps",
} as const satisfies Record<string, string>;

/** The path under /api where a route folder answers: its spec prefix, or `/<name>`. */
export const apiPrefixOf = (name: string): string =>
  Object.hasOwn(API_PREFIXES, name) ? API_PREFIXES[name as keyof typeof API_PREFIXES] : `/${name}`;

/**
 * The spec's irregular paths under a resource's prefix (API_PREFIXES): its list, its create, and
 * the part before one record's key (`${one}/{id}`). A resource missing here speaks plain REST at
 * its prefix: GET and POST on it, one record at `/{id}`. The server's routes and the client's
 * path table (src/providers/resourcePaths.ts) both read this table.
 */
export const RESOURCE_SUFFIXES = {
  tenants: { list: "/list", create: "/add", one: "" },
  users: { list: "/list", create: "/add", one: "" },
  properties: { list: "/properties", create: "/properties", one: "/properties" },
  customers: { list: "/all" },
} as const;

/** The lists the server exports as CSV or XLSX (their route folder's `GET /export`). */
export type ExportableResource = "customers" | "audit";

/** The full path of a resource's routes, e.g. `/api/products`. */
export const apiPathOf = (name: string): string => `${API}${apiPrefixOf(name)}`;

export const API_PATHS = {
  me: `${API}/me`,
  changePassword: `${API}/user/change-password`,
  /** The tenant's SmartBill settings as one form (GET, PUT); administrators. */
  smartBillConnection: `${API}/smartbill/connection`,
  /** POST: ask SmartBill with the entered settings, saving nothing. */
  smartBillConnectionTest: `${API}/smartbill/connection/test`,
  /** GET: whether the tenant's SmartBill settings are complete (`{configured}`), for every SmartBill screen. */
  smartBillConnectionStatus: `${API}/smartbill/connection/status`,
  /** GET: the tenant's set-up checklist ('Primii pași'); administrators. */
  firstSteps: `${API}/first-steps`,
  /** Imported invoices: GET list, GET/PUT /{id}, POST /import, POST /send/{id}; POST /{invoiceId}/line adds a line. */
  invoices: `${API}/smartbill/invoice`,
  /** PUT, DELETE /{id}: one line of an imported invoice (the spec's `${API}/smartbill/invoice/product/{id}` answers too). */
  invoiceLine: `${API}/smartbill/invoice/line`,
  /** GET: the roles the caller may grant. */
  availableRoles: `${apiPathOf("users")}/role/available`,
  /** GET: a user's roles; PUT `{roles}` replaces them. */
  assignedRoles: (userId: number) => `${apiPathOf("users")}/role/assigned/${userId}`,
  assignRoles: (userId: number) => `${apiPathOf("users")}/role/assign/${userId}`,
  /** POST `{email, baseUrl}`: a fresh single-use link to the set/reset-password page. */
  setPasswordLink: `${apiPathOf("users")}/generate-set-url`,
  /** POST multipart `file` (`?dryRun=true`: only checked, nothing stored). */
  customerImport: `${apiPathOf("customers")}/import`,
  /** GET: the empty workbook to fill in. */
  customerImportTemplate: `${apiPathOf("customers")}/import/template`,
  /** POST multipart `file`: the workbook's rejected rows with their reasons. */
  customerImportErrors: `${apiPathOf("customers")}/import/errors`,
  /** GET with a list's query and `format=csv|xlsx`: every row the list's filters select, as a file. */
  listExport: (resource: ExportableResource) => `${apiPathOf(resource)}/export`,
  /** GET: the empty invoice-lines workbook to fill in. */
  invoiceImportTemplate: `${API}/smartbill/invoice/import/template`,
  /** GET: SmartBill's invoice series for the invoice form (`{series, fromProvider}`). */
  invoiceSeries: `${API}/smartbill/invoice/series`,
  /** GET: the tenant's VAT rates from SmartBill (`{taxes}`). */
  taxes: apiPathOf("taxes"),
  /** GET: the warehouses SmartBill names in its stock answer (`{warehouses}`), for the warehouse form. */
  smartBillWarehouses: `${apiPathOf("warehouses")}/smartbill`,
  /** POST: queue the import of a warehouse's stock from SmartBill. */
  stockImport: (warehouseId: number) => `${apiPathOf("stock")}/import/${warehouseId}`,
} as const;

/** The set/reset-password screens that links point to. */
export const SET_PASSWORD_PAGE = "/dmz/set-password";
export const RESET_PASSWORD_PAGE = "/dmz/reset-password";

/** The API's OpenAPI document, browsable (swagger-ui); its JSON at `${API_DOCS}/json`. */
export const API_DOCS = `${API}/docs`;
