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
} as const;

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
