/**
 * The VAT rates a line or a catalogue product may use: SmartBill's tax list for the tenant (the
 * server asks SmartBill's GET /tax, and answers the list it saved from an earlier read when
 * SmartBill cannot be asked). The VAT percent is always the chosen tax's there (`taxRateOf`);
 * 'Normala' at the contract's assumed rate is only the first choice while no list was ever read.
 */
import { useQuery } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import { PRODUCT_LINE_DEFAULTS } from "../../contract/constants";
import type { TaxList } from "../../contract/api";
import type { AppDataProvider, TaxRate } from "../providers/customMethods";

export const FALLBACK_TAXES: readonly TaxRate[] = [
  { name: PRODUCT_LINE_DEFAULTS.taxName, percentage: PRODUCT_LINE_DEFAULTS.taxPercentage },
];

/** A tax name as SmartBill's list is matched (the server's way): case, diacritics and punctuation aside. */
function taxKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The tax of the list named `name` ('normala' finds 'Normala'), or undefined. */
export function taxRateOf(taxes: readonly TaxRate[], name: string): TaxRate | undefined {
  const wanted = taxKey(name);
  return taxes.find((tax) => taxKey(tax.name) === wanted);
}

/** 'Normala' from the list (the standard rate), else the list's first, else the fallback. */
export function defaultTax(taxes: readonly TaxRate[]): TaxRate {
  return taxes.find((tax) => tax.name === PRODUCT_LINE_DEFAULTS.taxName) ?? taxes[0] ?? FALLBACK_TAXES[0];
}

/** The tenant's tax list as the server answers it (undefined while it is asked, or when it could not answer). */
export function useTaxList(): TaxList | undefined {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ["invoices", "taxList"],
    queryFn: async ({ signal }) => {
      try {
        return await dataProvider.taxList(signal);
      } catch (error) {
        console.error("Eroare la preluarea cotelor TVA din SmartBill", error);
        throw error;
      }
    },
    retry: false,
  });
  return data;
}

export function useTaxRates(): readonly TaxRate[] {
  const taxes = useTaxList()?.taxes;
  return taxes && taxes.length > 0 ? taxes : FALLBACK_TAXES;
}
