/**
 * Every message the server sends to a user, in Romanian, named once. The client shows the
 * `message` of an error answer as it is (spec section 8), so these are UI text. The few the
 * client also shows as its own live in contract/messages.ts.
 */
import { AUDIT_COLUMN_NAMES, AUDIT_LOG_NAME } from "../contract/auditActions";
import { MIN_PASSWORD_LENGTH } from "../contract/constants";
import { COLUMN_TOO_LONG, CUSTOMER_ROW_MESSAGES, LINE_ROW_MESSAGES, SHARED_MESSAGES } from "../contract/messages";
import { romanianCount } from "../contract/romanianPlural";
import { roleName } from "../contract/roles";

export const messages = {
  wrongCredentials: "Adresa de email sau parola este incorectă.",
  sessionExpired: "Sesiune expirată. Vă rugăm să vă autentificați din nou.",
  authenticationRequired: "Autentificare necesară. Vă rugăm să vă autentificați.",
  xsrfRejected: "Cerere respinsă: token anti-falsificare (XSRF) lipsă sau invalid.",
  tenantForbidden: "Nu aveți acces la datele acestei firme.",
  tenantHeaderInvalid: "Antetul X-Tenant-ID trebuie să fie un număr întreg pozitiv (cel mult 2147483647).",
  roleForbidden: "Nu aveți dreptul să accesați această resursă.",
  loggedOut: "V-ați deconectat.",
  auditDayInvalid: "Perioada nu este validă: o zi se scrie AAAA-LL-ZZ (de exemplu 2026-11-24).",
  auditPeriodReversed: "Perioada nu este validă: ziua de început este după ziua de sfârșit.",

  passwordSet: "Parola a fost setată cu succes.",
  passwordReset: "Parola a fost resetată cu succes.",
  passwordChanged: "Parola a fost schimbată cu succes.",
  passwordTokenInvalid: "Link invalid sau expirat.",
  passwordTooShort: `Parola nouă trebuie să aibă cel puțin ${romanianCount(MIN_PASSWORD_LENGTH, "caracter", "caractere")}.`,
  currentPasswordWrong: "Parola curentă este incorectă.",
  recoverAccepted: "Dacă adresa există, veți primi un email cu linkul de resetare a parolei.",

  notFound: "Resursa nu a fost găsită.",
  internalError: "Eroare internă de server.",
  serviceUnavailable: "Serviciul este momentan indisponibil. Încercați din nou în câteva secunde.",
  invalidData: "Date invalide",
  /** A field naming another record (by id) that the tenant does not have. */
  unknownReference: (field: string) => `„${field}” nu corespunde niciunei înregistrări a firmei`,
  badRequest: "Cerere invalidă.",
  emptyBody: "Date invalide: corpul cererii este gol.",
  malformedJson: "Date invalide: corpul cererii nu este JSON valid.",
  unsupportedMediaType: "Tipul de conținut al cererii nu este acceptat.",
  payloadTooLarge: "Cererea este prea mare.",
  bodyTooComplex: "Date invalide: corpul cererii are prea multe niveluri sau prea multe câmpuri.",
  methodNotAllowed: "Metoda nu este permisă pentru această resursă.",

  // Lists (page, size, sort, q)
  sortDirectionInvalid: "Direcția de sortare trebuie să fie asc sau desc.",

  // Tenants
  tenantNameRequired: SHARED_MESSAGES.tenantNameRequired,
  tenantNotFound: "Firma nu a fost găsită.",
  tenantProtected: "Firma system (1) nu poate fi modificată sau ștearsă.",
  tenantDeleted: SHARED_MESSAGES.tenantDeleted,

  // Users
  emailRequired: SHARED_MESSAGES.emailRequired,
  tenantRequired: SHARED_MESSAGES.tenantRequired,
  emailInvalid: "Adresa de email nu este validă.",
  tenantUnknown: "Firma aleasă nu există.",
  otherTenantUsers: "Nu puteți gestiona utilizatorii altei firme.",
  userNotFound: "Utilizatorul nu a fost găsit.",
  userProtected: "Utilizatorul 1 nu poate fi modificat sau șters.",
  ownAccount: "Nu vă puteți șterge propriul cont.",
  ownAccountEdit: "Nu vă puteți modifica propriul cont (email sau firmă): cereți acest lucru altui administrator.",
  ownAccountLink:
    "Nu puteți genera un link de parolă pentru propriul cont: schimbați-vă parola din profil („Schimbare Parolă”).",
  userDeleted: SHARED_MESSAGES.userDeleted,
  rolesUpdated: SHARED_MESSAGES.rolesUpdated,
  baseUrlInvalid: "Adresa de bază a linkului nu este validă.",

  // Settings (properties)
  propertyFieldsRequired: SHARED_MESSAGES.propertyFieldsRequired,
  propertyNameInvalid: "Numele setării poate conține doar litere, cifre, punct, cratimă și liniuță jos.",
  propertyNotFound: "Setarea nu a fost găsită.",
  propertyDeleted: "Setarea a fost ștearsă.",

  // Warehouses
  warehouseFieldsRequired: SHARED_MESSAGES.warehouseFieldsRequired,
  warehouseTypeInvalid: "Tipul depozitului trebuie să fie „en gros” sau „en detail”.",
  warehouseNotFound: "Depozitul nu a fost găsit.",
  warehouseAdded: SHARED_MESSAGES.warehouseAdded,
  warehouseUpdated: SHARED_MESSAGES.warehouseUpdated,
  warehouseDeleted: SHARED_MESSAGES.warehouseDeleted,

  // The product catalogue ('Nomenclator produse')
  productNotFound: "Produsul nu a fost găsit în nomenclator.",
  productCodeTaken: "Există deja un produs cu acest cod în nomenclator.",

  // Tasks
  taskNotFound: "Sarcina nu a fost găsită.",
  taskInterrupted: "Sarcina a fost întreruptă de repornirea serverului. Porniți-o din nou.",
  taskInternalError:
    "Sarcina a eșuat din cauza unei erori interne; nimic nu a fost modificat. Detaliile sunt în jurnalul serverului.",
  stockImportWarehouseGone: "Depozitul nu mai există; stocul nu a fost importat.",
} as const;

/** The parts of a refused request's message (server/validation.ts): `name` is „field” or the body. */
const JSON_TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "număr",
  integer: "număr întreg",
  boolean: "adevărat sau fals",
  object: "obiect JSON",
  array: "listă",
  null: "nul",
};
/** "1 caracter", "19 caractere", "100 de caractere". */
const characters = (limit: number) => romanianCount(limit, "caracter", "caractere");
const elements = (limit: number) => romanianCount(limit, "element", "elemente");
export const validationMessages = {
  root: "corpul cererii",
  required: (name: string) => `${name} este obligatoriu`,
  notAllowed: (name: string) => `câmpul ${name} nu este permis`,
  type: (name: string, types: readonly string[]) => `${name} trebuie să fie ${types.map((t) => JSON_TYPE_NAMES[t] ?? t).join(" sau ")}`,
  maxLength: (name: string, limit: number) => `${name} poate avea cel mult ${characters(limit)}`,
  minLength: (name: string, limit: number) => `${name} trebuie să aibă cel puțin ${characters(limit)}`,
  maximum: (name: string, limit: unknown) => `${name} trebuie să fie cel mult ${limit}`,
  minimum: (name: string, limit: unknown) => `${name} trebuie să fie cel puțin ${limit}`,
  maxItems: (name: string, limit: number) => `${name} poate avea cel mult ${elements(limit)}`,
  minItems: (name: string, limit: number) => `${name} trebuie să aibă cel puțin ${elements(limit)}`,
  uniqueItems: (name: string) => `${name} conține valori repetate`,
  enum: (name: string) => `${name} are o valoare nepermisă`,
  format: (name: string) => `${name} are un format invalid`,
  invalid: (name: string) => `${name} este invalid`,
} as const;

/**
 * A field, query parameter or cell holding NUL or another control character, or an invisible one
 * (zero-width, direction marks and overrides) (controlCharacters.ts).
 */
const REFUSED_CHARACTERS = "caractere de control sau invizibile nepermise (de exemplu NUL, spații de lățime zero sau semne de schimbare a direcției textului)";
export const fieldControlCharacters = (field: string) => `„${field}” conține ${REFUSED_CHARACTERS}`;
/** A cell longer than its column takes (customer and invoice-line sheets alike). */
export const columnTooLong = COLUMN_TOO_LONG;
export const cellControlCharacters = (column: string) =>
  `Celula din coloana „${column}” conține ${REFUSED_CHARACTERS}.`;

/** How many of the ignored columns an import's answer names; the rest are counted. */
export const IGNORED_COLUMNS_NAMED = 5;
/**
 * Cells right of the last column an import reads (excel/errors.ts MAX_COLUMNS) were left out:
 * `columns` are their letters, left to right; `lastRead` the last column read ("BL").
 */
