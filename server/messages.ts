/**
 * Every message the server sends to a user, in Romanian, named once. The client shows the
 * `message` of an error answer as it is (spec section 8), so these are UI text.
 */
import { MIN_PASSWORD_LENGTH } from "../contract/constants";

export const messages = {
  wrongCredentials: "Adresa de email sau parola este incorectă.",
  sessionExpired: "Sesiune expirată. Vă rugăm să vă autentificați din nou.",
  authenticationRequired: "Autentificare necesară. Vă rugăm să vă autentificați.",
  xsrfRejected: "Cerere respinsă: token anti-falsificare (XSRF) lipsă sau invalid.",
  tenantForbidden: "Nu aveți acces la datele acestui tenant.",
  tenantHeaderInvalid: "Antetul X-Tenant-ID trebuie să fie un număr întreg pozitiv.",
  roleForbidden: "Nu aveți dreptul să accesați această resursă.",
  loggedOut: "V-ați deconectat.",

  passwordSet: "Parola a fost setată cu succes.",
  passwordReset: "Parola a fost resetată cu succes.",
  passwordChanged: "Parola a fost schimbată cu succes.",
  passwordTokenInvalid: "Link invalid sau expirat.",
  passwordTooShort: `Parola nouă trebuie să aibă cel puțin ${MIN_PASSWORD_LENGTH} caractere.`,
  currentPasswordWrong: "Parola curentă este incorectă.",
  recoverAccepted: "Dacă adresa există, veți primi un email cu linkul de resetare a parolei.",

  notFound: "Resursa nu a fost găsită.",
  internalError: "Eroare internă de server.",
  invalidData: "Date invalide",
  badRequest: "Cerere invalidă.",
  emptyBody: "Date invalide: corpul cererii este gol.",
  malformedJson: "Date invalide: corpul cererii nu este JSON valid.",
  unsupportedMediaType: "Tipul de conținut al cererii nu este acceptat.",
  payloadTooLarge: "Cererea este prea mare.",
  methodNotAllowed: "Metoda nu este permisă pentru această resursă.",

  // Lists (page, size, sort, q)
  sortDirectionInvalid: "Direcția de sortare trebuie să fie asc sau desc.",

  // Tenants. 'Name is required.' is the spec's own (English) text.
  tenantNameRequired: "Name is required.",
  tenantNotFound: "Tenantul nu a fost găsit.",
  tenantProtected: "Tenantul system (1) nu poate fi modificat sau șters.",
  tenantDeleted: "Tenantul a fost șters.",

  // Users. 'Email is required.' and 'Tenant is required.' are the spec's own (English) texts.
  emailRequired: "Email is required.",
  tenantRequired: "Tenant is required.",
  emailInvalid: "Adresa de email nu este validă.",
  tenantUnknown: "Tenantul ales nu există.",
  otherTenantUsers: "Nu puteți gestiona utilizatorii altui tenant.",
  userNotFound: "Utilizatorul nu a fost găsit.",
  userProtected: "Utilizatorul 1 nu poate fi modificat sau șters.",
  ownAccount: "Nu vă puteți șterge propriul cont.",
  userDeleted: "Utilizatorul a fost șters.",
  rolesUpdated: "Rolurile au fost actualizate cu succes.",
  baseUrlInvalid: "Adresa de bază a linkului nu este validă.",

  // Settings (properties)
  propertyFieldsRequired: "Introduceți câmpurile necesare (nume și valoare).",
  propertyNameInvalid: "Numele setării poate conține doar litere, cifre, punct, cratimă și liniuță jos.",
  propertyNotFound: "Setarea nu a fost găsită.",
  propertyDeleted: "Setarea a fost ștearsă.",

  // Warehouses. 'Completati numele si tipul depozitului.' is the spec's text, without diacritics.
  warehouseFieldsRequired: "Completati numele si tipul depozitului.",
  warehouseTypeInvalid: "Tipul depozitului trebuie să fie „en gros” sau „en detail”.",
  warehouseNotFound: "Depozitul nu a fost găsit.",
  warehouseAdded: "Depozitul a fost adăugat cu succes.",
  warehouseUpdated: "Depozitul a fost actualizat cu succes.",
  warehouseDeleted: "Depozitul a fost șters cu succes.",

  // Tasks
  taskNotFound: "Sarcina nu a fost găsită.",
  taskInterrupted: "Sarcina a fost întreruptă de repornirea serverului. Porniți-o din nou.",
  taskInternalError:
    "Sarcina a eșuat din cauza unei erori interne; nimic nu a fost modificat. Detaliile sunt în jurnalul serverului.",
  stockImportWarehouseGone: "Depozitul nu mai există; stocul nu a fost importat.",
} as const;

export const sortFieldInvalid = (field: string, allowed: readonly string[]) =>
  `Nu se poate sorta după „${field}”. Câmpuri permise: ${allowed.join(", ")}.`;
