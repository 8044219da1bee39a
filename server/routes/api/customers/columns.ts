/**
 * The customer sheet's columns (excel-formats.md, "Customers"): the header the product writes
 * (contract/customerHeaders.ts) first, then the spec's other spellings, English and variants.
 * Matching ignores case, diacritics and punctuation (excel/header.ts).
 */
import type { CustomerFields } from "../../../../contract/api";
import { CUSTOMER_HEADERS } from "../../../../contract/customerHeaders";
import type { ColumnSpec } from "../../../excel/header";

export { CUSTOMER_HEADERS };

export type CustomerField = keyof CustomerFields;

/** The spec's other spellings of each header, English ones and common variants. */
const OTHER_NAMES: Readonly<Record<CustomerField, readonly string[]>> = {
  clientName: ["Client name", "clientName", "Nume client"],
  cif: ["Tax code", "Cod fiscal", "CUI", "VAT code"],
  regCom: ["Reg. Com.", "Trade register no", "regCom", "Registrul comertului"],
  codClient: ["Client code", "codClient"],
  adresa: ["Address"],
  localitate: ["Oras", "City"],
  judet: ["County"],
  banca: ["Bank"],
  iban: [],
  tara: ["Country"],
  email: ["E-mail"],
  persContact: ["Contact person", "persContact", "Persoana de contact"],
  telefon: ["Phone"],
};

/** In the order of the template; every column must be present (a cell may be blank). */
export const CUSTOMER_SHEET_COLUMNS: readonly ColumnSpec<CustomerField>[] = (Object.keys(CUSTOMER_HEADERS) as CustomerField[]).map(
  (field) => ({ field, names: [CUSTOMER_HEADERS[field], ...OTHER_NAMES[field]], required: true }),
);
