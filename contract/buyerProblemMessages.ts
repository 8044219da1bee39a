/**
 * Why e-Factura may refuse an invoice's buyer, in Romanian, each naming the customer's field (as
 * the customer list heads it) and what to do: the server answers them, the invoice screen shows
 * them and the invoice's history keeps the ones a send went ahead despite.
 */
import { CUSTOMER_HEADERS } from "./customerHeaders";
import { romanianCount } from "./romanianPlural";

const field = (name: keyof typeof CUSTOMER_HEADERS) => `„${CUSTOMER_HEADERS[name]}”`;

/** 27.11.2026, as a clerk in Bucharest reads a day. */
const day = (iso: string) =>
  new Intl.DateTimeFormat("ro-RO", { timeZone: "Europe/Bucharest", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(iso));

export const BUYER_PROBLEM_MESSAGES = {
  customerMissing: "Factura nu are client: alegeți clientul în câmpul „Client” al facturii.",
  nameMissing: `Denumirea clientului lipsește: completați ${field("clientName")}.`,
  cifMissing: `Clientul nu are CIF: completați ${field("cif")} cu codul fiscal al firmei sau, pentru o persoană fizică, cu CNP-ul, „-” sau „0”.`,
  cifInvalid: (cif: string) =>
    `CIF-ul „${cif}” nu este valid (cifra de control nu se potrivește): corectați ${field("cif")} sau, pentru o persoană fizică, scrieți CNP-ul, „-” sau „0”.`,
  cnpInvalid: (cnp: string) =>
    `CNP-ul „${cnp}” nu este valid (data nașterii sau cifra de control nu se potrivesc): corectați-l în ${field("cif")} sau scrieți „-” dacă persoana nu și-a dat CNP-ul.`,
  foreignIdMissing: `Clientul din străinătate nu are un cod de identificare: completați ${field("cif")} cu codul său de TVA, cu prefixul țării (de exemplu DE123456789), sau „-” pentru o persoană fizică.`,
  streetMissing: `Adresa clientului (strada și numărul) lipsește: completați ${field("adresa")}.`,
  localityMissing: `Localitatea clientului lipsește: completați ${field("localitate")}.`,
  countryMissing: `Țara clientului lipsește: completați ${field("tara")} (de exemplu Romania).`,
  countyMissing: `Județul clientului lipsește: completați ${field("judet")} cu numele sau codul județului (de exemplu Cluj sau CJ; pentru București, București sau B).`,
  countyUnknown: (county: string) =>
    `„${county}” nu este un județ al României: completați ${field("judet")} cu numele sau codul unuia dintre cele 41 de județe sau București (de exemplu Cluj sau CJ, București sau B).`,
  sectorMissing: (locality: string) =>
    `Clientul este în București, dar localitatea „${locality}” nu spune sectorul: scrieți în ${field("localitate")} sectorul, de la 1 la 6 (de exemplu „Sector 3”).`,
  sectorInvalid: (locality: string) =>
    `„${locality}” nu numește un sector al Bucureștiului: scrieți în ${field("localitate")} un sector de la 1 la 6 (de exemplu „Sector 3”).`,
  tooLong: (name: keyof typeof CUSTOMER_HEADERS, length: number, max: number) =>
    `${field(name)} are ${romanianCount(length, "caracter", "caractere")}, iar e-Factura acceptă cel mult ${max}: scurtați textul.`,
  anafInactive: (cui: string, checkedAt: string) =>
    `ANAF declară firma cu CIF-ul ${cui} inactivă (verificat la ${day(checkedAt)}): e-Factura poate respinge factura, iar TVA-ul ei nu se poate deduce. Verificați clientul înainte de a trimite.`,
  anafStruckOff: (cui: string, checkedAt: string) =>
    `ANAF declară firma cu CIF-ul ${cui} radiată (verificat la ${day(checkedAt)}): firma nu mai există. Verificați clientul înainte de a trimite.`,
} as const;

/** The history's note when a send went ahead despite the buyer's problems. */
export const sentDespiteBuyerProblems = (messages: readonly string[]) =>
  `Trimisă deși clientul are ${messages.length === 1 ? "o problemă" : romanianCount(messages.length, "problemă", "probleme")} pentru e-Factura: ${messages.join(" ")}`;