export const tenantNameTaken = (name: string) => `Există deja un tenant cu numele „${name}”.`;
export const tenantNotEmpty = (name: string) =>
  `Tenantul „${name}” are încă utilizatori sau date și nu poate fi șters.`;
export const emailTaken = (email: string) => `Există deja un utilizator cu adresa ${email}.`;
export const roleChangeForbidden = (role: string) => `Nu puteți acorda sau retrage rolul ${role}.`;
/** A user holding a role the caller could not grant (an admin facing a super-admin) is out of reach. */
export const userOutOfReach = (role: string) => `Nu puteți gestiona un utilizator care are rolul ${role}.`;
export const propertyNameTaken = (name: string) => `Există deja o setare cu numele ${name}.`;
export const listTooLong = (total: number, max: number) =>
  `Lista are ${romanianCount(total, "înregistrări")}, prea multe pentru o singură cerere (cel mult ${max}): ` +
  "cereți-o pe pagini (parametrii page și size).";
export const warehouseNameTaken = (name: string) => `Există deja un depozit cu numele ${name}.`;
export const stockImportQueued = (warehouseName: string) =>
  `Importul stocului pentru depozitul „${warehouseName}” a fost adăugat în lista de sarcini.`;
export const stockImportTitle = (warehouseName: string) => `Import stoc: ${warehouseName}`;
export const taskKindUnknown = (kind: string) => `Tipul de sarcină „${kind}” nu este cunoscut de acest server.`;

/**
 * 'Importate 12 produse (3 noi, 9 actualizate).', with Romanian number agreement, and a
 * sentence for products that SmartBill no longer lists in the warehouse (their stock is now 0).
 */
export function stockImported(counts: { imported: number; created: number; updated: number; zeroed: number }): string {
  const { imported, created, updated, zeroed } = counts;
  const head = imported === 1 ? "Importat 1 produs" : `Importate ${romanianCount(imported, "produse")}`;
  const detail = `(${created} ${created === 1 ? "nou" : "noi"}, ${updated} ${updated === 1 ? "actualizat" : "actualizate"})`;
  const tail =
    zeroed === 0
      ? ""
      : zeroed === 1
        ? " 1 produs care nu mai apare în SmartBill are acum stocul 0."
        : ` ${romanianCount(zeroed, "produse")} care nu mai apar în SmartBill au acum stocul 0.`;
  return `${head} ${detail}.${tail}`;
}

/** Products in SmartBill's answer that cannot be stored; the import then writes nothing. */
export function stockRowsInvalid(problems: readonly string[]): string {
  const listed = problems.slice(0, 5).join("; ");
  const more = problems.length > 5 ? `; și încă ${problems.length - 5}` : "";
  return `Stocul primit de la SmartBill are ${problems.length === 1 ? "un produs invalid" : `${romanianCount(problems.length, "produse")} invalide`}: ${listed}${more}. Nimic nu a fost modificat.`;
}
export const stockRowWithoutName = (position: number) => `produsul de pe poziția ${position} nu are denumire`;
export const stockRowBadQuantity = (name: string) => `produsul „${name}” are o cantitate invalidă`;
export const stockRowRepeated = (name: string) => `produsul „${name}” apare de două ori, cu unități de măsură diferite`;

/** 'Prea multe încercări eșuate. Încercați din nou peste N minute.' with Romanian plural forms. */
export function tooManyAttempts(minutes: number): string {
  return `Prea multe încercări eșuate. Încercați din nou peste ${romanianMinutes(minutes)}.`;
}

/** The same for requests that did not fail but were too many (reset links): no "eșuate". */
export function tooManyRequests(minutes: number): string {
  return `Prea multe încercări. Încercați din nou peste ${romanianMinutes(minutes)}.`;
}

/** Romanian counts: 1 → "1 minut"; 2–19 → "N minute"; 20+ (by the last two digits) → "N de minute". */
function romanianMinutes(n: number): string {
  if (n === 1) return "1 minut";
  return romanianCount(n, "minute");
}

/** A plural noun after a number other than 1: "N produse" for 0 and 2–19, "N de produse" from 20 (by the last two digits). */
function romanianCount(n: number, plural: string): string {
  const lastTwo = n % 100;
  return n !== 0 && (lastTwo === 0 || lastTwo >= 20) ? `${n} de ${plural}` : `${n} ${plural}`;
}

export const resetPasswordMail = {
  subject: "Resetarea parolei - SmartBill back office",
  body: (link: string) =>
    "Bună ziua,\n\n" +
    "Am primit o cerere de resetare a parolei pentru contul dumneavoastră. " +
    "Deschideți linkul de mai jos pentru a alege o parolă nouă (valabil 24 de ore, o singură dată):\n\n" +
    `${link}\n\n` +
    "Dacă nu ați cerut resetarea parolei, ignorați acest mesaj; parola rămâne neschimbată.\n",
} as const;
