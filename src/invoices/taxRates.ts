/**
 * The VAT rates a line may use: SmartBill's tax list for the tenant (GET /api/smartbill/tax,
 * which asks SmartBill's GET /tax); the spec's 'Normala' 19 % only when that list cannot be read.
 */
import { useEffect, useState } from "react";
import { PRODUCT_LINE_DEFAULTS } from "../../contract/constants";
import { httpClient } from "../providers/httpClient";

export interface TaxRate {
  name: string;
  percentage: number;
}

export const FALLBACK_TAXES: readonly TaxRate[] = [
  { name: PRODUCT_LINE_DEFAULTS.taxName, percentage: PRODUCT_LINE_DEFAULTS.taxPercentage },
];

/** 'Normala' from the list (the standard rate), else the list's first, else the fallback. */
export function defaultTax(taxes: readonly TaxRate[]): TaxRate {
  return taxes.find((tax) => tax.name === PRODUCT_LINE_DEFAULTS.taxName) ?? taxes[0] ?? FALLBACK_TAXES[0];
}

export function useTaxRates(): readonly TaxRate[] {
  const [taxes, setTaxes] = useState<readonly TaxRate[]>(FALLBACK_TAXES);
  useEffect(() => {
    let live = true;
    httpClient<{ taxes: TaxRate[] }>("/api/smartbill/tax")
      .then(({ json }) => {
        if (live && Array.isArray(json.taxes) && json.taxes.length > 0) setTaxes(json.taxes);
      })
      .catch((error) => console.error("Eroare la preluarea cotelor TVA din SmartBill", error));
    return () => {
      live = false;
    };
  }, []);
  return taxes;
}
