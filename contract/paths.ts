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
} as const;

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
} as const;

/** The set/reset-password screens that links point to. */
export const SET_PASSWORD_PAGE = "/dmz/set-password";
export const RESET_PASSWORD_PAGE = "/dmz/reset-password";
