/**
 * SmartBill's calls on a proforma after its issue (§4.1, §10.b): cancel and restore (idempotent,
 * as an invoice's; a proforma moves no stock), delete (only the last of its series, as for an
 * invoice: POSTMAN says so, SPEC26 is silent) and which invoices were issued from it
 * (GET /estimate/invoices). Their refusals name the proforma, in SmartBill's words.
 */
import type { InvoiceActionOutcome, InvoiceQuery } from "./cancelInvoice";
import { documentName, findEstimate } from "./documentRef";
import type { DocumentRef, EmulatorCompany } from "./model";
import { texts } from "./texts";

/** The query's own refusals: number, then series, then a proforma that is not there (all 400). */
export function checkEstimateQuery(company: EmulatorCompany, { series, number }: InvoiceQuery) {
  if (!number) return { ok: false as const, errorText: texts.estimateNumberRequiredInUrl };
  if (!series) return { ok: false as const, errorText: texts.estimateSeriesRequiredInUrl };
  const estimate = findEstimate(company, series, number);
  if (!estimate) return { ok: false as const, errorText: texts.estimateNotFound(series, number) };
  return { ok: true as const, estimate };
}

export function cancelEstimate(company: EmulatorCompany, query: InvoiceQuery): InvoiceActionOutcome {
  const found = checkEstimateQuery(company, query);
  if (!found.ok) return found;
  const { estimate } = found;
  const name = documentName(estimate);
  if (estimate.cancelled) return { ok: true, message: texts.estimateAlreadyCancelled(name) };
  estimate.cancelled = true;
  return { ok: true, message: texts.estimateCancelled(name) };
}

export function restoreEstimate(company: EmulatorCompany, query: InvoiceQuery): InvoiceActionOutcome {
  const found = checkEstimateQuery(company, query);
  if (!found.ok) return found;
  const { estimate } = found;
  const name = documentName(estimate);
  if (!estimate.cancelled) return { ok: true, message: texts.estimateRestoreNotNeeded(name) };
  estimate.cancelled = false;
  return { ok: true, message: texts.estimateRestored(name) };
}

/** Only the last of its series (403 otherwise, in the invoice's words); the series goes back by one. */
export function deleteEstimate(company: EmulatorCompany, query: InvoiceQuery): InvoiceActionOutcome {
  const found = checkEstimateQuery(company, query);
  if (!found.ok) return found;
  const { estimate } = found;
  const series = company.series.find((s) => s.type === "p" && s.name === estimate.series);
  if (!series || Number(estimate.number) !== series.nextNumber - 1) {
    return { ok: false, status: 403, errorText: texts.notLastInSeries(estimate.series, estimate.number) };
  }
  company.estimates.splice(company.estimates.indexOf(estimate), 1);
  series.nextNumber -= 1;
  return { ok: true, message: texts.estimateDeleted(documentName(estimate)) };
}

export type EstimateInvoicesOutcome =
  | { ok: true; invoices: DocumentRef[] }
  | { ok: false; status: number; errorText: string; areInvoicesCreated?: false };

/**
 * The invoices issued from a proforma, oldest first (a draft with number ""). Not invoiced yet
 * is a 200 with an errorText; an unknown proforma is SmartBill's 410.
 */
export function estimateInvoices(company: EmulatorCompany, { series, number }: InvoiceQuery): EstimateInvoicesOutcome {
  if (!number) return { ok: false, status: 400, errorText: texts.estimateNumberRequiredInUrl };
  if (!series) return { ok: false, status: 400, errorText: texts.estimateSeriesRequiredInUrl };
  if (!findEstimate(company, series, number)) {
    return { ok: false, status: 410, errorText: texts.estimateNotFoundApart(series, number) };
  }
  const invoices = company.invoices
    .filter((invoice) => invoice.fromEstimate?.series === series && invoice.fromEstimate.number === number)
    .map((invoice) => ({ series: invoice.series, number: invoice.number }));
  if (invoices.length === 0) {
    return { ok: false, status: 200, errorText: texts.estimateNotInvoiced(series, number), areInvoicesCreated: false };
  }
  return { ok: true, invoices };
}
