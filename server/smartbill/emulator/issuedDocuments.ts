/**
 * Who hears of the invoices the emulator issues: SmartBill uploads each issued invoice (and
 * storno) to ANAF's e-Factura, so the e-Factura emulator subscribes here to make its SPV
 * messages. Proformas and drafts never reach SPV and are not announced. A listener's failure
 * never fails SmartBill's answer.
 */
import type { EmulatorInvoice } from "./model";

export interface IssuedDocument {
  /** The issuing company's CIF as SmartBill knows it (e.g. "RO40671760"). */
  cif: string;
  companyName: string;
  /** The invoice as the emulator stored it (a storno has `reverses`). */
  invoice: EmulatorInvoice;
}

export type IssuedDocumentListener = (document: IssuedDocument) => void;

export class IssuedDocuments {
  private readonly listeners = new Set<IssuedDocumentListener>();

  /** Returns the way to stop listening. */
  subscribe(listener: IssuedDocumentListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(document: IssuedDocument): void {
    if (document.invoice.isDraft) return;
    for (const listener of this.listeners) {
      try {
        listener(structuredClone(document));
      } catch {
        // The listener's own problem: SmartBill issued the invoice all the same.
      }
    }
  }
}
