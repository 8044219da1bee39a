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
  const lastTwo = n % 100;
  return lastTwo === 0 || lastTwo >= 20 ? `${n} de minute` : `${n} minute`;
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
