/**
 * PUT /invoice/cancel and /invoice/restore (§4.1): both idempotent (a repeat is a 200 with an
 * informative message); a cancel puts the invoice's stock back and a restore takes it again.
 * A reversed invoice is not cancelled while its storno stands.
 */
import { documentName, findInvoice } from "./documentRef";
import type { EmulatorCompany } from "./model";
import { retakeStock, returnStock } from "./stockMoves";
import { texts } from "./texts";

export type InvoiceActionOutcome = { ok: true; message: string } | { ok: false; errorText: string; status?: number };

export interface InvoiceQuery {
  series: string;
  number: string;
}

/** The query's own refusals: number, then series, then an invoice that is not there. */
export function checkInvoiceQuery(company: EmulatorCompany, { series, number }: InvoiceQuery) {
  if (!number) return { ok: false as const, errorText: texts.numberRequiredInUrl };
  if (!series) return { ok: false as const, errorText: texts.seriesRequiredInUrl };
  const invoice = findInvoice(company, series, number);
  if (!invoice) return { ok: false as const, errorText: texts.invoiceNotFoundNamed(`${series}${number}`) };
  return { ok: true as const, invoice };
}

export function cancelInvoice(company: EmulatorCompany, query: InvoiceQuery): InvoiceActionOutcome {
  const found = checkInvoiceQuery(company, query);
  if (!found.ok) return found;
  const { invoice } = found;
  const name = documentName(invoice);
  if (invoice.cancelled) return { ok: true, message: texts.alreadyCancelled(name) };
  // SmartBill documents no refusal here; a cancel would give back the stock its storno already gave back,
  // so the emulator refuses, in the words SmartBill uses for a reversed invoice elsewhere (reverse).
  if (invoice.reversedBy) return { ok: false, errorText: texts.alreadyReversed };
  returnStock(company, invoice);
  invoice.cancelled = true;
  return { ok: true, message: texts.cancelled(name) };
}

export function restoreInvoice(company: EmulatorCompany, query: InvoiceQuery): InvoiceActionOutcome {
  const found = checkInvoiceQuery(company, query);
  if (!found.ok) return found;
  const { invoice } = found;
  const name = documentName(invoice);
  if (!invoice.cancelled) return { ok: true, message: texts.restoreNotNeeded(name) };
  const stockError = retakeStock(company, invoice);
  if (stockError) return { ok: false, errorText: stockError };
  invoice.cancelled = false;
  return { ok: true, message: texts.restored(name) };
}
