/**
 * A customer's fields as ANAF's answer fills them ('Completează din ANAF'). Customers keep no
 * postal code of their own, so it rides at the end of the address; a Bucharest locality is written
 * 'Sector N', which e-Factura's rule for Bucharest (a sector 1–6) reads; the county is named as
 * Romania's county list names it (with its diacritics, 'București' for B), not in ANAF's capitals.
 * The name, registry number, street and locality stay as ANAF writes them. A field ANAF leaves
 * empty is not given, so it never blanks what the customer already has.
 */
import type { AnafCompany } from "./anaf";
import type { CustomerColumn } from "./customerColumns";
import { BUCHAREST_CODE, countyOf } from "./romanianCounties";

/** The fields the fill may change, in the order the form shows them. */
export const ANAF_FILLED_FIELDS = ["clientName", "regCom", "adresa", "localitate", "judet", "telefon"] as const satisfies readonly CustomerColumn[];
export type AnafFilledField = (typeof ANAF_FILLED_FIELDS)[number];

const joined = (parts: readonly string[], separator: string) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(separator);

/** 'Str. Exemplului nr. 7, BL. A1, AP.12, cod poștal 030001' */
function addressLine({ street, number, details, postalCode }: AnafCompany["address"]): string {
  const streetAndNumber = joined([street, number.trim() ? `nr. ${number.trim()}` : ""], " ");
  return joined([streetAndNumber, details, postalCode.trim() ? `cod poștal ${postalCode.trim()}` : ""], ", ");
}

/** A Bucharest sector from ANAF's locality ('Sector 3 Mun. Bucureşti') or its postal code (03xxxx). */
function bucharestSector({ locality, postalCode }: AnafCompany["address"]): number | undefined {
  const named = /sector(?:ul)?\s*([1-6])\b/i.exec(locality);
  if (named) return Number(named[1]);
  const coded = /^0?([1-6])\d{4}$/.exec(postalCode.trim());
  return coded ? Number(coded[1]) : undefined;
}

export function customerFieldsFromAnaf(company: AnafCompany): Partial<Record<AnafFilledField, string>> {
  const { address } = company;
  const county = countyOf(address.countyCode) ?? countyOf(address.county);
  const sector = county?.code === BUCHAREST_CODE ? bucharestSector(address) : undefined;
  const fields: Partial<Record<AnafFilledField, string>> = {
    clientName: company.name.trim(),
    regCom: company.regCom.trim(),
    adresa: addressLine(address),
    localitate: sector === undefined ? address.locality.trim() : `Sector ${sector}`,
    judet: county?.name ?? address.county.trim(),
    telefon: company.phone.trim(),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value)) as typeof fields;
}
