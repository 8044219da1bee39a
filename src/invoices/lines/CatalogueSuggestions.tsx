/** Placeholder until the catalogue pick lands: the input alone. */
import type { ReactNode } from "react";
import type { TaxRate } from "../../providers/customMethods";
import type { LineActions } from "./lineActions";

export function CatalogueSuggestions({ children }: { typed: string; actions: LineActions; taxes: readonly TaxRate[]; children: ReactNode }) {
  return <>{children}</>;
}
