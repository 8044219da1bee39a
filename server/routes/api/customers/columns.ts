/** The customer sheet's columns (excel-formats.md, "Customers"): Romanian header first (shown to users). */
import type { CustomerFields } from "../../../../contract/api";
import type { ColumnSpec } from "../../../excel/header";

export type CustomerField = keyof CustomerFields;

export const CUSTOMER_SHEET_COLUMNS: readonly ColumnSpec<CustomerField>[] = [
  { field: "clientName", names: ["Denumire client", "Client name", "clientName", "Nume client"], required: true },
  { field: "cif", names: ["CIF", "Tax code", "Cod fiscal", "CUI", "VAT code"], required: true },
  { field: "regCom", names: ["Reg. Com.", "Nr. Reg. Com.", "Trade register no", "regCom", "Registrul comertului"], required: true },
  { field: "codClient", names: ["Cod client", "Client code", "codClient"], required: true },
  { field: "adresa", names: ["Adresa", "Address"], required: true },
  { field: "localitate", names: ["Localitate", "Oras", "City"], required: true },
  { field: "judet", names: ["Judet", "County"], required: true },
  { field: "banca", names: ["Banca", "Bank"], required: true },
  { field: "iban", names: ["IBAN"], required: true },
  { field: "tara", names: ["Tara", "Country"], required: true },
  { field: "email", names: ["Email", "E-mail"], required: true },
  { field: "persContact", names: ["Persoana contact", "Contact person", "persContact", "Persoana de contact"], required: true },
  { field: "telefon", names: ["Telefon", "Phone"], required: true },
];

/** The Romanian headers with diacritics, as the template, the export and the error report write them. */
export const CUSTOMER_HEADERS: Readonly<Record<CustomerField, string>> = {
  clientName: "Denumire client",
  cif: "CIF",
  regCom: "Nr. Reg. Com.",
  codClient: "Cod client",
  adresa: "Adresa",
  localitate: "Localitate",
  judet: "Județ",
  banca: "Banca",
  iban: "IBAN",
  tara: "Țara",
  email: "Email",
  persContact: "Persoana contact",
  telefon: "Telefon",
};
