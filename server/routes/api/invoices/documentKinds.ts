/**
 * The kinds of document the invoices' routes serve (contract/documentKinds.ts): an invoice at
 * /smartbill/invoice, a proforma at /smartbill/proforma. Both are rows of `invoices` and share
 * every route plugin of this folder; each plugin is registered with its kind (`{ kind }`), which
 * says where it answers, which role matrix row and audit actions are its, which SmartBill routes
 * it calls and how its messages name the document.
 *
 * Every query of a document goes through a DocumentScope (tenant AND kind): a proforma's id on
 * an invoice route is not found (404), as another tenant's is.
 */
import type { FastifyRequest } from "fastify";
import type { AuditAction } from "../../../../contract/auditActions";
import type { DocumentType } from "../../../../contract/documentKinds";
import { HttpError } from "../../../errors";
import { API_PREFIXES } from "../../../../contract/paths";
import { type DocumentWords, invoiceWords, proformaWords } from "../../../messages";
import { SMARTBILL_ESTIMATE, SMARTBILL_INVOICE, type SmartBillDocumentPaths } from "../../../smartbill/documentPaths";

export interface DocumentKind {
  type: DocumentType;
  /** Its row of the role matrix, the subject of its audit actions, its paths' resource. */
  resource: "invoices" | "proformas";
  /** Where its routes answer under /api. */
  prefix: string;
  /** SmartBill's routes for it. */
  smartBill: SmartBillDocumentPaths;
  /** How its messages name it. */
  words: DocumentWords;
}

export const INVOICE_KIND: DocumentKind = {
  type: "invoice",
  resource: "invoices",
  prefix: API_PREFIXES.invoices,
  smartBill: SMARTBILL_INVOICE,
  words: invoiceWords,
};

export const PROFORMA_KIND: DocumentKind = {
  type: "proforma",
  resource: "proformas",
  prefix: API_PREFIXES.proformas,
  smartBill: SMARTBILL_ESTIMATE,
  words: proformaWords,
};

export const DOCUMENT_KINDS: Readonly<Record<DocumentType, DocumentKind>> = { invoice: INVOICE_KIND, proforma: PROFORMA_KIND };

/** The options every route plugin of this folder is registered with. */
export interface KindOptions {
  kind: DocumentKind;
}

/** Which documents a query may see: the tenant's, of one kind. */
export interface DocumentScope {
  tenantId: number;
  documentType: DocumentType;
}

/** The request's tenant's documents of the kind. */
export const scopeOf = (request: Pick<FastifyRequest, "tenantId">, kind: DocumentKind): DocumentScope => ({
  tenantId: request.tenantId,
  documentType: kind.type,
});

/** The audit actions both kinds have (contract/auditActions.ts lists each as `<resource>.<verb>`). */
export type DocumentAuditVerb =
  | "import"
  | "create"
  | "duplicate"
  | "update"
  | "lineCreate"
  | "lineUpdate"
  | "lineDelete"
  | "linePaste"
  | "send"
  | "issue"
  | "email"
  | "cancel"
  | "restore"
  | "delete";

type KindAuditAction = `${DocumentKind["resource"]}.${DocumentAuditVerb}`;
// Compile-time: every kind's every verb is an action the audit log knows.
const everyKindActionIsKnown: KindAuditAction extends AuditAction ? true : never = true;
void everyKindActionIsKnown;

/** The kind's audit action for the verb ("proformas.send"). */
export const auditOf = (kind: DocumentKind, verb: DocumentAuditVerb): AuditAction => `${kind.resource}.${verb}` satisfies KindAuditAction;

/** 404 in the words of the scope's kind ("Factura proformă nu a fost găsită."). */
export const notFoundIn = (scope: Pick<DocumentScope, "documentType">): HttpError =>
  new HttpError(404, DOCUMENT_KINDS[scope.documentType].words.notFound);
