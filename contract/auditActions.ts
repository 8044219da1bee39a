/**
 * What the audit log records: every state-changing call, named `<subject>.<verb>`, the subject
 * being the role matrix's resource (contract/roles.ts) or, for signing in and passwords, the
 * session and the password. The server's routes declare theirs (route config `audit`); the
 * 'Jurnal de audit' screen and its export name each in the product's words (AUDIT_ACTION_NAMES,
 * which i18n/ro.ts shows and i18n/en.ts translates).
 *
 * A plain tenant resource (server/routes/api/tenantResourceRoutes.ts) is not listed here: its
 * actions are `<resource>.create|update|delete`, named by a verb and the resource's own name
 * (`resources.<name>.name` of the language files): 'Adăugare produs'.
 */
import { isResourceName, type ResourceName } from "./roles";

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
  // The company connected to ANAF's SPV (the OAuth callback) or disconnected; never with a token.
  "efacturaConnection.connect",
  "efacturaConnection.disconnect",
  "warehouses.create",
  "warehouses.update",
  "warehouses.delete",
  "stock.import",
  "customers.import",
  "customers.create",
  "customers.update",
  "customers.delete",
  "invoices.import",
  "invoices.update",
  "invoices.lineCreate",
  "invoices.lineUpdate",
  "invoices.lineDelete",
  "invoices.linePaste",
  "invoices.send",
  "invoices.issue",
  "invoices.email",
  "invoices.cancel",
  "invoices.restore",
  "invoices.delete",
  "invoices.paymentAdd",
  "invoices.paymentDelete",
  "invoices.reverse",
  "invoices.create",
  "invoices.duplicate",
  "proformas.import",
  "proformas.create",
  "proformas.duplicate",
  "proformas.update",
  "proformas.lineCreate",
  "proformas.lineUpdate",
  "proformas.lineDelete",
  "proformas.linePaste",
  "proformas.send",
  "proformas.issue",
  "proformas.email",
  "proformas.cancel",
  "proformas.restore",
  "proformas.delete",
  // 'Transformă în factură': the invoice issued from the proforma.
  "proformas.invoice",
  "receipts.issue",
  "receipts.delete",
  // 'Fișa client' sent by e-mail (as a PDF).
  "customers.statement",
  // A reminder of an overdue invoice e-mailed through SmartBill; and the reminders' template changed.
  "invoices.remind",
  "invoices.reminderSettings",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (name: string): name is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(name);

/** The verbs of a plain resource's actions. */
export const PLAIN_AUDIT_VERBS = ["create", "update", "delete"] as const;
export type PlainAuditVerb = (typeof PLAIN_AUDIT_VERBS)[number];
/** An action of a plain resource: `<resource>.create`. */
export type PlainAuditAction = `${ResourceName}.${PlainAuditVerb}`;

/** Each verb as the audit log names it, before the resource's name. */
export const PLAIN_AUDIT_VERB_NAMES: Record<PlainAuditVerb, string> = {
  create: "Adăugare",
  update: "Modificare",
  delete: "Ștergere",
};

/** `customerCategories.create` → the resource and the verb; undefined for any other action. */
export function plainAuditAction(action: string): { resource: ResourceName; verb: PlainAuditVerb } | undefined {
  const [resource, verb, ...rest] = action.split(".");
  if (rest.length > 0 || !isResourceName(resource ?? "")) return undefined;
  if (!(PLAIN_AUDIT_VERBS as readonly string[]).includes(verb ?? "")) return undefined;
  return { resource: resource as ResourceName, verb: verb as PlainAuditVerb };
}

/**
 * A plain resource's action as people read it: the verb's name, then the resource's name in the
 * singular (the first form of `resources.<name>.name`, 'Categorie de clienți |||| Categorii de
 * clienți'), its first letter lower case: 'Adăugare categorie de clienți'.
 */
export function plainAuditActionName(verbName: string, resourceNames: string): string {
  const singular = resourceNames.split("||||")[0]!.trim();
  return `${verbName} ${singular.charAt(0).toLocaleLowerCase("ro")}${singular.slice(1)}`;
}

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
  "efacturaConnection.connect": "Conectare la ANAF (SPV)",
  "efacturaConnection.disconnect": "Deconectare de la ANAF (SPV)",
  "warehouses.create": "Adăugare gestiune",
  "warehouses.update": "Modificare gestiune",
  "warehouses.delete": "Ștergere gestiune",
  "stock.import": "Import stoc",
  "customers.import": "Import clienți",
  "customers.create": "Adăugare client",
  "customers.update": "Modificare client",
  "customers.delete": "Ștergere client",
  "invoices.import": "Import facturi",
  "invoices.update": "Modificare factură",
  "invoices.lineCreate": "Adăugare linie de factură",
  "invoices.lineUpdate": "Modificare linie de factură",
  "invoices.lineDelete": "Ștergere linie de factură",
  "invoices.linePaste": "Lipire linii de factură",
  "invoices.send": "Trimitere factură în SmartBill",
  "invoices.issue": "Emitere factură din ciornă SmartBill",
  "invoices.email": "Trimitere factură pe e-mail",
  "invoices.cancel": "Anulare factură în SmartBill",
  "invoices.restore": "Restaurare factură în SmartBill",
  "invoices.delete": "Ștergere factură din SmartBill",
  "invoices.paymentAdd": "Înregistrare încasare",
  "invoices.paymentDelete": "Ștergere încasare",
  "invoices.reverse": "Stornare factură",
  "invoices.create": "Adăugare factură",
  "invoices.duplicate": "Duplicare factură",
  "proformas.import": "Import facturi proforma",
  "proformas.create": "Adăugare factură proformă",
  "proformas.duplicate": "Duplicare factură proformă",
  "proformas.update": "Modificare factură proformă",
  "proformas.lineCreate": "Adăugare linie de proformă",
  "proformas.lineUpdate": "Modificare linie de proformă",
  "proformas.lineDelete": "Ștergere linie de proformă",
  "proformas.linePaste": "Lipire linii de proformă",
  "proformas.send": "Trimitere proformă în SmartBill",
  "proformas.issue": "Emitere proformă din ciornă SmartBill",
  "proformas.email": "Trimitere proformă pe e-mail",
  "proformas.cancel": "Anulare proformă în SmartBill",
  "proformas.restore": "Restaurare proformă în SmartBill",
  "proformas.delete": "Ștergere proformă din SmartBill",
  "proformas.invoice": "Transformare proformă în factură",
  "receipts.issue": "Emitere chitanță",
  "receipts.delete": "Ștergere chitanță din SmartBill",
  "customers.statement": "Trimitere fișă client pe e-mail",
  "invoices.remind": "Trimitere reamintire de plată",
  "invoices.reminderSettings": "Modificare șablon reamintiri",
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