export function ignoredColumnsNote(columns: readonly string[], lastRead: string): string {
  const named = columns.slice(0, IGNORED_COLUMNS_NAMED);
  const more = columns.length - named.length;
  const list =
    more > 0
      ? `${named.join(", ")} și încă ${more.toLocaleString("ro-RO")}`
      : named.length > 1
        ? `${named.slice(0, -1).join(", ")} și ${named[named.length - 1]}`
        : named[0];
  const what = columns.length === 1 ? `Coloana ${list} a fost ignorată` : `Coloanele ${list} au fost ignorate`;
  return `${what}: se citesc doar coloanele A–${lastRead}.`;
}

export const sortFieldInvalid = (field: string, allowed: readonly string[]) =>
  `Nu se poate sorta după „${field}”. Câmpuri permise: ${allowed.join(", ")}.`;
export const tenantNameTaken = (name: string) => `Există deja o firmă cu numele „${name}”.`;
export const tenantNotEmpty = (name: string) =>
  `Firma „${name}” are încă utilizatori sau date și nu poate fi ștearsă.`;
export const emailTaken = (email: string) => `Există deja un utilizator cu adresa ${email}.`;
export const roleChangeForbidden = (role: string) => `Nu puteți acorda sau retrage rolul ${roleName(role)}.`;
/** A user holding a role the caller could not grant (an admin facing a super-admin) is out of reach. */
export const userOutOfReach = (role: string) => `Nu puteți gestiona un utilizator care are rolul ${roleName(role)}.`;
/** A role only the system tenant's users hold (contract/roles.ts SYSTEM_ONLY_ROLES), asked for a company's user. */
export const roleSystemOnly = (role: string) =>
  `Rolul ${roleName(role)} se acordă doar utilizatorilor firmei system (operatorul platformei), nu și celor ai unei firme-client.`;
/** Such a user moved to a company: the role would follow them there. */
export const systemOnlyUserMove = (role: string) =>
  `Un utilizator cu rolul ${roleName(role)} rămâne în firma system: retrageți-i întâi rolul, apoi mutați-l în altă firmă.`;
/** The audit log's 'Rezultat' of a change of roles (or of a new user's): the roles held now. */
export const rolesResult = (roles: readonly string[]) => (roles.length ? roles.map(roleName).join(", ") : "niciun rol");
export const propertyNameTaken = (name: string) => `Există deja o setare cu numele ${name}.`;
export const listTooLong = (total: number, max: number) =>
  `Lista are ${romanianCount(total, "înregistrare", "înregistrări")}, prea multe pentru o singură cerere (cel mult ${max}): ` +
  "cereți-o pe pagini (parametrii page și size).";
export const warehouseNameTaken = (name: string) => `Există deja un depozit cu numele ${name}.`;
/** SmartBill's warehouses could not be read for the warehouse form; `reason` is the SmartBill client's sentence. */
export const smartBillWarehousesUnavailable = (reason: string) => `Depozitele din SmartBill nu au putut fi citite: ${reason}`;
export const stockImportQueued = (warehouseName: string) =>
  `Importul stocului pentru depozitul „${warehouseName}” a fost adăugat în lista de sarcini.`;
/** A second import of a warehouse while the first is queued or running: the first task is the answer. */
export const stockImportAlreadyQueued = (warehouseName: string, taskId: number) =>
  `Importul stocului pentru depozitul „${warehouseName}” este deja în lista de sarcini (sarcina nr. ${taskId}).`;
export const tasksQueueFull = (max: number) =>
  `Sunt deja ${romanianCount(max, "sarcină", "sarcini")} în așteptare pentru această firmă. ` +
  "Așteptați să se termine câteva (lista de sarcini), apoi încercați din nou.";
/** In the audit log's 'Obiect': a line of an invoice, by its number. */
export const invoiceLineLabel = (id: number) => `linia nr. ${id}`;
/** In the audit log's 'Rezultat': the lines an imported invoice holds. */
export const invoiceLinesResult = (lines: number) => romanianCount(lines, "linie", "linii");
/** In the audit log's 'Rezultat': the task that will do the import. */
export const stockImportQueuedResult = (taskId: number) => `sarcina nr. ${taskId}`;
export const stockImportTitle = (warehouseName: string) => `Import stoc: ${warehouseName}`;
export const taskKindUnknown = (kind: string) => `Tipul de sarcină „${kind}” nu este cunoscut de acest server.`;

/**
 * 'Importate 12 produse (3 noi, 9 actualizate).', with Romanian number agreement ('1 nou',
 * '20 de noi'), and a
 * sentence for products that SmartBill no longer lists in the warehouse (their stock is now 0).
 */
export function stockImported(counts: { imported: number; created: number; updated: number; zeroed: number }): string {
  const { imported, created, updated, zeroed } = counts;
  const head = `${imported === 1 ? "Importat" : "Importate"} ${romanianCount(imported, "produs", "produse")}`;
  const detail = `(${romanianCount(created, "nou", "noi")}, ${romanianCount(updated, "actualizat", "actualizate")})`;
  const tail =
    zeroed === 0
      ? ""
      : zeroed === 1
        ? " 1 produs care nu mai apare în SmartBill are acum stocul 0."
        : ` ${romanianCount(zeroed, "produs", "produse")} care nu mai apar în SmartBill au acum stocul 0.`;
  return `${head} ${detail}.${tail}`;
}

/** Products in SmartBill's answer that cannot be stored; the import then writes nothing. */
export function stockRowsInvalid(problems: readonly string[]): string {
  const listed = problems.slice(0, 5).join("; ");
  const more = problems.length > 5 ? `; și încă ${problems.length - 5}` : "";
  return `Stocul primit de la SmartBill are ${problems.length === 1 ? "un produs invalid" : `${romanianCount(problems.length, "produs", "produse")} invalide`}: ${listed}${more}. Nimic nu a fost modificat.`;
}
export const stockRowWithoutName = (position: number) => `produsul de pe poziția ${position} nu are denumire`;
export const stockRowControlCharacters = (position: number) =>
  `produsul de pe poziția ${position} conține ${REFUSED_CHARACTERS}`;
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

/** "1 minut", "5 minute", "20 de minute" (contract/romanianPlural.ts). */
function romanianMinutes(n: number): string {
  return romanianCount(n, "minut", "minute");
}

/* ---------- Customer import ('Import Clienți') ---------- */

/** After the import: 'Import finalizat: 1 client nou, 20 de actualizați, 2 rânduri respinse.' */
export const customerImportFinished = (added: number, updated: number, rejected: number) =>
  `Import finalizat: ${romanianCount(added, "client nou", "clienți noi")}, ` +
  `${romanianCount(updated, "actualizat", "actualizați")}, ${romanianCount(rejected, "rând respins", "rânduri respinse")}.`;
/** 'Verifică la ANAF' in the import's dry run: per row, a warning (it rejects nothing). */
const romanianDate = (day: string) => day.split("-").reverse().join(".");
export const customerAnafCheckMessages = {
  title: (rows: number) => `Verificare la ANAF: ${romanianCount(rows, "client din import", "clienți din import")}`,
  notKnown: (cui: string) => `ANAF nu cunoaște CIF-ul ${cui}.`,
  inactive: (since: string | null) => `Firmă inactivă la ANAF${since ? ` din ${romanianDate(since)}` : ""}.`,
  struckOff: (on: string) => `Firmă radiată la ANAF din ${romanianDate(on)}.`,
  nameDiffers: (anafName: string) => `Denumirea diferă de cea de la ANAF: „${anafName}”.`,
  countyDiffers: (anafCounty: string) => `Județul diferă de cel de la ANAF: „${anafCounty}”.`,
  done: (cuis: number, rows: number) =>
    `${romanianCount(cuis, "CIF verificat", "CIF-uri verificate")} la ANAF; ${romanianCount(rows, "rând cu avertismente", "rânduri cu avertismente")}.`,
  unavailable: (reason: string) => `Verificarea la ANAF nu s-a putut face: ${reason} Importul se poate face și fără ea.`,
  noClient: "Verificarea la ANAF nu s-a putut face: acest proces nu are clientul ANAF. Importul se poate face și fără ea.",
  payloadInvalid: "Verificarea la ANAF nu are lista de CIF-uri a fișierului; încărcați fișierul din nou.",
  notFound: "Verificarea la ANAF nu a fost găsită.",
  filled: (rows: number) => `Adrese completate din ANAF: ${romanianCount(rows, "rând", "rânduri")}.`,
} as const;

/** After the dry run, which writes nothing. */
export const customerImportChecked = (added: number, updated: number, rejected: number) =>
  `Verificare finalizată: ${romanianCount(added, "client nou", "clienți noi")}, ` +
  `${romanianCount(updated, "client de actualizat", "clienți de actualizat")}, ` +
  `${romanianCount(rejected, "rând respins", "rânduri respinse")}. Nimic nu a fost salvat.`;

/** Why a row of a customer sheet is refused (a row's reasons are joined). */
/** Why an imported customer row, or a customer typed in its form, is refused (contract/messages.ts). */
export const customerRowMessages = CUSTOMER_ROW_MESSAGES;

