/**
 * The invoices SmartBill made from a proforma (GET /estimate/invoices): how a lost answer of
 * 'Transformă în factură' is confirmed, and what the proforma shows it became (`invoicedAs`).
 * SmartBill lists its draft invoices too, with an empty number: those are no fiscal invoice.
 */
import { proformaInvoiceConfirmed } from "../../../messages";
import type { SmartBillImportResult } from "../../../../contract/api";
import type { SmartBillClient } from "../../../smartbill/client";
import type { InvoiceRef } from "../../../smartbill/types";

export interface ProformaInvoiceRef {
  series: string;
  number: string;
}

/** The proforma's invoices as SmartBill lists them ([] when it was not invoiced yet); throws SmartBill's errors. */
export async function invoicesOfProforma(client: SmartBillClient, proforma: InvoiceRef): Promise<ProformaInvoiceRef[]> {
  const answer = await client.estimateInvoices(proforma);
  return answer.invoices.map((invoice) => ({ series: invoice.series, number: invoice.number }));
}

/**
 * A lost answer of the invoice from `proforma`: issued when SmartBill now lists a numbered invoice
 * for the proforma (the send then records it); undefined when it lists none or cannot be asked,
 * and the series decides.
 */
export async function confirmedFromProforma(client: SmartBillClient, proforma: InvoiceRef): Promise<SmartBillImportResult | undefined> {
  const listed = await invoicesOfProforma(client, proforma).catch(() => []);
  const invoice = listed.find((candidate) => candidate.number);
  if (!invoice) return undefined;
  return { errorText: "", message: proformaInvoiceConfirmed(invoice.series, invoice.number), number: invoice.number, series: invoice.series, url: "" };
}
