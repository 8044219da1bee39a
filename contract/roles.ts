/**
 * The role matrix: one table that the menu, the page guards, the buttons and the server's
 * checks all read, so that what a user sees and what the server allows never drift apart.
 */
import { SYSTEM_TENANT_ID } from "./constants";

export const ROLES = ["ROLE_SUPERADMIN", "ROLE_ADMIN", "ROLE_SMARTBILL"] as const;
export type RoleName = (typeof ROLES)[number];

export const SUPERADMIN: RoleName = "ROLE_SUPERADMIN";

const superadminOnly = ["ROLE_SUPERADMIN"] as const satisfies readonly RoleName[];
const administrators = ["ROLE_SUPERADMIN", "ROLE_ADMIN"] as const satisfies readonly RoleName[];
const invoicing = ["ROLE_SUPERADMIN", "ROLE_SMARTBILL"] as const satisfies readonly RoleName[];
/** Setting a company up: its administrators, and its invoicing staff who work with it daily. */
const setUpAndInvoicing = ["ROLE_SUPERADMIN", "ROLE_ADMIN", "ROLE_SMARTBILL"] as const satisfies readonly RoleName[];

/**
 * Resource name → the roles that may use it (every action). One row per resource, in the order
 * the menu shows the resources (src/resources.ts).
 */
export const ROLE_MATRIX = {
  tenants: superadminOnly,
  users: administrators,
  properties: administrators,
  smartbillConnection: administrators,
  // Connecting the company to ANAF's SPV (e-Factura) and disconnecting it; the invoicing role only reads its state.
  efacturaConnection: administrators,
  invoices: invoicing,
  // Proformas are invoices' siblings: the same clerks issue them.
  proformas: invoicing,
  // Issued with invoices' payments or on their own: the same invoicing work.
  receipts: invoicing,
  // What customers still owe ('Scadențe'): read from the invoices the same clerks issue.
  receivables: invoicing,
  // 'Facturi primite': supplier invoices from SPV, read by the same clerks who handle the company's invoices.
  receivedInvoices: invoicing,
  customers: invoicing,
  stock: invoicing,
  // The catalogue the invoice lines are filled from: daily invoicing work, as stock and customers.
  products: invoicing,
  // A new company's admin adds its warehouses while setting it up ('Primii pași').
  warehouses: setUpAndInvoicing,
  tasks: invoicing,
  // What was done in the tenant, and by whom: for those who answer for its users and settings.
  audit: administrators,
} as const satisfies Record<string, readonly RoleName[]>;

export type ResourceName = keyof typeof ROLE_MATRIX;

export const isResourceName = (name: string): name is ResourceName =>
  Object.prototype.hasOwnProperty.call(ROLE_MATRIX, name);

/** True when any of the given roles may use the resource; unknown resources are refused. */
export function rolesAllow(roles: readonly string[] | undefined, resource: string): boolean {
  if (!roles || !isResourceName(resource)) return false;
  const allowed: readonly string[] = ROLE_MATRIX[resource];
  return roles.some((role) => allowed.includes(role));
}

export const isSuperadmin = (roles: readonly string[] | undefined): boolean =>
  !!roles?.includes(SUPERADMIN);

/**
 * Who may grant which role. Nobody hands out more power than they have: the super-admin grants
 * every role; an admin runs the tenant's staff, so grants the tenant-level roles (admin and
 * invoicing) but never ROLE_SUPERADMIN; the invoicing role grants nothing.
 */
export const GRANTABLE_ROLES = {
  ROLE_SUPERADMIN: ROLES,
  ROLE_ADMIN: ["ROLE_ADMIN", "ROLE_SMARTBILL"],
  ROLE_SMARTBILL: [],
} as const satisfies Record<RoleName, readonly RoleName[]>;

/** The roles a caller holding `roles` may grant or take away. */
export function grantableRoles(roles: readonly string[] | undefined): RoleName[] {
  const grantable = new Set<RoleName>();
  for (const role of roles ?? []) {
    for (const granted of (GRANTABLE_ROLES as Record<string, readonly RoleName[]>)[role] ?? []) grantable.add(granted);
  }
  return ROLES.filter((role) => grantable.has(role));
}

/**
 * Each role as people read it, named once: the users table, the roles and add-user dialogs, the
 * profile, the first steps, the server's refusals and the audit log show these, never the code
 * (the API keeps the codes). i18n/ro.ts shows them; i18n/en.ts translates them.
 */
export const ROLE_NAMES: Record<RoleName, string> = {
  ROLE_SUPERADMIN: "Super-administrator",
  ROLE_ADMIN: "Administrator firmă",
  ROLE_SMARTBILL: "Operator facturare",
};

/** What each role may do, in one line, beside its name in the dialogs that grant it. */
export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  ROLE_SUPERADMIN: "Administrează platforma: toate firmele, utilizatorii lor și setările.",
  ROLE_ADMIN: "Pregătește firma: utilizatori, setări, conexiunea SmartBill, depozite și jurnalul de audit.",
  ROLE_SMARTBILL: "Lucrează zilnic în SmartBill: facturi, clienți, stoc și nomenclatorul de produse.",
};

/** The role's name as people read it; a code this version does not know stays as it is. */
export const roleName = (role: string): string => (ROLE_NAMES as Record<string, string>)[role] ?? role;

/**
 * Roles held only by users of the system tenant (the operator's): a super-admin reaches every
 * company, so a company's own user never is one, whoever grants it.
 */
export const SYSTEM_ONLY_ROLES: readonly RoleName[] = ["ROLE_SUPERADMIN"];

/** The roles a user of this tenant may hold. */
export function rolesForTenant(tenantId: number, roles: readonly RoleName[] = ROLES): RoleName[] {
  return roles.filter((role) => tenantId === SYSTEM_TENANT_ID || !SYSTEM_ONLY_ROLES.includes(role));
}
