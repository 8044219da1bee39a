/**
 * What e-Factura needs of an invoice's buyer, checked on the customer before the invoice is sent
 * (../shared/spec/anaf-api.md B.6, from ANAF's RO_CIUS rules and SmartBill's own): a name; an
 * identifier (a CIF whose control digit holds, or for a person a CNP, '-', '0' or 13 zeros); the
 * street and the locality; the country; for a Romanian buyer a real county (BR-RO-111) and, in
 * Bucharest, a sector 1–6 (BR-RO-101); the lengths e-Factura takes; and, when ANAF was asked
 * within the last day, a company that is neither inactive nor struck off. Pure: the server runs it
 * on the customer as stored, with the last state ANAF gave for its CUI.
 */
import type { CustomerFields } from "./api";
import type { BuyerProblemCode } from "./buyerProblemCodes";
import { BUYER_PROBLEM_MESSAGES as say } from "./buyerProblemMessages";
import { validCnp } from "./cnp";
import type { AnafState } from "./anaf";
import { cuiOf } from "./cif";
import { BUCHAREST_CODE, countyOf, foldRomanian } from "./romanianCounties";

export type { BuyerProblemCode } from "./buyerProblemCodes";

export interface BuyerProblem {
  /** The customer's field to correct; null when it is not one field (no customer at all). */
  field: keyof CustomerFields | null;
  code: BuyerProblemCode;
  /** Romanian, naming the field and what to do. */
  message: string;
}

/** What ANAF last said of the customer's CUI, and when. */
export interface BuyerAnafState {
  state: AnafState;
  checkedAt: string;
}

const CHECKED_FIELDS = ["clientName", "cif", "adresa", "localitate", "judet", "tara", "email", "persContact", "telefon"] as const;

/**
 * The customer's fields the check reads. `postalCode` is a Bucharest sector's other source
 * (01xxxx is sector 1 … 06xxxx sector 6): customers hold no postal code today, a caller that
 * has one may pass it.
 */
export type BuyerFields = Pick<CustomerFields, (typeof CHECKED_FIELDS)[number]> & {
  postalCode?: string | null;
};

/** How long ANAF's answer counts as what ANAF says now; older, it may have changed (and the check says nothing). */
export const ANAF_STATE_FRESH_MS = 24 * 60 * 60 * 1000;

/** e-Factura's length limits (RO_CIUS BR-RO-L…) on the buyer's fields a customer holds. */
const MAX_LENGTHS: readonly [keyof CustomerFields, number, BuyerProblemCode][] = [
  ["clientName", 200, "nameTooLong"],
  ["adresa", 150, "streetTooLong"],
  ["localitate", 50, "localityTooLong"],
  ["persContact", 100, "contactTooLong"],
  ["telefon", 100, "phoneTooLong"],
  ["email", 100, "emailTooLong"],
];

/** A person who gave no CNP: SmartBill takes '-' or '0', e-Factura thirteen zeros. */
const NO_CNP = /^(?:-|0|0{13})$/;

const ROMANIA = new Set(["ROMANIA", "RO", "ROU"]);

const isRomania = (country: string) => ROMANIA.has(foldRomanian(country).replace(/[^A-Z]/g, ""));

/**
 * The sector a Bucharest locality names: 'Sector 3', 'SECTOR3', 'București Sectorul 3', 'Sector 3
 * Mun. Bucureşti', 'sect. 3'. The number as written (a '7' is not a sector, and says so), or
 * undefined when it names none.
 */
function sectorNamed(locality: string): number | undefined {
  const found = /\bSECT(?:OR(?:UL)?)?\.?\s*(\d+)/.exec(foldRomanian(locality));
  return found ? Number(found[1]) : undefined;
}

/** A Bucharest postal code's sector (six digits 0[1-6]xxxx, or five when the leading 0 was lost). */
function sectorOfPostalCode(postalCode: string): number | undefined {
  const found = /^0?([1-6])\d{4}$/.exec(postalCode.replace(/\s+/g, ""));
  return found ? Number(found[1]) : undefined;
}

