/**
 * SmartBill's routes for each kind of document it issues that we send (../shared/spec/smartbill-api.md
 * §4.1–4.2, §10.b): an invoice, or a proforma (SmartBill's "estimate"). The calls are the same
 * (create, PDF, cancel, restore, delete, e-mail), at each kind's own paths, with each kind's series
 * type and e-mail `type`.
 */
import type { SeriesType } from "./types";

export interface SmartBillDocumentPaths {
  /** What the messages call it in SmartBill's words ("POST /estimate/v2"). */
  name: "invoice" | "estimate";
  /** POST: the document, answered with documentId and its links. */
  create: string;
  /** GET ?cif&seriesname&number: its PDF. */
  pdf: string;
  /** PUT ?cif&seriesname&number. */
  cancel: string;
  restore: string;
  /** DELETE ?cif&seriesname&number: the last of its series only. */
  delete: string;
  /** GET /series?type=: the series it is issued in. */
  seriesType: SeriesType;
  /** POST /document/send's `type`. */
  emailType: "factura" | "proforma";
}

export const SMARTBILL_INVOICE: SmartBillDocumentPaths = {
  name: "invoice",
  // /invoice/v2 answers documentId and the public view link; the legacy /invoice does not.
  create: "/invoice/v2",
  pdf: "/invoice/pdf",
  cancel: "/invoice/cancel",
  restore: "/invoice/restore",
  delete: "/invoice",
  seriesType: "f",
  emailType: "factura",
};

export const SMARTBILL_ESTIMATE: SmartBillDocumentPaths = {
  name: "estimate",
  create: "/estimate/v2",
  pdf: "/estimate/pdf",
  cancel: "/estimate/cancel",
  restore: "/estimate/restore",
  delete: "/estimate",
  seriesType: "p",
  emailType: "proforma",
};
