/**
 * The customer sheet's Romanian headers, as the template, the export and the error report write
 * them and the customer list shows them (excel-formats.md "Customers"; its other spellings, such
 * as "Reg. Com." or "Judet", are accepted on import: server/routes/api/customers/columns.ts).
 */
import type { CustomerFields } from "./api";

export const CUSTOMER_HEADERS: Readonly<Record<keyof CustomerFields, string>> = {
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
