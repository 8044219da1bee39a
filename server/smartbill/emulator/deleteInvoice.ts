/**
 * DELETE /invoice (§4.1): only the last invoice of its series, and the series' next number goes
 * back to it. Otherwise SmartBill's 403, which is not the lockout's 403 (§5: a client must tell
 * them apart by the text). Its stock goes back unless a cancel already returned it.
 */
import { checkInvoiceQuery, type InvoiceActionOutcome, type InvoiceQuery } from "./cancelInvoice";
import { documentName, findInvoice } from "./documentRef";
import type { EmulatorCompany } from "./model";
import { returnStock } from "./stockMoves";
import { texts } from "./texts";

export function deleteInvoice(company: EmulatorCompany, query: InvoiceQuery): InvoiceActionOutcome {
  const found = checkInvoiceQuery(company, query);
  if (!found.ok) return found;
  const { invoice } = found;
  const series = company.series.find((s) => s.type === "f" && s.name === invoice.series);
  if (!series || Number(invoice.number) !== series.nextNumber - 1) {
    return { ok: false, status: 403, errorText: texts.notLastInSeries(invoice.series, invoice.number) };
  }
  if (invoice.paid > 0) return { ok: false, errorText: texts.deletePaid(documentName(invoice)) };

  if (!invoice.cancelled) returnStock(company, invoice);
  if (invoice.reverses) {
    const original = findInvoice(company, invoice.reverses.series, invoice.reverses.number);
    if (original) delete original.reversedBy;
  }
  company.invoices.splice(company.invoices.indexOf(invoice), 1);
  series.nextNumber -= 1;
  return { ok: true, message: texts.deleted(documentName(invoice)) };
}
