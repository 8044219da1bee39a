/**
 * The company's CIF as SPV names it: the digits of the SmartBill CIF ('RO18547290' → '18547290');
 * ANAF's `cif` parameters take digits only. Undefined when the tenant has none.
 */
import { cuiOf } from "../../../../contract/cif";

export function cifForAnaf(smartBillCif: string): string | undefined {
  const trimmed = smartBillCif.trim();
  if (!trimmed) return undefined;
  return cuiOf(trimmed) ?? (trimmed.replace(/\D/g, "") || undefined);
}