/** The one-customer routes' answers (a customer's page and forms). */
export const customerMessages = {
  notFound: "Clientul nu a fost găsit.",
  codeTaken: (codClient: string) => `Există deja un client cu codul „${codClient}”.`,
  /** The customer's invoices keep its id: it stays while any invoice refers to it. */
  inUse: (invoices: number) =>
    `Clientul nu poate fi șters: îl ${invoices === 1 ? "folosește" : "folosesc"} ${romanianCount(invoices, "factură", "facturi")}.`,
} as const;

/** The customer files' names (ASCII, for every browser) and the words written in them. */
/** What a password link made is, in the audit log's 'Rezultat'. */
export const passwordLinkResults = { set: "link de setare a parolei", reset: "link de resetare a parolei" } as const;

/** The audit log's export ('Jurnal de audit'). */
export const auditFiles = {
  export: (format: "csv" | "xlsx") => `jurnal-audit.${format}`,
  sheet: AUDIT_LOG_NAME,
  /** The screen's column names (contract/auditActions.ts), in the export's order. */
  headers: AUDIT_COLUMN_NAMES,
} as const;

export const customerFiles = {
  export: (format: "csv" | "xlsx") => `clienti.${format}`,
  template: "model-import-clienti.xlsx",
  errorReport: "clienti-erori.xlsx",
  sheet: "Clienți",
  rejectedSheet: "Rânduri respinse",
  /** Beside the client code's own header (contract/customerHeaders.ts). */
  rejectedHeaders: { row: "Rând Excel", reason: "Motiv" },
} as const;

export const resetPasswordMail = {
  subject: "Resetarea parolei - SmartBill back office",
  body: (link: string) =>
    "Bună ziua,\n\n" +
    "Am primit o cerere de resetare a parolei pentru contul dumneavoastră. " +
    "Deschideți linkul de mai jos pentru a alege o parolă nouă (valabil 24 de ore, o singură dată):\n\n" +
    `${link}\n\n` +
    "Dacă nu ați cerut resetarea parolei, ignorați acest mesaj; parola rămâne neschimbată.\n",
} as const;

/* ---------- The contact page's form (POST /dmz-api/contact) ---------- */

export const contactMessages = {
  sent: "Mesajul a fost trimis. Vă răspundem la adresa de e-mail pe care ați scris-o.",
  nameRequired: "Scrieți numele dumneavoastră.",
  emailInvalid: "Scrieți o adresă de e-mail validă, ca să vă putem răspunde.",
  messageRequired: "Scrieți mesajul.",
  messageTooShort: (min: number) => `Mesajul este prea scurt: scrieți cel puțin ${romanianCount(min, "caracter", "caractere")}.`,
  notValid: "Mesajul nu a fost trimis: corectați câmpurile marcate.",
  /** No one to send it to: no CONTACT_EMAIL and no super-admin (a misconfigured server). */
  noRecipient: "Mesajul nu poate fi trimis acum. Încercați mai târziu.",
} as const;

export const contactMail = {
  subject: (name: string, company: string) => `Mesaj de contact de la ${name}${company ? ` (${company})` : ""}`,
  body: (fields: { name: string; email: string; company: string; message: string }) =>
    "Mesaj trimis din pagina de contact a platformei.\n\n" +
    `Nume: ${fields.name}\n` +
    `E-mail: ${fields.email}\n` +
    `Companie: ${fields.company || "-"}\n\n` +
    `${fields.message}\n\n` +
    "Răspundeți la adresa de e-mail de mai sus.\n",
} as const;

/* ---------- The SmartBill address (smartbill.url) ---------- */

/** What smartbill.url may be (smartbill/allowedUrl.ts), said to the admin who saves it and after a refused call. */
export function smartBillUrlRule(allowed: { hosts: readonly string[]; emulatorUrl: string | undefined }): string {
  const { hosts, emulatorUrl } = allowed;
  const servers =
    hosts.length === 0
      ? "Pe acest server nu este permisă nicio adresă SmartBill."
      : `Adresa SmartBill trebuie să fie https:// pe unul dintre serverele permise: ${hosts.join(", ")} ` +
        `(de exemplu https://${hosts[0]}/SBORO/api), fără nume de utilizator, parolă, „?” sau „#”.`;
  const emulator = emulatorUrl ? ` În modul demo este permis și emulatorul SmartBill al acestui server: ${emulatorUrl}.` : "";
  return servers + emulator;
}

/**
 * A stored smartbill.url that is not allowed (saved before the rule, or the rule changed): the
 * call is refused before anything is sent, and the message says nothing of the address itself.
 */
export const smartBillUrlRefused = (allowed: Parameters<typeof smartBillUrlRule>[0]) =>
  "Setarea smartbill.url nu indică un server SmartBill permis, așa că SmartBill nu a fost apelat. " +
  `${smartBillUrlRule(allowed)} Cereți unui administrator să corecteze setarea în „Configurare parametrii”.`;

/** SmartBill's call limit was passed: no call goes out until `until` (Romanian time, "14:05"). */
export const smartBillLockedOut = (until: string) =>
  "SmartBill a blocat temporar accesul pentru acest token, deoarece s-a depășit limita de apeluri " +
  `permise. Apelurile către SmartBill sunt oprite până la ${until} (ora României).`;

/** The SmartBill client's refusals (smartbill/client.ts); `what` names the call ("GET /series"). */
export const smartBillClientMessages = {
  settingsMissing: (missing: readonly string[]) =>
    `Configurarea SmartBill este incompletă: ${
      missing.length === 1 ? `lipsește setarea ${missing[0]}` : `lipsesc setările ${missing.slice(0, -1).join(", ")} și ${missing.at(-1)}`
    }.`,
  timeoutSettingInvalid: (raw: string) => `SMARTBILL_TIMEOUT_MS trebuie să fie un număr întreg de milisecunde ≥ 1, nu „${raw}”.`,
  timedOut: (seconds: string, what: string) => `SmartBill nu a răspuns în ${seconds} (${what}).`,
  unreachable: (host: string, reason: string, what: string) => `Nu s-a putut comunica cu SmartBill la ${host}: ${reason} (${what}).`,
  /** Added after a lost POST /invoice; the send (sendInvoice.ts) checks the series itself and drops it. */
  mayHaveIssued: "Factura poate să fi fost totuși emisă: verificați în SmartBill seria și ultimul număr înainte de a o trimite din nou.",
  /** The same after a lost POST /estimate/v2. */
  mayHaveIssuedProforma:
    "Proforma poate să fi fost totuși emisă: verificați în SmartBill seria și ultimul număr înainte de a o trimite din nou.",
  /** Added after a lost answer on the calls after the send, each saying what to check first. */
  mayHaveReversed: "Stornarea poate să fi fost totuși emisă: verificați în SmartBill seria și ultimul număr înainte de a o cere din nou.",
  mayHaveDeleted: "Factura poate să fi fost totuși ștearsă: verificați în SmartBill ultimul număr al seriei înainte de a încerca din nou.",
  mayHaveRecordedPayment: "Încasarea poate să fi fost totuși înregistrată: verificați starea plății facturii înainte de a o înregistra din nou.",
  mayHaveDeletedPayment: "Încasarea poate să fi fost totuși ștearsă: verificați starea plății facturii înainte de a încerca din nou.",
  mayHaveSentEmail: "E-mailul poate să fi fost totuși trimis: verificați în SmartBill înainte de a-l trimite din nou.",
  httpError: (status: number, what: string, title?: string) =>
    `SmartBill a răspuns cu eroarea HTTP ${status}${title ? ` („${title}”)` : ""}, fără un mesaj SmartBill (${what}).`,
  notJson: (status: number, what: string, title?: string) =>
    `SmartBill a trimis un răspuns care nu este JSON (HTTP ${status}${title ? `, „${title}”` : ""}) la ${what}.`,
  authRefused: (what: string) => `SmartBill a refuzat autentificarea (HTTP 401) la ${what}.`,
  unexpected: (what: string, detail: string) => `Răspuns SmartBill neașteptat la ${what}: ${detail}.`,
  noTaxList: "lipsește lista de cote TVA",
  noSeriesList: "lipsește lista de serii",
  noInvoiceNumber: "lipsesc seria și numărul facturii",
  noStockList: "lipsește lista de stocuri",
  noPdf: "răspunsul nu este un PDF",
  noPaymentStatus: "lipsesc sumele facturii",
  noDocumentSendStatus: "lipsește starea trimiterii",
  noEstimateInvoices: "lipsește lista facturilor emise din proformă",
  notANumber: (value: string) => `valoare numerică invalidă „${value}”`,
  network: {
    refused: "conexiunea a fost refuzată",
    notFound: "adresa serverului nu a fost găsită",
    closed: "conexiunea a fost închisă înainte de răspuns",
    connectTimeout: "conectarea a durat prea mult",
    certificate: "certificatul serverului nu este valid",
  },
} as const;

/** A 3xx answer: never followed (it could lead anywhere), and its Location is not repeated. */
export const smartBillRedirectRefused = (status: number, what: string) =>
  `SmartBill a răspuns cu o redirecționare (HTTP ${status}), care nu este urmată (${what}).`;

