/**
 * A new document made from another one's form and lines: a duplicate ('Duplică'), the invoice of a
 * proforma ('Transformă în factură'), a storno. Every field of the form is copied unless `changes`
 * says otherwise, and nothing of the send: the copy is a document of its own, not yet issued.
 */
import type { Invoice, InvoiceForm, InvoiceLineInput } from "../../../../contract/api";

export function copiedForm(source: Invoice, changes: Partial<InvoiceForm> = {}): InvoiceForm {
  return {
    clientId: source.clientId,
    warehouseId: source.warehouseId,
    issueDate: source.issueDate,
    dueDays: source.dueDays,
    useStock: source.useStock,
    mentions: source.mentions,
    observations: source.observations,
    draft: source.draft,
    saveToDb: source.saveToDb,
    seriesName: source.seriesName,
    currency: source.currency,
    language: source.language,
    precision: source.precision,
    ...changes,
  };
}

export function copiedLines(source: Invoice): InvoiceLineInput[] {
  return (source.products ?? []).map(({ id: _id, invoiceId: _invoiceId, ...line }) => line);
}
