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
 * What the client's data provider asks of a resource (src/providers/specPathDataProvider.ts):
 * - `list`: GET its list, in the list protocol (server/routes/api/listQuery.ts);
 * - `create`: POST a new record;
 * - `one`: PUT and DELETE one record;
 * - `read`: GET one record, at the same path as `one`; without it, a record is read by `?id=` on
 *   the list.
 */
export type ResourceCall = "list" | "create" | "one" | "read";

/** Plain REST: every call, at the resource's prefix and `/{id}` under it. */
export const PLAIN_REST_CALLS: readonly ResourceCall[] = ["list", "create", "one", "read"];

/** One row of IRREGULAR_PATHS: only what differs from plain REST at /api/<name>. */
export interface IrregularPath {
  /** Where it answers under /api; `/<name>` when absent. */
  prefix?: string;
  /** After the prefix: the list's path; "" when absent. */
  list?: string;
  /** After the prefix: the create's path; "" when absent. */
  create?: string;
  /** After the prefix: the part before one record's key (`${one}/{id}`); "" when absent. */
  one?: string;
  /**
   * The calls it answers; PLAIN_REST_CALLS when absent. None (`[]`) for a route folder that is
   * not a resource of the data provider (its calls are the custom methods', API_PATHS).
   */
  calls?: readonly ResourceCall[];
  /** The record's key when it is not `id` (settings are keyed by name). */
  idField?: string;
}

/**
 * The one table of the spec's irregular paths, by route folder (server/routes/api/<folder>) and
 * resource name: where it answers under /api, the paths of its calls, and which calls it has.
 * A plain resource has no row: it answers at /api/<name> with GET and POST there, and GET, PUT
 * and DELETE at `/{id}` (server/routes/api/tenantResourceRoutes.ts). Everything else is derived
 * from here: the server's mounts (`apiPrefixOf`, API_PREFIXES), the routes' own paths
 * (`IRREGULAR_PATHS.users.list`), and the client's (src/providers/resourcePaths.ts).
 */
export const IRREGULAR_PATHS = {
  me: { prefix: "", calls: [] },
  tenants: { prefix: "/tenant", list: "/list", create: "/add", calls: ["list", "create", "one"] },
  users: { prefix: "/user", list: "/list", create: "/add", calls: ["list", "create", "one"] },
  properties: {
    prefix: "/property",
    list: "/properties",
    create: "/properties",
    one: "/properties",
    calls: ["list", "create", "one"],
    idField: "name",
  },
  warehouses: { prefix: "/smartbill/warehouses", calls: ["list", "create", "one"] },
  stock: { prefix: "/smartbill/stock", calls: ["list"] },
  customers: { prefix: "/smartbill/customer", list: "/all" },
  taxes: { prefix: "/smartbill/tax", calls: [] },
  invoices: { prefix: "/smartbill/invoice", calls: ["list", "create", "one", "read"] },
  // Proformas share the invoices' routes (server/routes/api/proformas registers them for the proforma kind).
  proformas: { prefix: "/smartbill/proforma", calls: ["list", "create", "one", "read"] },
  tasks: { calls: ["list", "read"] },
  smartbillConnection: { prefix: "/smartbill/connection", calls: [] },
  efacturaConnection: { prefix: "/efactura/connection", calls: [] },
  firstSteps: { prefix: "/first-steps", calls: [] },
  anaf: { calls: [] },
  receipts: { prefix: "/smartbill/receipt", calls: ["list", "create", "read"] },
  home: { calls: [] },
  receivables: { prefix: "/smartbill/receivables", calls: ["list"] },
  // Reminders of overdue invoices: no list of their own, only the custom methods' calls (API_PATHS).
  reminders: { prefix: "/smartbill/reminders", calls: [] },
  // 'Facturi primite': supplier invoices from SPV, read only (server/routes/api/receivedInvoices).
  receivedInvoices: { prefix: "/efactura/received", calls: ["list", "read"] },
} as const satisfies Record<string, IrregularPath>;

/** A name's row of IRREGULAR_PATHS, or none for a plain resource. */
export const irregularPathOf = (name: string): IrregularPath | undefined =>
  Object.hasOwn(IRREGULAR_PATHS, name) ? IRREGULAR_PATHS[name as keyof typeof IRREGULAR_PATHS] : undefined;

/** The path under /api where a route folder answers: its row's prefix, or `/<name>`. */
export const apiPrefixOf = (name: string): string => irregularPathOf(name)?.prefix ?? `/${name}`;

/** Each row's prefix under /api (`apiPrefixOf`), by name, for mounts that name their folder's rows. */
export const API_PREFIXES = Object.fromEntries(Object.keys(IRREGULAR_PATHS).map((name) => [name, apiPrefixOf(name)])) as {
  readonly [Name in keyof typeof IRREGULAR_PATHS]: string;
};

/** The lists the server exports as CSV or XLSX (their route folder's `GET /export`). */
export type ExportableResource = "customers" | "audit" | "receivables" | "receivedInvoices";

/** The full path of a resource's routes, e.g. `/api/products`. */
export const apiPathOf = (name: string): string => `${API}${apiPrefixOf(name)}`;

