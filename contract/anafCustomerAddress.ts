/**
 * A customer's address fields from ANAF's answer. Customers have no postal-code field, so the
 * code goes at the end of `adresa`; in Bucharest the locality is 'Sector N' (e-Factura wants the
 * sector there), elsewhere ANAF's locality; the county is its Romanian name by ANAF's code.
 */
import type { AnafAddress } from "./anaf";
import { BUCHAREST_CODE, ROMANIAN_COUNTIES } from "./romanianCounties";

export interface CustomerAddressFields {
  adresa: string;
  localitate: string;
  judet: string;
}

export function customerAddressFromAnaf(address: AnafAddress): CustomerAddressFields {
  const number = address.number.trim() ? `nr. ${address.number.trim()}` : "";
  const street = [[address.street.trim(), number].filter(Boolean).join(" "), address.details.trim()].filter(Boolean).join(", ");
  const postal = address.postalCode.trim() ? `cod poștal ${address.postalCode.trim()}` : "";
  const county = ROMANIAN_COUNTIES.find((known) => known.code === address.countyCode);
  const sector = /sector(?:ul)?\s*([1-6])\b/i.exec(address.locality)?.[1];
  const bucharest = address.countyCode === BUCHAREST_CODE;
  return {
    adresa: [street, postal].filter(Boolean).join(", "),
    localitate: bucharest && sector ? `Sector ${sector}` : address.locality.trim(),
    judet: county?.name ?? address.county.trim(),
  };
}
