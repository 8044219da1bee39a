/**
 * 'Completează adresele goale din ANAF': the import's rows whose street, locality or county is
 * empty get them from ANAF's answer for their CUI, as the dry run's check kept it in
 * anaf_companies. Only the kept answers are read: the write never asks ANAF (it would wait up to
 * a minute on the fleet's budget, holding the tenant's customers locked meanwhile).
 */
import type { Kysely } from "kysely";
import { CUSTOMER_COLUMNS } from "../../../../contract/api";
import { customerFieldsFromAnaf } from "../../../../contract/anafCustomerFields";
import { cuiOf } from "../../../../contract/cif";
import { keptCompanies } from "../../../anaf";
import type { Database } from "../../../db/database";
import { type CheckedCustomerFile, validBatches } from "./customerImport";

// The same mapping as the form's 'Completează din ANAF' (contract/anafCustomerFields.ts), its address part.
const ADDRESS_FIELDS = ["adresa", "localitate", "judet"] as const;
const at = (field: (typeof ADDRESS_FIELDS)[number]) => CUSTOMER_COLUMNS.indexOf(field);
/** Where each stored tuple keeps its CUI: right after the fields (customerImport.ts). */
const CUI_AT = CUSTOMER_COLUMNS.length;

export interface AnafFill {
  /** The valid rows as upsertCustomers reads them, with the empty address fields filled. */
  batches: string[];
  /** How many rows had at least one field filled. */
  filledRows: number;
}

export async function filledFromAnaf(db: Kysely<Database>, checked: CheckedCustomerFile): Promise<AnafFill> {
  const wanted: string[] = [];
  for (const { fields } of checked.valid) {
    const cui = cuiOf(fields.cif);
    if (cui && ADDRESS_FIELDS.some((field) => fields[field] === "")) wanted.push(cui);
  }
  const kept = await keptCompanies(db, wanted);
  let filledRows = 0;
  const batches: string[] = [];
  for (const batch of validBatches(checked)) {
    const tuples = JSON.parse(batch) as (string | number | null)[][];
    for (const tuple of tuples) {
      const company = typeof tuple[CUI_AT] === "string" ? kept.get(tuple[CUI_AT]) : undefined;
      if (!company) continue;
      const fromAnaf = customerFieldsFromAnaf(company);
      let filled = false;
      for (const field of ADDRESS_FIELDS) {
        const value = fromAnaf[field];
        if (tuple[at(field)] === "" && value) {
          tuple[at(field)] = value;
          filled = true;
        }
      }
      if (filled) filledRows++;
    }
    batches.push(JSON.stringify(tuples));
  }
  return { batches, filledRows };
}
