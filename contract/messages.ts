/**
 * Sentences the server answers and the client shows as its own too (a success toast, a check
 * it makes before asking): one home for both, imported by server/messages.ts and by i18n/.
 * Some are the spec's own words without diacritics, kept as the spec writes them. The spec's
 * English refusals of the administration screens ('Name is required.', 'Email is required.',
 * 'Tenant is required.') are said in Romanian, as every other answer of the server is.
 */
export const SHARED_MESSAGES = {
  tenantNameRequired: "Introduceți numele firmei.",
  tenantDeleted: "Firma a fost ștearsă.",
  emailRequired: "Introduceți adresa de email.",
  tenantRequired: "Alegeți firma.",
  userDeleted: "Utilizatorul a fost șters.",
  rolesUpdated: "Rolurile au fost actualizate cu succes.",
  propertyFieldsRequired: "Introduceți câmpurile necesare (nume și valoare).",
  /** The spec's text, with its diacritics. */
  warehouseFieldsRequired: "Completați numele și tipul depozitului.",
  warehouseAdded: "Depozitul a fost adăugat cu succes.",
  warehouseUpdated: "Depozitul a fost actualizat cu succes.",
  warehouseDeleted: "Depozitul a fost șters cu succes.",
  /** An import sent without a file. */
  noFile: "Te rugăm să selectezi un fișier înainte de a-l încărca.",
  invoiceImported: "Fișierul a fost încărcat cu succes!",
  /** A quantity of zero or below: SmartBill's storno reverses an invoice, a line never does. */
  lineQuantityNotPositive: "Cantitatea trebuie să fie mai mare decât zero. Pentru a anula o factură emisă folosiți „Stornează”.",
  // Receivables' words the export's headers (server) and the screens (client) both write.
  receivableUnpaid: "Rest de încasat",
  receivableOldestDue: "Cea mai veche scadență",
  receivableOver90: "Peste 90 de zile",
} as const;

/** A cell longer than its column allows (a sheet's row, a pasted row, a line typed in the grid). */
export const COLUMN_TOO_LONG = (column: string, max: number) => `Valoarea din coloana „${column}” depășește ${max} de caractere.`;

/**
 * Why an invoice line is refused, the same words wherever it comes from: a sheet's row, a block
 * pasted into the lines, a line typed in place (the client checks before asking).
 */
export const LINE_ROW_MESSAGES = {
  nameMissing: "Denumirea produsului lipsește.",
  codeMissing: "Codul produsului lipsește.",
  quantityMissing: "Cantitatea lipsește.",
  priceMissing: "Prețul lipsește.",
  quantityNotNumber: (text: string) => `Cantitatea „${text}” nu este un număr.`,
  priceNotNumber: (text: string) => `Prețul „${text}” nu este un număr.`,
  taxPercentageInvalid: (text: string) => `Procentul TVA „${text}” trebuie să fie un număr între 0 și 100.`,
  tooLong: COLUMN_TOO_LONG,
  tooLarge: (column: string, max: number) =>
    `Valoarea din coloana „${column}” este prea mare (cel mult ${max.toLocaleString("ro-RO")} în valoare absolută).`,
  flagUnknown: (value: string, column: string) =>
    `Valoarea „${value}” din coloana „${column}” nu este recunoscută (folosiți da sau nu).`,
} as const;

/**
 * Why a customer is refused, the same words for an imported row, the customer routes and the
 * customer form (which checks before asking).
 */
export const CUSTOMER_ROW_MESSAGES = {
  nameMissing: "Denumirea clientului lipsește.",
  codeMissing: "Codul clientului lipsește.",
  cifMissing: "CIF-ul lipsește.",
  cifInvalid: (cif: string) => `CIF invalid: „${cif}” (cifra de control nu se potrivește sau formatul nu este recunoscut).`,
  ibanInvalid: (iban: string) => `IBAN invalid: „${iban}”.`,
  emailInvalid: (email: string) => `Adresă de email invalidă: „${email}”.`,
  /** Every repeat of a code after its first row. */
  codeRepeated: (codClient: string, firstRow: number) =>
    `Codul clientului „${codClient}” apare de mai multe ori în fișier (prima dată pe rândul ${firstRow}).`,
} as const;
