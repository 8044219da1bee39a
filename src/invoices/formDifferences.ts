/**
 * Two versions of an invoice's form edited from the same one (`base`): this tab's and another's
 * saved meanwhile. Keeping this tab's changes means each field this tab changed keeps its value
 * and every other field takes the other version's, so keeping one's own work never undoes the
 * other tab's work on other fields. `clashes` are the fields both changed, to different values:
 * what the user must see before choosing.
 */
import type { InvoiceForm } from "../../contract/api";

export type FormField = keyof InvoiceForm;

export interface FormMerge<T extends InvoiceForm> {
  merged: T;
  /** changed here and there, to different values: here wins if the user keeps their changes */
  clashes: FormField[];
  /** changed only there: taken from the other version */
  taken: FormField[];
}

const FIELDS: readonly FormField[] = [
  "clientId",
  "warehouseId",
  "issueDate",
  "dueDays",
  "useStock",
  "mentions",
  "observations",
  "draft",
  "saveToDb",
  "seriesName",
  "currency",
  "language",
  "precision",
];

export function mergeForms<T extends InvoiceForm>(base: InvoiceForm, mine: T, theirs: InvoiceForm): FormMerge<T> {
  const merged = { ...mine };
  const clashes: FormField[] = [];
  const taken: FormField[] = [];
  for (const field of FIELDS) {
    const changedHere = !Object.is(mine[field], base[field]);
    const changedThere = !Object.is(theirs[field], base[field]);
    if (!changedThere || Object.is(mine[field], theirs[field])) continue;
    if (changedHere) clashes.push(field);
    else {
      (merged as InvoiceForm)[field] = theirs[field] as never;
      taken.push(field);
    }
  }
  return { merged, clashes, taken };
}