/* ---------- Sending an invoice to SmartBill ---------- */

/** POST /api/smartbill/invoice/send/{id}: the client shows these after 'Eroare la trimiterea facturii.'. */
export const invoiceSendMessages = {
  inProgress: "Factura se trimite chiar acum către SmartBill. Așteptați rezultatul, apoi reîncărcați pagina.",
  noClient: "Factura nu are un client. Alegeți clientul în „Date factură”, apoi trimiteți-o din nou.",
  clientGone: "Clientul facturii nu mai există în lista de clienți. Alegeți un client în „Date factură”, apoi trimiteți-o din nou.",
  noLines: "Factura nu are produse. Adăugați cel puțin un produs în „Produse”, apoi trimiteți-o din nou.",
  /** issueDate + dueDays is no real day (a row stored before dates were bounded). */
  dueDateImpossible:
    "Data scadenței facturii nu este o dată reală. Corectați data emiterii sau numărul de zile până la scadență în „Date factură”, apoi trimiteți-o din nou.",
  /** The outcome is unknown for a draft: SmartBill numbers no draft, so the series cannot tell. */
  draftUnclearAdvice:
    "SmartBill nu dă număr ciornelor, deci seria nu poate arăta dacă ciorna a fost creată: " +
    "verificați ciornele în SmartBill înainte de a trimite din nou (o nouă trimitere creează o altă ciornă).",
} as const;

/** "31.08.2026": a yyyy-mm-dd day as Romanians write it, in every sentence that names a date window. */
const day = (isoDate: string) => isoDate.split("-").reverse().join(".");

/** An invoice whose issue date (imported or saved earlier) is outside today's window: refused before SmartBill. */
export const invoiceIssueDateOutsideAtSend = (issueDate: string, from: string, to: string) =>
  `Data emiterii facturii, ${day(issueDate)}, nu este între ${day(from)} și ${day(to)}, intervalul permis acum. ` +
  "Corectați-o în „Date factură”, apoi trimiteți factura din nou.";

/** 'Emite factura' asked for an invoice that is not a SmartBill draft. */
export const invoiceNotADraft =
  "Factura nu este o ciornă trimisă în SmartBill: o factură netrimisă se emite cu „Trimite Factura”.";

/** 'Factura a fost deja trimisă (seria X, numărul N).'; a SmartBill draft has no number. */
export function invoiceAlreadySent(series: string | null, number: string | null): string {
  if (!number) return `Factura a fost deja trimisă ca ciornă${series ? ` în seria ${series}` : ""}.`;
  return `Factura a fost deja trimisă (seria ${series ?? ""}, numărul ${number}).`;
}

export const invoiceTooManyLines = (lines: number, max: number) =>
  `Factura are ${romanianCount(lines, "produs", "produse")}, dar SmartBill acceptă cel mult ${max} pe un document. ` +
  "Împărțiți produsele în mai multe facturi.";

export function invoiceSeriesNotFound(series: string, available: readonly string[]): string {
  const known = available.length > 0 ? ` Seriile de facturi din SmartBill: ${available.join(", ")}.` : "";
  return `Seria „${series}” nu există în SmartBill pentru facturi.${known} Alegeți o serie existentă în „Date factură”.`;
}

/** Nothing reached SmartBill (or SmartBill refused the call itself, not the invoice): the invoice is as before. */
export const invoiceNotSent = (reason: string) => `Factura nu a fost trimisă: ${reason}`;

/** The answer to the send was lost, but the series moved past the number read just before it. */
export const invoiceConfirmedFromSeries = (series: string, number: string) =>
  `Răspunsul SmartBill nu a ajuns, dar seria ${series} a avansat: factura a fost emisă cu numărul ${number} ` +
  "(confirmat din serie).";

/**
 * The answer was lost and the series does not (yet) show a new invoice: the invoice is marked
 * 'unclear'. `reason` says what happened; `seriesProblem` why the series could not be read.
 */
export function invoiceOutcomeUnknown(reason: string, options: { draft: boolean; seriesProblem?: string }): string {
  const head = `Nu se știe dacă SmartBill a ${options.draft ? "creat ciorna" : "emis factura"}: ${reason}`;
  if (options.draft) return `${head} ${invoiceSendMessages.draftUnclearAdvice}`;
  const series = options.seriesProblem
    ? ` Nici seria nu a putut fi citită pentru verificare (${options.seriesProblem})`
    : " Seria nu arată încă o factură nouă";
  return (
    `${head}${series}. Factura rămâne marcată „Rezultat neclar”: la o nouă trimitere se verifică mai întâi ` +
    "seria în SmartBill, ca factura să nu fie emisă de două ori."
  );
}

/** An 'unclear' invoice sent again too soon: SmartBill may still be registering the previous send. */
export const invoiceRecheckTooSoon = (seconds: number) =>
  "Seria din SmartBill nu arată încă factura trimisă anterior, dar SmartBill o poate înregistra cu întârziere. " +
  `Încercați din nou peste ${seconds === 1 ? "o secundă" : `${romanianCount(seconds, "secundă", "secunde")}`}; seria va fi verificată mai întâi.`;

/** How a send's messages name the document (sendInvoice.ts), for each kind (DocumentWords.send). */
export interface DocumentSendWords {
  inProgress: string;
  noClient: string;
  clientGone: string;
  noLines: string;
  dueDateImpossible: string;
  alreadySent: (series: string | null, number: string | null) => string;
  issueDateOutside: (issueDate: string, from: string, to: string) => string;
  tooManyLines: (lines: number, max: number) => string;
  notSent: (reason: string) => string;
  confirmedFromSeries: (series: string, number: string) => string;
  outcomeUnknown: (reason: string, options: { draft: boolean; seriesProblem?: string }) => string;
  recheckTooSoon: (seconds: number) => string;
}

export const invoiceSendWords: DocumentSendWords = {
  inProgress: invoiceSendMessages.inProgress,
  noClient: invoiceSendMessages.noClient,
  clientGone: invoiceSendMessages.clientGone,
  noLines: invoiceSendMessages.noLines,
  dueDateImpossible: invoiceSendMessages.dueDateImpossible,
  alreadySent: invoiceAlreadySent,
  issueDateOutside: invoiceIssueDateOutsideAtSend,
  tooManyLines: invoiceTooManyLines,
  notSent: invoiceNotSent,
  confirmedFromSeries: invoiceConfirmedFromSeries,
  outcomeUnknown: invoiceOutcomeUnknown,
  recheckTooSoon: invoiceRecheckTooSoon,
};

export const proformaSendWords: DocumentSendWords = {
  inProgress: "Proforma se trimite chiar acum către SmartBill. Așteptați rezultatul, apoi reîncărcați pagina.",
  noClient: "Proforma nu are un client. Alegeți clientul în „Date proformă”, apoi trimiteți-o din nou.",
  clientGone: "Clientul proformei nu mai există în lista de clienți. Alegeți un client în „Date proformă”, apoi trimiteți-o din nou.",
  noLines: "Proforma nu are produse. Adăugați cel puțin un produs în „Produse”, apoi trimiteți-o din nou.",
  dueDateImpossible:
    "Data scadenței proformei nu este o dată reală. Corectați data emiterii sau numărul de zile până la scadență în „Date proformă”, apoi trimiteți-o din nou.",
  alreadySent: (series, number) =>
    number
      ? `Proforma a fost deja trimisă (seria ${series ?? ""}, numărul ${number}).`
      : `Proforma a fost deja trimisă ca ciornă${series ? ` în seria ${series}` : ""}.`,
  issueDateOutside: (issueDate, from, to) =>
    `Data emiterii proformei, ${day(issueDate)}, nu este între ${day(from)} și ${day(to)}, intervalul permis acum. ` +
    "Corectați-o în „Date proformă”, apoi trimiteți proforma din nou.",
  tooManyLines: (lines, max) =>
    `Proforma are ${romanianCount(lines, "produs", "produse")}, dar SmartBill acceptă cel mult ${max} pe un document. ` +
    "Împărțiți produsele în mai multe proforme.",
  notSent: (reason) => `Proforma nu a fost trimisă: ${reason}`,
  confirmedFromSeries: (series, number) =>
    `Răspunsul SmartBill nu a ajuns, dar seria ${series} a avansat: proforma a fost emisă cu numărul ${number} (confirmat din serie).`,
  outcomeUnknown: (reason, options) => {
    const head = `Nu se știe dacă SmartBill a ${options.draft ? "creat ciorna" : "emis proforma"}: ${reason}`;
    if (options.draft) return `${head} ${invoiceSendMessages.draftUnclearAdvice}`;
    const series = options.seriesProblem
      ? ` Nici seria nu a putut fi citită pentru verificare (${options.seriesProblem})`
      : " Seria nu arată încă o proformă nouă";
    return (
      `${head}${series}. Proforma rămâne marcată „Rezultat neclar”: la o nouă trimitere se verifică mai întâi ` +
      "seria în SmartBill, ca proforma să nu fie emisă de două ori."
    );
  },
  recheckTooSoon: (seconds) =>
    "Seria din SmartBill nu arată încă proforma trimisă anterior, dar SmartBill o poate înregistra cu întârziere. " +
    `Încercați din nou peste ${seconds === 1 ? "o secundă" : `${romanianCount(seconds, "secundă", "secunde")}`}; seria va fi verificată mai întâi.`,
};

