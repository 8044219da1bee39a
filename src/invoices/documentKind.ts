/**
 * Which kind of document the invoice screens show: an invoice, or a proforma (rows of the same
 * table, with the same editor, lines, send and life). Read from react-admin's resource
 * ('proformas' under the proformas resource, invoices everywhere else), so a screen shared by
 * both needs no prop: a proforma has no payments, payment status, storno, buyer check or
 * 'Emite factura', and its links and records are the proformas resource's.
 */
import { useResourceContext } from "react-admin";

export type DocumentResource = "invoices" | "proformas";

export interface DocumentKind {
  /** The react-admin resource (records, links, access). */
  resource: DocumentResource;
  isProforma: boolean;
}

export function documentKindOf(resource: string | undefined): DocumentKind {
  const isProforma = resource === "proformas";
  return { resource: isProforma ? "proformas" : "invoices", isProforma };
}

export function useDocumentKind(): DocumentKind {
  return documentKindOf(useResourceContext());
}