export const API_PATHS = {
  me: `${API}/me`,
  changePassword: `${apiPathOf("users")}/change-password`,
  /** The tenant's SmartBill settings as one form (GET, PUT); administrators. */
  smartBillConnection: apiPathOf("smartbillConnection"),
  /** POST: ask SmartBill with the entered settings, saving nothing. */
  smartBillConnectionTest: `${apiPathOf("smartbillConnection")}/test`,
  /** GET: whether the tenant's SmartBill settings are complete (`{configured}`), for every SmartBill screen. */
  smartBillConnectionStatus: `${apiPathOf("smartbillConnection")}/status`,
  /** GET: the tenant's SPV connection (EfacturaConnection, never a token); POST: start connecting ({authorizeUrl}); DELETE: disconnect. */
  efacturaConnection: apiPathOf("efacturaConnection"),
  /** GET `?code&state` (or `?error&state`): where ANAF's consent page sends the browser back; public. */
  efacturaCallback: `${API}/efactura/callback`,
  efacturaSync: `${API}/efactura/sync`,
  /** GET `/{cif}`: the company ANAF knows by that CIF (AnafCompany), for 'Completează din ANAF'. */
  anafCompany: `${apiPathOf("anaf")}/company`,
  /** GET: the home's figures (contract/home.ts HomeFigures); the invoicing role. */
  home: apiPathOf("home"),
  /** GET: the tenant's set-up checklist ('Primii pași'); administrators. */
  firstSteps: apiPathOf("firstSteps"),
  /** Imported invoices: GET list, GET/PUT /{id}, POST /import, POST /send/{id}; POST /{invoiceId}/line adds a line. */
  invoices: apiPathOf("invoices"),
  /** PUT, DELETE /{id}: one line of an imported invoice (the spec's `${API}/smartbill/invoice/product/{id}` answers too). */
  invoiceLine: `${apiPathOf("invoices")}/line`,
  /** GET: the roles the caller may grant. */
  availableRoles: `${apiPathOf("users")}/role/available`,
  /** GET: a user's roles; PUT `{roles}` replaces them. */
  assignedRoles: (userId: number) => `${apiPathOf("users")}/role/assigned/${userId}`,
  assignRoles: (userId: number) => `${apiPathOf("users")}/role/assign/${userId}`,
  /** POST `{email, baseUrl}`: a fresh single-use link to the set/reset-password page. */
  setPasswordLink: `${apiPathOf("users")}/generate-set-url`,
  /** POST multipart `file` (`?dryRun=true`: only checked, nothing stored). */
  customerImport: `${apiPathOf("customers")}/import`,
  /** GET: whether to offer it ticked; POST multipart `file` → 202 its task; GET `/{taskId}`: progress, then findings per row. */
  customerImportAnafCheck: `${apiPathOf("customers")}/import/anaf-check`,
  /** GET: the empty workbook to fill in. */
  customerImportTemplate: `${apiPathOf("customers")}/import/template`,
  /** POST multipart `file`: the workbook's rejected rows with their reasons. */
  customerImportErrors: `${apiPathOf("customers")}/import/errors`,
  /** GET with a list's query and `format=csv|xlsx`: every row the list's filters select, as a file. */
  listExport: (resource: ExportableResource) => `${apiPathOf(resource)}/export`,
  /** GET: the empty invoice-lines workbook to fill in. */
  invoiceImportTemplate: `${apiPathOf("invoices")}/import/template`,
  /** GET: SmartBill's invoice series for the invoice form (`{series, fromProvider}`). */
  invoiceSeries: `${apiPathOf("invoices")}/series`,
  /** GET: every action the audit log knows (`{actions}`), for its filter. */
  auditActions: `${apiPathOf("audit")}/actions`,
  /** GET: the tenant's VAT rates from SmartBill (`{taxes}`). */
  taxes: apiPathOf("taxes"),
  /** GET: the warehouses SmartBill names in its stock answer (`{warehouses}`), for the warehouse form. */
  smartBillWarehouses: `${apiPathOf("warehouses")}/smartbill`,
  /** POST: queue the import of a warehouse's stock from SmartBill. */
  stockImport: (warehouseId: number) => `${apiPathOf("stock")}/import/${warehouseId}`,
  /** GET: SmartBill's receipt series (`{series}`), for the receipt form. */
  receiptSeries: `${apiPathOf("receipts")}/series`,
  /** GET: a fiscal receipt's text (`{text}`); DELETE `/{id}`: the receipt from SmartBill. */
  receipts: apiPathOf("receipts"),
  /** GET `?dateFrom&dateTo`: a customer's statement ('Fișa client'); `/pdf`, `/xlsx` the same as files; POST `/email` `{to}` sends the PDF. */
  customerStatement: (customerId: number) => `${apiPathOf("customers")}/${customerId}/statement`,
  /** GET, PUT: the tenant's reminder template and interval (`{subject, body, intervalDays}`). */
  reminderSettings: `${apiPathOf("reminders")}/settings`,
  /** POST `{invoiceIds}`: each reminder as it would be sent, or why not. */
  reminderPreview: `${apiPathOf("reminders")}/preview`,
  /** POST `{invoiceIds}` → `{taskId, count}`: the task that sends them. */
  reminders: apiPathOf("reminders"),
} as const;

/** The set/reset-password screens that links point to. */
export const SET_PASSWORD_PAGE = "/dmz/set-password";
export const RESET_PASSWORD_PAGE = "/dmz/reset-password";

/** The API's OpenAPI document, browsable (swagger-ui); its JSON at `${API_DOCS}/json`. */
export const API_DOCS = `${API}/docs`;