/* ---------- Imported invoices: import, list, edit, lines ---------- */

export const invoiceMessages = {
  notFound: "Factura nu a fost găsită.",
  lineNotFound: "Produsul nu a fost găsit pe această factură.",
  imported: SHARED_MESSAGES.invoiceImported,
  lineDeleted: "Produsul a fost șters.",
  stale:
    "Factura a fost modificată între timp (în alt tab sau de alt utilizator). Reîncarcă pagina pentru a vedea ultima versiune.",
  sent: "Factura a fost trimisă și nu mai poate fi modificată.",
  sending: "Factura se trimite chiar acum către SmartBill și nu poate fi modificată. Așteptați rezultatul, apoi reîncărcați pagina.",
  clientUnknown: "Clientul ales nu există în lista de clienți.",
  warehouseUnknown: "Depozitul ales nu există.",
  payloadInvalid: "Datele formularului de import nu sunt JSON valid.",
  issueDateInvalid: "Data emiterii trebuie să fie o dată validă, de forma aaaa-ll-zz.",
  issueDateOutside: (from: string, to: string) => `Data emiterii trebuie să fie între ${day(from)} și ${day(to)}.`,
  seriesRequired: "Seria facturii este obligatorie.",
  seriesInvalid: "Seria facturii poate conține doar litere fără diacritice, cifre și cratimă (-), ca seriile din SmartBill.",
  currencyRequired: "Moneda facturii este obligatorie.",
  languageRequired: "Limba facturii este obligatorie.",
  lineNameRequired: "Denumirea produsului este obligatorie.",
  lineCodeRequired: "Codul produsului este obligatoriu.",
  lineInvoiceMismatch: "Produsul aparține altei facturi decât cea din adresă.",
  lineIdMismatch: "Id-ul produsului din corpul cererii nu corespunde celui din adresă.",
  invoiceIdMismatch: "Id-ul facturii din corpul cererii nu corespunde celui din adresă.",
} as const;

/**
 * An import the spec's API accepts without a client or (when it takes its products from stock) a
 * warehouse: the invoice is stored to be completed on its screen, and the answer says what is
 * still missing before it can be sent.
 */
export const invoiceImportMissing = {
  clientId: "Factura nu are încă client: alegeți-l în „Date factură” înainte de trimitere.",
  warehouseId: "Factura descarcă stocul, dar nu are depozit: alegeți-l în „Date factură” (sau debifați „Descarcă stocul”) înainte de trimitere.",
} as const;

/** The invoice lines' template (GET /import/template). */
export const invoiceFiles = {
  template: "model-import-factura.xlsx",
  sheet: "Produse",
} as const;

/** The actions on an invoice after the send (afterSend.ts and the routes beside it). */
export const afterSendMessages = {
  notSent: "Factura nu a fost emisă în SmartBill: trimiteți-o mai întâi.",
  draft: "Factura a fost trimisă ca ciornă în SmartBill, fără număr: acțiunea cere o factură emisă.",
  deleted: "Factura a fost ștearsă din SmartBill.",
  busy: "O altă acțiune pe această factură este în curs. Așteptați rezultatul, apoi încercați din nou.",
} as const;
/** SmartBill could not be asked, or its answer was lost: nothing is known to have been done. */
export const afterSendFailed = (reason: string) => `SmartBill nu a putut fi întrebat: ${reason}`;

/** The PDF, e-mail, cancel, restore and delete of a sent invoice (pdfRoute.ts, emailRoutes.ts, cancelRoutes.ts, deleteRoute.ts). */
export const invoiceActionMessages = {
  /** SmartBill's nginx 502 page: what it means for a clerk, never the page itself. */
  pdfUnavailable: (invoice: string) =>
    `SmartBill nu a dat PDF-ul facturii ${invoice}: nu găsește factura (poate a fost ștearsă direct în SmartBill) ` +
    "sau nu o poate genera acum. Verificați factura în SmartBill, apoi încercați din nou.",
  emailed: (invoice: string, to: string) => `Factura ${invoice} a fost trimisă pe e-mail către ${to}.`,
  /** The audit row of an e-mail sent: every recipient. */
  emailRecipients: (to: string, cc: string) => `Către: ${to}${cc ? `; Cc: ${cc}` : ""}`,
  cancelled: (invoice: string) => `Factura ${invoice} a fost anulată în SmartBill.`,
  restored: (invoice: string) => `Factura ${invoice} a fost restaurată în SmartBill.`,
  deleted: (invoice: string) => `Factura ${invoice} a fost ștearsă din SmartBill; numărul ei este din nou liber acolo.`,
  /** The e-mail form's refusals, each beside its field. */
  emailInvalid: "E-mailul nu a fost trimis: corectați câmpurile marcate.",
  recipientRequired: "Introduceți cel puțin o adresă de e-mail a destinatarului.",
  addressInvalid: (address: string) => `Adresa de e-mail „${address}” nu este validă.`,
  tooManyAddresses: (max: number) => `Introduceți cel mult ${max} adrese, despărțite prin virgulă.`,
  subjectRequired: "Introduceți subiectul e-mailului.",
  subjectOneLine: "Subiectul e-mailului trebuie să fie pe un singur rând, fără Enter.",
  bodyRequired: "Introduceți textul e-mailului.",
} as const;

/**
 * The e-mail form's defaults when the tenant has no smartbill.email.* settings. `#serie numar
 * document#` and `#total document#` are SmartBill's placeholders: it fills them in the body.
 */
export const invoiceEmailDefaults = {
  cc: "",
  subject: "Factura #serie numar document#",
  body: "Bună ziua,\n\nVă transmitem atașat factura #serie numar document#, în valoare de #total document#.\n\nVă mulțumim!",
} as const;

/** The import refused for its rows: every bad row is listed beside this sentence. */
export const invoiceRowsRejected = (rows: number) =>
  `Fișierul a fost refuzat: ${rows === 1 ? "un rând are erori" : `${romanianCount(rows, "rând", "rânduri")} au erori`}. ` +
  "Corectați-le și încărcați din nou fișierul; nimic nu a fost salvat.";
/** More lines in a file than SmartBill takes on one document (the reading stops at the first one too many). */
export const tooManyInvoiceLines = (max: number) =>
  `Fișierul are mai mult de ${romanianCount(max, "produs", "produse")}, dar SmartBill acceptă cel mult ${max} pe o factură. ` +
  "Împărțiți produsele în mai multe fișiere.";
/** Why a row of an invoice-lines sheet is refused (a row's reasons are joined). */
export const lineRowMessages = LINE_ROW_MESSAGES;
/** A line's (or product's) tax that SmartBill does not list; `known` lists SmartBill's ('' when none). */
export const unknownTax = (taxName: string, known: string) =>
  `Cota TVA „${taxName}” nu există în SmartBill${known ? ` (cotele din SmartBill: ${known})` : ""}; alegeți o cotă din listă.`;
/** A VAT percent given without a tax name that no tax of SmartBill's list has (19, the old standard rate). */
export const taxPercentNotListed = (percent: number, known: string) =>
  `Procentul TVA ${percent.toLocaleString("ro-RO")}% nu este al niciunei cote din SmartBill` +
  `${known ? ` (cotele din SmartBill: ${known})` : ""}; scrieți numele cotei (coloana „Taxa”) sau un procent din listă.`;
/** A VAT percent without a tax name that several taxes share (0 %: Taxare inversa, TVA Inclus, SDD…). */
export const ambiguousTaxPercent = (percent: number, names: readonly string[]) =>
  `Procentul TVA ${percent.toLocaleString("ro-RO")}% este al mai multor cote din SmartBill (${names.join(", ")}); ` +
  "scrieți numele cotei (coloana „Taxa”).";
/** A quantity of zero or below (contract/messages.ts, shown by the line dialog too). */
export const lineQuantityNotPositive = SHARED_MESSAGES.lineQuantityNotPositive;
/** The first few of many, and how many more: a refusal stays readable on a 400-line invoice. */
function someOf<T>(items: readonly T[], say: (item: T) => string, shown = 5): string {
  const more = items.length - shown;
  return items.slice(0, shown).map(say).join("; ") + (more > 0 ? `; și încă ${romanianCount(more, "produs", "produse")}` : "");
}
/** An invoice whose lines carry a VAT percent other than their tax's in SmartBill's list, refused before the send. */
export const invoiceLineTaxStale = (lines: readonly { name: string; taxName: string; taxPercentage: number; expected: number }[]) =>
  "Factura nu a fost trimisă: " +
  someOf(lines, (line) => `produsul „${line.name}” are TVA ${line.taxPercentage}%, dar cota „${line.taxName}” din SmartBill este ${line.expected}%`) +
  ". Deschideți produsul în „Produse” și salvați-l: procentul TVA se ia din lista SmartBill.";
