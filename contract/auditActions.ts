/**
 * What the audit log records: every state-changing call, named `<subject>.<verb>`, the subject
 * being the role matrix's resource (contract/roles.ts) or, for signing in and passwords, the
 * session and the password. The server's routes declare theirs (route config `audit`); the
 * 'Jurnal de audit' screen and its export name each in the product's words (AUDIT_ACTION_NAMES,
 * which i18n/ro.ts shows and i18n/en.ts translates).
 */
export const AUDIT_ACTIONS = [
  "session.signIn",
  "session.signOut",
  "password.change",
  "password.set",
  "password.reset",
  "password.recover",
  "contact.message",
  "tenants.create",
  "tenants.update",
  "tenants.delete",
  "users.create",
  "users.update",
  "users.delete",
  "users.assignRoles",
  "users.passwordLink",
  "properties.create",
  "properties.update",
  "properties.delete",
  "smartbillConnection.update",
  "warehouses.create",
  "warehouses.update",
  "warehouses.delete",
  "stock.import",
  "customers.import",
  "products.create",
  "products.update",
  "products.delete",
  "invoices.import",
  "invoices.update",
  "invoices.lineCreate",
  "invoices.lineUpdate",
  "invoices.lineDelete",
  "invoices.send",
  "invoices.issue",
  "invoices.email",
  "invoices.cancel",
  "invoices.restore",
  "invoices.delete",
  "invoices.paymentAdd",
  "invoices.paymentDelete",
  "invoices.reverse",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (name: string): name is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(name);

/** What each action is called on the screen and in the export. */
export const AUDIT_ACTION_NAMES: Record<AuditAction, string> = {
  "session.signIn": "Autentificare",
  "session.signOut": "Deconectare",
  "password.change": "Schimbare parolă",
  "password.set": "Setare parolă",
  "password.reset": "Resetare parolă",
  "password.recover": "Cerere de recuperare a parolei",
  "contact.message": "Mesaj din pagina de contact",
  "tenants.create": "Adăugare firmă",
  "tenants.update": "Modificare firmă",
  "tenants.delete": "Ștergere firmă",
  "users.create": "Adăugare utilizator",
  "users.update": "Modificare utilizator",
  "users.delete": "Ștergere utilizator",
  "users.assignRoles": "Modificare roluri",
  "users.passwordLink": "Generare link de parolă",
  "properties.create": "Adăugare setare",
  "properties.update": "Modificare setare",
  "properties.delete": "Ștergere setare",
  "smartbillConnection.update": "Modificare conexiune SmartBill",
  "warehouses.create": "Adăugare gestiune",
  "warehouses.update": "Modificare gestiune",
  "warehouses.delete": "Ștergere gestiune",
  "stock.import": "Import stoc",
  "customers.import": "Import clienți",
  "products.create": "Adăugare produs",
  "products.update": "Modificare produs",
  "products.delete": "Ștergere produs",
  "invoices.import": "Import facturi",
  "invoices.update": "Modificare factură",
  "invoices.lineCreate": "Adăugare linie de factură",
  "invoices.lineUpdate": "Modificare linie de factură",
  "invoices.lineDelete": "Ștergere linie de factură",
  "invoices.send": "Trimitere factură în SmartBill",
  "invoices.issue": "Emitere factură din ciornă SmartBill",
  "invoices.email": "Trimitere factură pe e-mail",
  "invoices.cancel": "Anulare factură în SmartBill",
  "invoices.restore": "Restaurare factură în SmartBill",
  "invoices.delete": "Ștergere factură din SmartBill",
  "invoices.paymentAdd": "Înregistrare încasare",
  "invoices.paymentDelete": "Ștergere încasare",
  "invoices.reverse": "Stornare factură",
};

/** The audit log's name: the menu's entry, the screen's title, the export's sheet. */
export const AUDIT_LOG_NAME = "Jurnal de audit";

/**
 * The 'Rezultat' of a row whose change said nothing more than that it was done: only calls that
 * succeeded are written down, so this is every such row's result.
 */
export const AUDIT_RESULT_DONE = "Reușită";

/** The audit log's columns, as the screen and the export head them. */
export const AUDIT_COLUMN_NAMES = {
  createdAt: "Data și ora",
  tenantId: "Firmă",
  userEmail: "Utilizator",
  action: "Acțiune",
  target: "Obiect",
  result: "Rezultat",
  clientAddress: "Adresă IP",
} as const;
