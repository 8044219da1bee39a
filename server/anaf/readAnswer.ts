/**
 * ANAF's v9 answer (../shared/spec/anaf-api.md A.4) read into AnafCompany: `found[]` of grouped
 * objects, `notFound` as numbers (v8) or `{cui}` objects (a v9 fixture), no `cod`/`message`
 * required. Absent values are empty strings at ANAF; they become '' or null here, and unknown
 * blocks are ignored.
 */
import type { AnafAddress, AnafCompany } from "../../contract/anaf";

export interface AnafAnswer {
  found: AnafCompany[];
  notFound: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => !!value && typeof value === "object" && !Array.isArray(value);

/** The answer's companies; undefined when it is not ANAF's shape (no `found` list). */
export function readAnafAnswer(json: unknown, checkedAt: string): AnafAnswer | undefined {
  if (!isObject(json) || !Array.isArray(json.found)) return undefined;
  const found = json.found.filter(isObject).map((item) => readCompany(item, checkedAt)).filter((c) => c.cui !== "");
  const notFound = (Array.isArray(json.notFound) ? json.notFound : [])
    .map((entry) => cuiText(isObject(entry) ? entry.cui : entry))
    .filter((cui) => cui !== "");
  return { found, notFound };
}

function readCompany(item: Json, checkedAt: string): AnafCompany {
  const general = block(item, "date_generale");
  const vat = block(item, "inregistrare_scop_Tva");
  const onReceipts = block(item, "inregistrare_RTVAI");
  const inactive = block(item, "stare_inactiv");
  const vatPayer = vat.scpTVA === true;
  const isInactive = inactive.statusInactivi === true;
  const eInvoiceRegistered = general.statusRO_e_Factura === true;
  return {
    cui: cuiText(general.cui),
    name: text(general.denumire),
    regCom: text(general.nrRegCom),
    phone: text(general.telefon),
    address: companyAddress(item, text(general.codPostal)),
    vatPayer,
    vatSince: vatPayer ? vatStart(vat) : null,
    vatOnReceipts: onReceipts.statusTvaIncasare === true,
    inactive: isInactive,
    inactiveSince: isInactive ? date(inactive.dataInactivare) : null,
    struckOffOn: date(inactive.dataRadiere),
    eInvoiceRegistered,
    eInvoiceSince: eInvoiceRegistered ? date(general.data_inreg_Reg_RO_e_Factura) : null,
    registrationText: text(general.stare_inregistrare),
    checkedAt,
    ...(general.demonstrativ === true ? { demo: true } : {}),
  };
}

/** The registered office; the fiscal domicile when ANAF left the office empty. */
function companyAddress(item: Json, fallbackPostalCode: string): AnafAddress {
  const office = address(block(item, "adresa_sediu_social"), "s");
  const chosen = office.street || office.locality ? office : address(block(item, "adresa_domiciliu_fiscal"), "d");
  const postalCode = chosen.postalCode || fallbackPostalCode;
  // Bucharest's codes start with 0, which some answers lost (anaf-api.md A.7).
  return { ...chosen, postalCode: chosen.countyCode === "B" && /^\d{5}$/.test(postalCode) ? `0${postalCode}` : postalCode };
}

function address(fields: Json, prefix: "s" | "d"): AnafAddress {
  const field = (name: string) => text(fields[`${prefix}${name}`]);
  const countyCode = field("cod_JudetAuto").toUpperCase();
  return {
    street: field("denumire_Strada"),
    number: field("numar_Strada"),
    locality: field("denumire_Localitate"),
    county: field("denumire_Judet"),
    countyCode: /^[A-Z]{1,2}$/.test(countyCode) ? countyCode : "",
    postalCode: field("cod_Postal"),
    details: field("detalii_Adresa"),
  };
}

/** The start of the VAT registration still running (no end date), else of the latest one. */
function vatStart(vat: Json): string | null {
  const periods = (Array.isArray(vat.perioade_TVA) ? vat.perioade_TVA : []).filter(isObject);
  const open = periods.find((period) => !date(period.data_sfarsit_ScpTVA) && date(period.data_inceput_ScpTVA));
  if (open) return date(open.data_inceput_ScpTVA);
  const starts = periods.map((period) => date(period.data_inceput_ScpTVA)).filter((d): d is string => d !== null);
  return starts.sort().at(-1) ?? date(vat.data_inceput_ScpTVA);
}

function block(item: Json, name: string): Json {
  const value = item[name];
  return isObject(value) ? value : {};
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
}

function date(value: unknown): string | null {
  const match = typeof value === "string" ? /^\d{4}-\d{2}-\d{2}/.exec(value.trim()) : null;
  return match ? match[0] : null;
}

/** A CUI as digits, whether ANAF wrote it as a number or a string. */
function cuiText(value: unknown): string {
  const digits = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : typeof value === "string" ? value.trim() : "";
  return /^\d{1,10}$/.test(digits) ? digits : "";
}