/** An invoice whose lines name a tax SmartBill does not list, refused before the send. */
export const invoiceLineTaxUnknown = (lines: readonly { name: string; taxName: string }[], known: string) =>
  "Factura nu a fost trimisă: " +
  someOf(lines, (line) => `cota „${line.taxName}” a produsului „${line.name}” nu există în SmartBill`) +
  `${known ? ` (cotele din SmartBill: ${known})` : ""}. Alegeți o cotă din listă în „Produse”.`;
/** A line without a VAT percent while SmartBill's tax list has never been read (SmartBill unreachable). */
export const noTaxList =
  "Procentul TVA lipsește, iar lista cotelor TVA din SmartBill nu a putut fi citită niciodată; completați procentul TVA.";
export const invoiceLinesFull = (max: number) =>
  `Factura are deja ${romanianCount(max, "produs", "produse")}, cel mult cât acceptă SmartBill pe un document. ` +
  "Creați o altă factură pentru restul produselor.";
/** A block pasted into the lines with more rows than SmartBill takes on one document (the reading stops at the first one too many). */
export const pastedRowsTooMany = (max: number) =>
  `Ați lipit mai mult de ${romanianCount(max, "rând", "rânduri")}, dar SmartBill acceptă cel mult ${romanianCount(max, "produs", "produse")} pe o factură; ` +
  "nu a fost adăugat nimic. Lipiți produsele în mai multe tranșe sau în mai multe facturi.";
/** A block pasted into the lines whose good rows would take the invoice past SmartBill's limit. */
export const pastedLinesOverLimit = (existing: number, pasted: number, max: number) =>
  `Factura are ${romanianCount(existing, "produs", "produse")}, iar cu ${romanianCount(pasted, "produs lipit", "produse lipite")} ` +
  `ar trece de ${max}, cel mult cât acceptă SmartBill pe un document; nu a fost adăugat nimic. ` +
  "Creați o altă factură pentru restul produselor.";

/* ---------- The SmartBill connection ('Conexiune SmartBill') ---------- */

/** One per field of the form; the answer names every one that is wrong. */
export const smartBillConnectionMessages = {
  usernameRequired: "Introduceți adresa de email a contului SmartBill.",
  tokenRequired: "Introduceți tokenul API din SmartBill (Contul meu › Integrări › API).",
  cifRequired: "Introduceți CIF-ul firmei, exact ca în SmartBill (de exemplu RO40671760).",
  cifInvalid: "CIF-ul are doar cifre, eventual precedate de RO, fără spații (de exemplu RO40671760).",
  urlRequired: "Introduceți adresa API SmartBill (de obicei https://ws.smartbill.ro/SBORO/api).",
  saved: "Conexiunea SmartBill a fost salvată.",
} as const;

/** The form's fields were refused, each named in `errors` and repeated here. */
export const smartBillConnectionInvalid = (action: "save" | "test", problems: readonly string[]) =>
  `Conexiunea SmartBill nu a fost ${action === "save" ? "salvată" : "testată"}: ${problems.join(" ")}`;

/** SmartBill (or the way to it) refused the entered settings; `reason` is the client's own sentence. */
export const smartBillConnectionTestFailed = (reason: string) =>
  `SmartBill nu a confirmat conexiunea: ${reason}`;

/* ---------- Excel files (server/excel/errors.ts ExcelError) ---------- */

export const excelMessages = {
  notExcel: "Fișierul nu este un document Excel valid (.xlsx sau .xls).",
  /** The limits are server/excel/errors.ts MAX_FILE_BYTES and MAX_DATA_ROWS. */
  tooLarge: "Fișierul depășește limita de 20 MiB.",
  tooManyRows: "Fișierul are mai mult de 100.000 de rânduri de date.",
  passwordProtected: "Fișierul este protejat cu parolă. Salvați-l fără parolă și încercați din nou.",
  corrupt: "Fișierul Excel este deteriorat sau incomplet și nu poate fi citit.",
  zipBomb: "Fișierul Excel are un conținut comprimat suspect de mare și a fost refuzat.",
  noSheet: "Fișierul Excel nu conține nicio foaie de calcul.",
  noData: "Fișierul nu conține niciun rând de date sub antet.",
  noFile: SHARED_MESSAGES.noFile,
  tooManyParts: "Cererea conține prea multe fișiere sau câmpuri. Încărcați un singur fișier Excel.",
  tooSlow:
    "Citirea fișierului .xls a durat prea mult și a fost oprită. Salvați-l ca .xlsx (Excel 2007 sau mai nou) și încercați din nou.",
  tooComplex:
    "Fișierul .xls cere prea multă memorie pentru a fi citit. Salvați-l ca .xlsx (Excel 2007 sau mai nou) și încercați din nou.",
  missingColumns: (labels: readonly string[]) => `Lipsesc coloanele obligatorii: ${labels.join(", ")}.`,
  headerNotFound: (labels: readonly string[]) =>
    `Nu am găsit rândul de antet în primele 10 rânduri. Coloanele așteptate: ${labels.join(", ")}.`,
} as const;

/** Who may call a route, as the API document (/api/docs) states it beside the route. */
export const accessDescriptions = {
  public: "Public: fără autentificare.",
  signedIn: "Orice utilizator autentificat.",
  roles: (roles: readonly string[]) => `Roluri: ${roles.join(", ")}.`,
};

/* ---------- Payments ('Încasări') and the storno ('Stornează') of a sent invoice ---------- */

