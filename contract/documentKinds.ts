/**
 * The kinds of document a clerk issues through SmartBill that live in the invoices' table and
 * share their editor, lines, send and after-send life: an invoice, or a proforma (SmartBill's
 * "estimate"). A row of one kind is never found by the other kind's routes.
 */
export const DOCUMENT_TYPES = ["invoice", "proforma"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
