/**
 * The VAT rates a line may use: SmartBill's tax list for the tenant (the server asks SmartBill's
 * GET /tax, and answers the list it saved from an earlier read when SmartBill cannot be asked);
 * the spec's 'Normala' 19 % only as the dialog's first choice while no list was ever read (the
 * server then refuses a line without a VAT percent rather than assume it).
 */
import { useQuery } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import { PRODUCT_LINE_DEFAULTS } from "../../contract/constants";
import type { TaxList } from "../../contract/api";
import type { AppDataProvider, TaxRate } from "../providers/customMethods";

export const FALLBACK_TAXES: readonly TaxRate[] = [
  { name: PRODUCT_LINE_DEFAULTS.taxName, percentage: PRODUCT_LINE_DEFAULTS.taxPercentage },
];

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
