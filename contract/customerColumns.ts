/** The customer list's columns, in the spec's order; each is also a filter (`?judet=Cluj`, contains, any case). */
export const CUSTOMER_COLUMNS = [
  "clientName",
  "cif",
  "regCom",
  "codClient",
  "adresa",
  "localitate",
  "judet",
  "banca",
  "iban",
  "tara",
  "email",
  "persContact",
  "telefon",
] as const;
export type CustomerColumn = (typeof CUSTOMER_COLUMNS)[number];