function identifierProblem(cif: string, romanian: boolean): BuyerProblem | undefined {
  const compact = cif.replace(/\s+/g, "");
  if (NO_CNP.test(compact)) return undefined;
  if (!compact) return romanian ? { field: "cif", code: "cifMissing", message: say.cifMissing } : { field: "cif", code: "foreignIdMissing", message: say.foreignIdMissing };
  // A foreign buyer's VAT code or other identifier is its own country's to check.
  if (!romanian) return undefined;
  if (/^\d{13}$/.test(compact)) return validCnp(compact) ? undefined : { field: "cif", code: "cnpInvalid", message: say.cnpInvalid(cif) };
  return cuiOf(compact) ? undefined : { field: "cif", code: "cifInvalid", message: say.cifInvalid(cif) };
}

function countyProblems(customer: Pick<BuyerFields, "judet" | "localitate">, postalCode: string): BuyerProblem[] {
  const judet = customer.judet.trim();
  if (!judet) return [{ field: "judet", code: "countyMissing", message: say.countyMissing }];
  const county = countyOf(judet);
  if (!county) return [{ field: "judet", code: "countyUnknown", message: say.countyUnknown(judet) }];
  if (county.code !== BUCHAREST_CODE) return [];
  const locality = customer.localitate.trim();
  // No locality is said once, as missing.
  if (!locality) return [];
  const sector = sectorNamed(locality);
  if (sector !== undefined) return sector >= 1 && sector <= 6 ? [] : [{ field: "localitate", code: "sectorInvalid", message: say.sectorInvalid(locality) }];
  if (sectorOfPostalCode(postalCode) !== undefined) return [];
  return [{ field: "localitate", code: "sectorMissing", message: say.sectorMissing(locality) }];
}

function anafProblem(cif: string, anaf: BuyerAnafState | null | undefined, now: Date): BuyerProblem | undefined {
  if (!anaf || (anaf.state !== "inactive" && anaf.state !== "struckOff")) return undefined;
  const age = now.getTime() - Date.parse(anaf.checkedAt);
  if (!(age <= ANAF_STATE_FRESH_MS)) return undefined;
  const cui = cuiOf(cif);
  if (!cui) return undefined;
  return anaf.state === "inactive"
    ? { field: "cif", code: "anafInactive", message: say.anafInactive(cui, anaf.checkedAt) }
    : { field: "cif", code: "anafStruckOff", message: say.anafStruckOff(cui, anaf.checkedAt) };
}

/** The buyer's problems for e-Factura, in the order of the customer's fields; none when it may be sent as it is. */
export function buyerProblems(customer: BuyerFields, anaf?: BuyerAnafState | null, now: Date = new Date()): BuyerProblem[] {
  // A customer read from somewhere looser than the database (a test, a future form) may lack a field: as empty.
  const fields = Object.fromEntries(CHECKED_FIELDS.map((name) => [name, String(customer[name] ?? "")])) as Record<(typeof CHECKED_FIELDS)[number], string>;
  const postalCode = customer.postalCode ?? "";
  const country = fields.tara.trim();
  // A customer without a country is sent to SmartBill as in Romania (the import's default too), so it is checked as such.
  const romanian = !country || isRomania(country);
  const problems: BuyerProblem[] = [];
  const add = (problem: BuyerProblem | undefined) => problem && problems.push(problem);

  if (!fields.clientName.trim()) add({ field: "clientName", code: "nameMissing", message: say.nameMissing });
  add(identifierProblem(fields.cif.trim(), romanian));
  if (romanian) add(anafProblem(fields.cif, anaf, now));
  if (!fields.adresa.trim()) add({ field: "adresa", code: "streetMissing", message: say.streetMissing });
  if (!fields.localitate.trim()) add({ field: "localitate", code: "localityMissing", message: say.localityMissing });
  if (romanian) for (const problem of countyProblems(fields, postalCode)) add(problem);
  if (!country) add({ field: "tara", code: "countryMissing", message: say.countryMissing });
  for (const [name, max, code] of MAX_LENGTHS) {
    const length = fields[name as (typeof CHECKED_FIELDS)[number]]?.trim().length ?? 0;
    if (length > max) add({ field: name, code, message: say.tooLong(name, length, max) });
  }
  return problems;
}

/** The problem of an invoice whose customer is not there (never chosen, or deleted since). */
export const NO_CUSTOMER_PROBLEM: BuyerProblem = { field: null, code: "customerMissing", message: say.customerMissing };
