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
} as const;
