/**
 * How SmartBill's calls after the send name an invoice: series and number as printed ("0007";
 * an unpadded "7" is another number and is not found). Drafts have no number, so no call finds one.
 */
import type { DocumentRef, EmulatorCompany, EmulatorInvoice } from "./model";

export function findInvoice(company: EmulatorCompany, series: string, number: string): EmulatorInvoice | undefined {
  if (!series || !number) return undefined;
  return company.invoices.find((i) => !i.isDraft && i.series === series && i.number === number);
}

/** A proforma as SmartBill's calls name it, by the same rules as an invoice. */
export function findEstimate(company: EmulatorCompany, series: string, number: string): EmulatorInvoice | undefined {
  if (!series || !number) return undefined;
  return company.estimates.find((e) => !e.isDraft && e.series === series && e.number === number);
}

/** Series and number joined, as SmartBill's texts print them: "SBL0001". */
export function documentName(ref: DocumentRef): string {
  return `${ref.series}${ref.number}`;
}

export function refOf(invoice: EmulatorInvoice): DocumentRef {
  return { series: invoice.series, number: invoice.number };
}
