/**
 * The VAT rates a line may use: SmartBill's tax list for the tenant (the server asks SmartBill's
 * GET /tax); the spec's 'Normala' 19 % until it is read, and when it cannot be.
 */
import { useQuery } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import { PRODUCT_LINE_DEFAULTS } from "../../contract/constants";
import type { AppDataProvider, TaxRate } from "../providers/customMethods";

export const FALLBACK_TAXES: readonly TaxRate[] = [
  { name: PRODUCT_LINE_DEFAULTS.taxName, percentage: PRODUCT_LINE_DEFAULTS.taxPercentage },
];

/** 'Normala' from the list (the standard rate), else the list's first, else the fallback. */
export function defaultTax(taxes: readonly TaxRate[]): TaxRate {
  return taxes.find((tax) => tax.name === PRODUCT_LINE_DEFAULTS.taxName) ?? taxes[0] ?? FALLBACK_TAXES[0];
}

export function useTaxRates(): readonly TaxRate[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ["invoices", "taxRates"],
    queryFn: async ({ signal }) => {
      try {
        return await dataProvider.taxRates(signal);
      } catch (error) {
        console.error("Eroare la preluarea cotelor TVA din SmartBill", error);
        throw error;
      }
    },
    retry: false,
  });
  return data && data.length > 0 ? data : FALLBACK_TAXES;
}
