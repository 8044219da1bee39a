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
  /** GET: the roles the caller may grant. */
  availableRoles: `${API}/user/role/available`,
  /** GET: a user's roles; PUT `{roles}` replaces them. */
  assignedRoles: (userId: number) => `${API}/user/role/assigned/${userId}`,
  assignRoles: (userId: number) => `${API}/user/role/assign/${userId}`,
  /** POST `{email, baseUrl}`: a fresh single-use link to the set/reset-password page. */
  setPasswordLink: `${API}/user/generate-set-url`,
  /** POST multipart `file` (`?dryRun=true`: only checked, nothing stored). */
  customerImport: `${API}/smartbill/customer/import`,
  /** GET: the empty workbook to fill in. */
  customerImportTemplate: `${API}/smartbill/customer/import/template`,
  /** POST multipart `file`: the workbook's rejected rows with their reasons. */
  customerImportErrors: `${API}/smartbill/customer/import/errors`,
  /** GET with a list's query and `format=csv|xlsx`. */
  customerExport: `${API}/smartbill/customer/export`,
  /** POST multipart `file` and `payload` (the invoice form as JSON). */
  invoiceImport: `${API}/smartbill/invoice/import`,
  /** POST: send the invoice to SmartBill. */
  invoiceSend: (invoiceId: number) => `${API}/smartbill/invoice/send/${invoiceId}`,
  /** POST: a new line on the invoice. */
  invoiceLines: (invoiceId: number) => `${API}/smartbill/invoice/${invoiceId}/product`,
  /** PUT, DELETE: one invoice line. */
  invoiceLine: (lineId: number) => `${API}/smartbill/invoice/product/${lineId}`,
  /** GET: the tenant's VAT rates from SmartBill (`{taxes}`). */
  taxes: `${API}/smartbill/tax`,
  /** POST: queue the import of a warehouse's stock from SmartBill. */
  stockImport: (warehouseId: number) => `${API}/smartbill/stock/import/${warehouseId}`,
} as const;

/** The set/reset-password screens that links point to. */
export const SET_PASSWORD_PAGE = "/dmz/set-password";
export const RESET_PASSWORD_PAGE = "/dmz/reset-password";
