/**
 * The react-admin resource a document belongs to, from its kind: an invoice is a record of
 * 'invoices', a proforma of 'proformas'. Screens shared by both kinds (the create screen,
 * 'Duplică') take their resource from here or from their props, never a fixed 'invoices'.
 */
const RESOURCE_OF_KIND: Readonly<Record<string, string>> = { invoice: "invoices", proforma: "proformas" };

/** A row without a kind predates proformas: an invoice. */
export function documentResourceOf(document: { documentType?: string | null }): string {
  return RESOURCE_OF_KIND[document.documentType ?? "invoice"] ?? "invoices";
}