/** An amount as the clerk reads it: 1.234,50 RON. */
const money = (amount: number, currency: string) =>
  `${amount.toLocaleString("ro-RO", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
const inSeconds = (seconds: number) => (seconds === 1 ? "o secundă" : romanianCount(seconds, "secundă", "secunde"));

/** How SmartBill's payment status is named on the screen. */
export const paymentStatusNames = { unpaid: "Neîncasată", partial: "Încasată parțial", paid: "Încasată" } as const;

export const paymentMessages = {
  requestIdInvalid: "Cererea nu are un identificator valid (requestId, un UUID). Închideți fereastra, deschideți-o din nou și reîncercați.",
  amountInvalid: "Suma trebuie să fie un număr mai mare decât zero, cu cel mult două zecimale.",
  amountTooLarge: "Suma este prea mare.",
  dateInvalid: "Data încasării trebuie să fie o dată validă, de forma aaaa-ll-zz.",
  /** Between the invoice's issue date and tomorrow (invoiceDates.ts). */
  dateOutside: (from: string, to: string) =>
    from > to
      ? `Încasarea poate fi înregistrată începând cu data emiterii facturii, ${day(from)}.`
      : `Data încasării trebuie să fie între data emiterii facturii, ${day(from)}, și ${day(to)}.`,
  typeInvalid: (types: readonly string[]) => `Alegeți tipul încasării dintre: ${types.join(", ")}.`,
  clientGone: "Clientul facturii nu mai există în lista de clienți, iar SmartBill leagă încasarea de clientul facturii.",
  notFound: "Încasarea nu a fost găsită pe această factură.",
  deleted: "Încasarea a fost ștearsă din SmartBill.",
  deletedConfirmed: "Răspunsul SmartBill se pierduse, dar suma încasată pe factură a scăzut: încasarea a fost ștearsă (confirmat din starea plății).",
  notRecorded: "Încasarea nu este înregistrată în SmartBill (a fost ștearsă sau nu s-a făcut), deci nu poate fi ștearsă.",
  lostAnswerAdvice:
    "Reîncercați: se verifică mai întâi în SmartBill suma încasată, astfel încât încasarea să nu fie făcută de două ori.",
  statusTaskTitle: "Actualizare stare încasări din SmartBill",
} as const;

export const paymentInvalid = (problems: readonly string[]) => `Încasarea nu a fost înregistrată: ${problems.join(" ")}`;
/** A payment above what SmartBill says is left to pay on the invoice (read just before). */
export const paymentMoreThanUnpaid = (amount: number, unpaid: number, currency: string) =>
  unpaid > 0
    ? `Încasarea nu a fost înregistrată: suma de ${money(amount, currency)} depășește restul de încasat pe factură, ${money(unpaid, currency)} (după SmartBill).`
    : `Încasarea nu a fost înregistrată: factura este încasată integral în SmartBill, nu mai este nimic de încasat.`;
export const paymentRecorded = (amount: number, currency: string, type: string) =>
  `Încasarea de ${money(amount, currency)} (${type}) a fost înregistrată în SmartBill.`;
/** The same request again (a double click, a retry after the answer arrived): nothing is sent. */
export const paymentAlreadyRecorded = (amount: number, currency: string) =>
  `Încasarea de ${money(amount, currency)} a fost deja înregistrată; nu a fost trimisă din nou.`;
/** A lost answer, confirmed by SmartBill's paid amount. */
export const paymentConfirmedFromStatus = (amount: number, currency: string) =>
  `Răspunsul SmartBill se pierduse, dar suma încasată pe factură a crescut cu ${money(amount, currency)}: ` +
  "încasarea a fost înregistrată (confirmat din starea plății), o singură dată.";
/** A new payment asked for while an earlier one's answer was lost, and SmartBill shows that one made. */
export const earlierPaymentConfirmed = (amount: number, currency: string) =>
  `O încasare anterioară de ${money(amount, currency)}, al cărei răspuns se pierduse, apare în SmartBill și a fost înregistrată. ` +
  "Verificați suma rămasă de încasat; dacă mai este cazul, înregistrați din nou încasarea.";
export const paymentOutcomeUnknown = (reason: string) =>
  `Nu se știe dacă SmartBill a înregistrat încasarea: ${reason} ${paymentMessages.lostAnswerAdvice}`;
export const paymentRecheckTooSoon = (seconds: number) =>
  "SmartBill nu arată încă încasarea cerută anterior, dar o poate înregistra cu întârziere. " +
  `Încercați din nou peste ${inSeconds(seconds)}; suma încasată va fi verificată mai întâi.`;
export const paymentStatusRead = (status: keyof typeof paymentStatusNames, paid: number, total: number, currency: string) =>
  `Starea încasării, citită acum din SmartBill: ${paymentStatusNames[status]} (${money(paid, currency)} din ${money(total, currency)}).`;
export const paymentStatusTaskDone = (checked: number, failed: number) =>
  `Starea încasării a fost actualizată pentru ${romanianCount(checked, "factură", "facturi")}` +
  (failed > 0 ? `; pentru ${romanianCount(failed, "factură", "facturi")} SmartBill nu a putut fi întrebat.` : ".");

/** A cash payment's receipt ('Chitanta') deleted from the invoice's payments, through the receipt's deletion. */
export const paymentReceiptMessages = {
  numberUnknown:
    "Încasarea nu a fost ștearsă: numărul chitanței ei nu este cunoscut aici (răspunsul SmartBill s-a pierdut la emitere). " +
    "Ștergeți chitanța direct în SmartBill; încasarea ei se șterge odată cu ea.",
} as const;

export const reverseMessages = {
  requestIdInvalid: paymentMessages.requestIdInvalid,
  issueDateInvalid: "Data facturii storno trebuie să fie o dată validă, de forma aaaa-ll-zz.",
  /** Between the original's issue date and tomorrow (invoiceDates.ts); without a date asked for, today is checked. */
  issueDateOutside: (from: string, to: string) =>
    from > to
      ? `Factura poate fi stornată începând cu data ei de emitere, ${day(from)}.`
      : `Data facturii storno trebuie să fie între data emiterii facturii stornate, ${day(from)}, și ${day(to)}.`,
} as const;
export const reverseInvalid = (problems: readonly string[]) => `Factura nu a fost stornată: ${problems.join(" ")}`;
export const invoiceReversed = (series: string, number: string) =>
  `Factura a fost stornată în SmartBill: factura storno ${series} ${number}.`;
export const invoiceAlreadyReversed = (series: string | null, number: string | null) =>
  `Factura a fost deja stornată prin factura ${[series, number].filter(Boolean).join(" ")}.`;
export const reverseConfirmedFromSeries = (series: string, number: string) =>
  `Răspunsul SmartBill se pierduse, dar seria ${series} a avansat: factura storno a fost emisă cu numărul ${number} ` +
  "(confirmat din serie), o singură dată.";
export const reverseOutcomeUnknown = (reason: string) =>
  `Nu se știe dacă SmartBill a emis factura storno: ${reason} Reîncercați: se verifică mai întâi seria în SmartBill, ` +
  "astfel încât factura să nu fie stornată de două ori.";
export const reverseRecheckTooSoon = (seconds: number) =>
  "Seria din SmartBill nu arată încă factura storno cerută anterior, dar SmartBill o poate înregistra cu întârziere. " +
  `Încercați din nou peste ${inSeconds(seconds)}; seria va fi verificată mai întâi.`;
export const reverseSeriesGone = (series: string) =>
  `Seria „${series}” a facturii nu mai apare în SmartBill, deci factura storno nu poate fi verificată după număr.`;

/**
 * ANAF's lookup (server/anaf/): each failure says what happened and that the customer can still
 * be saved, since a lookup that fails never blocks a save.
 */
const ANAF_CAN_STILL_SAVE = "Clientul poate fi salvat și fără datele ANAF; verificarea se poate repeta mai târziu.";

export const anafMessages = {
  canStillSave: ANAF_CAN_STILL_SAVE,
  timedOut: (seconds: number) => `ANAF nu a răspuns în ${seconds} secunde. ${ANAF_CAN_STILL_SAVE}`,
  tooManyRequests: `ANAF refuză acum cererile: a primit prea multe într-un timp scurt. ${ANAF_CAN_STILL_SAVE}`,
  serverError: (status: number) => `ANAF nu răspunde acum (serviciul său a răspuns cu eroarea ${status}). ${ANAF_CAN_STILL_SAVE}`,
  htmlPage: `ANAF nu răspunde acum: în locul datelor a trimis o pagină web (o pagină de blocare sau de mentenanță). ${ANAF_CAN_STILL_SAVE}`,
  notJson: `ANAF a trimis un răspuns care nu poate fi citit (nu sunt datele firmelor). ${ANAF_CAN_STILL_SAVE}`,
  refused: (status: number) => `ANAF a refuzat cererea (eroarea ${status}). ${ANAF_CAN_STILL_SAVE}`,
  unreachable: (host: string) => `ANAF nu poate fi contactat la ${host} (conexiunea a eșuat). ${ANAF_CAN_STILL_SAVE}`,
  emulatorNotListening: `Emulatorul ANAF al acestui server nu poate fi apelat: serverul nu ascultă încă pe un port. ${ANAF_CAN_STILL_SAVE}`,
  urlRefused: (url: string) =>
    `Adresa ANAF „${url}” nu este permisă (doar https, sau http pe 127.0.0.1 și localhost). ${ANAF_CAN_STILL_SAVE}`,
  notFound: (cui: string) => `ANAF nu cunoaște CIF-ul ${cui}.`,
} as const;

/** The periodic re-reading of customers' CUIs from ANAF (tasks/kinds/anafRefresh.ts). */
export const anafRefreshMessages = {
  taskTitle: "Verificare periodică a clienților la ANAF",
  done: (read: number) => `Datele ANAF au fost citite din nou pentru ${romanianCount(read, "CIF", "CIF-uri")}.`,
  unavailable: (reason: string) => `Verificarea la ANAF s-a oprit și se reia la următoarea trecere. ${reason}`,
  noClient: "Serviciul ANAF nu este configurat pe acest server.",
} as const;

/**
 * The words of an invoice's routes that name the document, for each kind of document that shares
 * them (server/routes/api/invoices/documentKinds.ts): a proforma's routes speak of the proforma.
 */
export interface DocumentWords {
  /** The PDF's file name starts with it (proforma<series><number>.pdf). */
  pdfFilePrefix: string;
  /** The send's refusals and outcomes. */
  send: DocumentSendWords;
  notFound: string;
  notSent: string;
  draft: string;
  deleted: string;
  busy: string;
  pdfUnavailable: (document: string) => string;
  emailed: (document: string, to: string) => string;
  cancelled: (document: string) => string;
  restored: (document: string) => string;
  deletedFromSmartBill: (document: string) => string;
  /** The send: the form's series is not one of SmartBill's series of the kind. */
  seriesNotFound: (series: string, available: readonly string[]) => string;
}

export const invoiceWords: DocumentWords = {
  pdfFilePrefix: "factura",
  send: invoiceSendWords,
  notFound: invoiceMessages.notFound,
  ...afterSendMessages,
  pdfUnavailable: invoiceActionMessages.pdfUnavailable,
  emailed: invoiceActionMessages.emailed,
  cancelled: invoiceActionMessages.cancelled,
  restored: invoiceActionMessages.restored,
  deletedFromSmartBill: invoiceActionMessages.deleted,
  seriesNotFound: invoiceSeriesNotFound,
};

export const proformaWords: DocumentWords = {
  pdfFilePrefix: "proforma",
  send: proformaSendWords,
  notFound: "Factura proformă nu a fost găsită.",
  notSent: "Factura proformă nu a fost emisă în SmartBill: trimiteți-o mai întâi.",
  draft: "Factura proformă a fost trimisă ca ciornă în SmartBill, fără număr: acțiunea cere o proformă emisă.",
  deleted: "Factura proformă a fost ștearsă din SmartBill.",
  busy: "O altă acțiune pe această proformă este în curs. Așteptați rezultatul, apoi încercați din nou.",
  pdfUnavailable: (proforma: string) =>
    `SmartBill nu a dat PDF-ul proformei ${proforma}: nu găsește proforma (poate a fost ștearsă direct în SmartBill) ` +
    "sau nu o poate genera acum. Verificați proforma în SmartBill, apoi încercați din nou.",
  emailed: (proforma: string, to: string) => `Factura proformă ${proforma} a fost trimisă pe e-mail către ${to}.`,
  cancelled: (proforma: string) => `Factura proformă ${proforma} a fost anulată în SmartBill.`,
  restored: (proforma: string) => `Factura proformă ${proforma} a fost restaurată în SmartBill.`,
  deletedFromSmartBill: (proforma: string) => `Factura proformă ${proforma} a fost ștearsă din SmartBill; numărul ei este din nou liber acolo.`,
  seriesNotFound: (series: string, available: readonly string[]) => {
    const known = available.length > 0 ? ` Seriile de proforme din SmartBill: ${available.join(", ")}.` : "";
    return `Seria „${series}” nu există în SmartBill pentru facturi proforma.${known} Alegeți o serie existentă în datele proformei.`;
  },
};

/** The audit row of a document made by 'Duplică': which one it copies (its number, or #id before a send). */
export const duplicatedFrom = (document: string) => `Copie după ${document}`;

/* ---------- Receipts ('Chitanțe'): issued in SmartBill, on their own or with a cash payment ---------- */

/** What the SmartBill client adds after a lost answer on a receipt's calls. */
export const receiptClientMessages = {
  mayHaveIssuedReceipt: "Chitanța poate să fi fost totuși emisă: verificați în SmartBill seria și ultimul număr înainte de a o emite din nou.",
  mayHaveDeletedReceipt: "Chitanța poate să fi fost totuși ștearsă: verificați în SmartBill ultimul număr al seriei înainte de a încerca din nou.",
  noReceiptId: "lipsește identificatorul bonului fiscal",
} as const;

export const receiptMessages = {
  notFound: "Chitanța nu a fost găsită.",
  requestIdInvalid: paymentMessages.requestIdInvalid,
  kindInvalid: "Alegeți tipul documentului: chitanță (Chitanta) sau bon fiscal (Bon).",
  clientUnknown: "Alegeți clientul din lista de clienți.",
  amountInvalid: paymentMessages.amountInvalid,
  amountTooLarge: paymentMessages.amountTooLarge,
  currencyInvalid: "Moneda trebuie să fie un cod de trei litere, de exemplu RON sau EUR.",
  fiscalOnlyInLei: "Bonul fiscal se emite doar în lei (RON).",
  dateInvalid: "Data chitanței trebuie să fie o dată validă, de forma aaaa-ll-zz.",
  seriesRequired: "Alegeți seria chitanței dintre seriile de chitanțe ale firmei din SmartBill.",
  seriesUnknown: (series: string, known: readonly string[]) =>
    known.length === 0
      ? `Seria „${series}” nu este o serie de chitanțe a firmei: firma nu are nicio serie de chitanțe în SmartBill.`
      : `Seria „${series}” nu este o serie de chitanțe a firmei în SmartBill. Alegeți dintre: ${known.join(", ")}.`,
  linesRequired: "Bonul fiscal trebuie să aibă cel puțin un produs.",
  lineInvalid: (position: number) =>
    `Produsul ${position} al bonului trebuie să aibă o denumire, o cantitate mai mare decât zero, un preț cu cel mult două zecimale și cota TVA.`,
  textTooLong: "Textul „Reprezentând” este prea lung.",
  inProgress: "Chitanța se emite chiar acum în SmartBill. Așteptați rezultatul, apoi reîncărcați pagina.",
  seriesBusy: (series: string) =>
    `Se emite chiar acum o altă chitanță în seria ${series}. Așteptați rezultatul ei, apoi reîncercați.`,
  fiscalUnclear:
    "Nu se știe dacă SmartBill a emis bonul fiscal, iar SmartBill nu oferă o cale de a verifica. " +
    "Verificați în SmartBill lista de încasări înainte de a emite din nou; bonul nu este retrimis automat.",
  notIssued: "Chitanța nu este emisă în SmartBill (a fost ștearsă sau nu s-a emis), deci nu poate fi ștearsă.",
  notFiscal: "Doar un bon fiscal are text pentru casa de marcat.",
  deleteFiscal: "Bonul fiscal nu poate fi șters prin SmartBill API; anulați-l din SmartBill sau de pe casa de marcat.",
  deleted: "Chitanța a fost ștearsă din SmartBill.",
  linesOnlyFiscal: "Produsele se trec doar pe un bon fiscal; chitanța are doar o sumă. Alegeți „Bon fiscal” sau scoateți produsele.",
  fiscalTotalZero: "Totalul bonului fiscal trebuie să fie mai mare decât zero: produsele lui nu însumează nimic.",
  fiscalAmountDiffers: (total: number) =>
    `Suma bonului fiscal este totalul produselor lui (${total.toFixed(2).replace(".", ",")} lei); lăsați-o necompletată sau scrieți totalul.`,
} as const;

export const receiptInvalid = (problems: readonly string[]) => `Chitanța nu a fost emisă: ${problems.join(" ")}`;
export const receiptIssued = (series: string, number: string) => `Chitanța ${series} ${number} a fost emisă în SmartBill.`;
export const fiscalReceiptIssued = (number: string) => number ? `Bonul fiscal ${number} a fost emis în SmartBill.` : "Bonul fiscal a fost emis în SmartBill.";
export const receiptConfirmedFromSeries = (series: string, number: string) =>
  `Răspunsul SmartBill se pierduse, dar seria ${series} a avansat: chitanța a fost emisă cu numărul ${number} ` +
  "(confirmat din serie), o singură dată.";
export const receiptOutcomeUnknown = (reason: string) =>
  `Nu se știe dacă SmartBill a emis chitanța: ${reason} Reîncercați: se verifică mai întâi seria în SmartBill, ` +
  "astfel încât chitanța să nu fie emisă de două ori.";
export const receiptRecheckTooSoon = (seconds: number) =>
  "Seria din SmartBill nu arată încă chitanța cerută anterior, dar SmartBill o poate înregistra cu întârziere. " +
  `Încercați din nou peste ${inSeconds(seconds)}; seria va fi verificată mai întâi.`;
export const receiptDeleteRefused = (smartBill: string) =>
  `Chitanța nu a fost ștearsă: SmartBill permite ștergerea doar a ultimei chitanțe din serie. Răspunsul SmartBill: ${smartBill}`;
export const receiptAlreadyIssued = (series: string, number: string | null) =>
  `Chitanța ${[series, number].filter(Boolean).join(" ")} a fost deja emisă; nu a fost trimisă din nou.`;

/** 'Transformă în factură': the invoice SmartBill issues from a sent proforma (proformas/proformaInvoice.ts). */
export const proformaInvoiceMessages = {
  notFound: "Factura proformă nu a fost găsită.",
  notSent: "Proforma nu a fost emisă în SmartBill: trimiteți-o mai întâi, apoi transformați-o în factură.",
  draft: "Proforma a fost trimisă ca ciornă în SmartBill, fără număr: doar o proformă emisă poate fi transformată în factură.",
  cancelled: "Proforma este anulată în SmartBill: restaurați-o mai întâi, apoi transformați-o în factură.",
  deleted: "Proforma a fost ștearsă din SmartBill și nu mai poate fi transformată în factură.",
  /** The plain send of an invoice made from a proforma would issue it without the link to its proforma. */
  sendFromProforma: "Această factură se emite din proforma ei: folosiți „Transformă în factură” pe proformă, ca SmartBill să o lege de proformă.",
} as const;

/** The proforma already became an invoice: one invoice per proforma. */
export const proformaAlreadyInvoiced = (series: string | null, number: string | null) =>
  `Proforma a fost deja transformată în factura ${[series, number].filter(Boolean).join(" ")}.`;

/** The invoice issued from the proforma: the answer and the history's note. */
export const proformaInvoiced = (series: string, number: string) => `Proforma a fost transformată în factura ${series} ${number}.`;

/** A lost answer, confirmed from SmartBill's list of the proforma's invoices (GET /estimate/invoices). */
export const proformaInvoiceConfirmed = (series: string, number: string) =>
  `Răspunsul SmartBill nu a ajuns, dar SmartBill arată că proforma a devenit factura ${series} ${number} ` +
  "(confirmat din lista facturilor proformei).";

/** The invoice's history: which proforma it was issued from. */
export const invoiceIssuedFromProforma = (series: string, number: string) => `Emisă din proforma ${series} ${number}.`;

/** The home's figures ('Acasă', routes/api/home). */
export const homeMessages = {
  /** A debtor whose customer record is gone (or was never linked). */
  unknownClient: "Client necunoscut",
} as const;

/** The receivables' export ('Scadențe', routes/api/receivables): file names, sheets and column names. */
export const receivableFiles = {
  export: (view: "invoice" | "customer", format: "csv" | "xlsx") => `${view === "customer" ? "scadente-clienti" : "scadente-facturi"}.${format}`,
  sheet: "Scadențe",
  invoiceHeaders: ["Serie", "Număr", "Data emiterii", "Scadența", "Client", "Monedă", "Total", "Încasat", "Rest de încasat", "Zile de întârziere", "Interval"],
  customerHeaders: ["Client", "Monedă", "Facturi", "Rest de încasat", "Restant", "Cea mai veche scadență", "Zile de întârziere (maxim)"],
  /** The age buckets as the export writes them. */
  buckets: { current: "Nescadent", "1-30": "1–30 zile", "31-60": "31–60 zile", "61-90": "61–90 zile", "90+": "Peste 90 de zile" },
} as const;
