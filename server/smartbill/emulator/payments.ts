/**
 * Payments (§4.2): POST /payment against the invoices of `invoicesList`, DELETE /payment/v2
 * (by invoice, or by date, value, client name and CIF), DELETE /payment/chitanta (a receipt, the
 * last of its series only), and GET /invoice/paymentstatus, which adds them up. A refused
 * payment or deletion changes nothing.
 */
import { romanianDate } from "../bucharestTime";
import { documentName, findInvoice, refOf } from "./documentRef";
import { isIsoDate, round } from "./invoices";
import type { DocumentRef, EmulatorCompany, EmulatorInvoice, EmulatorPayment } from "./model";
import { isObject, toBoolean, toNumber, toText } from "./requestShape";
import { texts } from "./texts";

/** SmartBill's payment types, spelled as it spells them (SPEC26). */
export const PAYMENT_TYPES = [
  "Card",
  "Card online",
  "Chitanta",
  "Bon",
  "Ordin plata",
  "CEC",
  "Bilet ordin",
  "Mandat postal",
  "Extras de cont",
  "Ramburs",
  "Alta incasare",
] as const;

export type PaymentOutcome =
  | { ok: true; payment: EmulatorPayment }
  | { ok: false; errorText: string; /** 404 for an unknown type (SPEC26). */ status?: number };

export function paymentStatus(invoice: EmulatorInvoice) {
  return {
    invoiceTotalAmount: invoice.total,
    paidAmount: invoice.paid,
    unpaidAmount: unpaidOf(invoice),
    paid: invoice.paid >= invoice.total,
  };
}

function unpaidOf(invoice: EmulatorInvoice): number {
  return round(invoice.total - invoice.paid, invoice.precision);
}

export function addPayment(company: EmulatorCompany, body: Record<string, unknown>, now: number): PaymentOutcome {
  const refuse = (errorText: string, status?: number): PaymentOutcome => ({ ok: false, errorText, status });
  const typeSent = toText(body.type);
  if (!typeSent.trim()) return refuse(texts.paymentTypeMissing);
  // Case is forgiven here; extra spaces are not (SPEC26).
  const type = PAYMENT_TYPES.find((known) => known.toLowerCase() === typeSent.toLowerCase());
  if (!type) return refuse(texts.paymentTypeNotFound, 404);
  const client = isObject(body.client) ? body.client : undefined;
  if (!client || !toText(client.name).trim()) return refuse(texts.paymentClientMissing);
  const issueDate = toText(body.issueDate) || romanianDate(now);
  if (!isIsoDate(issueDate)) return refuse(texts.issueDateFormat);
  if (type === "Bon" && (toText(body.currency) || "RON") !== "RON") return refuse(texts.receiptOnlyInLei);

  const listed = body.invoicesList == null ? [] : Array.isArray(body.invoicesList) ? body.invoicesList : [body.invoicesList];
  const refs: DocumentRef[] = listed.filter(isObject).map((ref) => ({
    series: toText(ref.seriesName),
    number: toText(ref.number),
  }));
  const value = toNumber(body.value);
  const useInvoiceDetails = toBoolean(body.useInvoiceDetails) === true;
  if (value === undefined && !(useInvoiceDetails && refs.length > 0)) return refuse(texts.paymentValueMissing);

  const clientCif = toText(client.vatCode).trim();
  const invoices: EmulatorInvoice[] = [];
  for (const ref of refs) {
    const invoice = findInvoice(company, ref.series, ref.number);
    const name = documentName(ref);
    if (!invoice) return refuse(texts.invoiceNotFoundNamed(name));
    if (invoice.cancelled) return refuse(texts.paymentInvoiceCancelled(name));
    if (invoice.reverses || invoice.reversedBy || unpaidOf(invoice) <= 0) return refuse(texts.paymentFullyPaid);
    if (clientCif && invoice.client.vatCode && clientCif !== invoice.client.vatCode) {
      return refuse(texts.paymentClientCifMismatch(name));
    }
    invoices.push(invoice);
  }
  // What the payment puts on each invoice, in the order listed; the whole unpaid rest without a value.
  let left = value ?? round(invoices.reduce((total, invoice) => total + unpaidOf(invoice), 0), 4);
  const shares = invoices.map((invoice) => {
    const share = Math.min(left, unpaidOf(invoice));
    left = round(left - share, 4);
    return { invoice, share };
  });
  if (left > 0 && invoices.length > 0) {
    const last = invoices[invoices.length - 1];
    return refuse(texts.paymentOverUnpaid(documentName(last), unpaidOf(last).toFixed(last.precision)));
  }

  let receipt: { series: string; number: string } | undefined;
  if (type === "Chitanta") {
    const series = company.series.find((s) => s.type === "c" && s.name === toText(body.seriesName));
    if (!series) return refuse(texts.receiptSeriesNotFound);
    receipt = { series: series.name, number: String(series.nextNumber).padStart(4, "0") };
    series.nextNumber += 1;
  }
  for (const { invoice, share } of shares) invoice.paid = round(invoice.paid + share, invoice.precision);
  const payment: EmulatorPayment = {
    id: company.nextDocumentId++,
    type,
    issueDate,
    value: value ?? round(shares.reduce((total, { share }) => total + share, 0), 4),
    isCash: toBoolean(body.isCash) === true,
    clientName: toText(client.name),
    clientCif,
    invoices: shares.map(({ invoice, share }) => ({ ...refOf(invoice), value: share })),
    ...receipt,
    createdAt: new Date(now).toISOString(),
  };
  company.payments.push(payment);
  return { ok: true, payment };
}

export interface PaymentDeleteQuery {
  paymentType: string;
  invoiceSeries: string;
  invoiceNumber: string;
  paymentDate: string;
  paymentValue: string;
  clientName: string;
  clientCif: string;
}

export type PaymentDeleteOutcome = { ok: true; message: string } | { ok: false; errorText: string };

/** DELETE /payment/v2: the latest payment that matches; paymentType and clientCif exactly as written. */
export function deletePayment(company: EmulatorCompany, query: PaymentDeleteQuery): PaymentDeleteOutcome {
  const type = PAYMENT_TYPES.find((known) => known === query.paymentType);
  if (!type) return { ok: false, errorText: texts.paymentTypeForDelete(PAYMENT_TYPES) };
  const byInvoice = Boolean(query.invoiceSeries && query.invoiceNumber);
  const byPayment = Boolean(query.paymentDate && query.paymentValue && query.clientName && query.clientCif);
  if (!byInvoice && !byPayment) return { ok: false, errorText: texts.paymentDeleteWhich };
  const matches = (payment: EmulatorPayment) =>
    payment.type === type &&
    (byInvoice
      ? payment.invoices.some((i) => i.series === query.invoiceSeries && i.number === query.invoiceNumber)
      : payment.issueDate === query.paymentDate &&
        payment.value === toNumber(query.paymentValue) &&
        payment.clientName === query.clientName &&
        payment.clientCif === query.clientCif);
  const payment = company.payments.findLast(matches);
  if (!payment) return { ok: false, errorText: texts.paymentsNotFound };
  forget(company, payment);
  const date = payment.issueDate.split("-").reverse().join("/");
  return {
    ok: true,
    message: texts.paymentDeleted(payment.clientName, payment.clientCif, date, String(payment.value), payment.type),
  };
}

export type ReceiptDeleteOutcome = { ok: true; message: string } | { ok: false; errorText: string; status?: number };

/** DELETE /payment/chitanta: like an invoice, only the last receipt of its series (403 otherwise). */
export function deleteReceipt(company: EmulatorCompany, series: string, number: string): ReceiptDeleteOutcome {
  const receipt = company.payments.find((p) => p.type === "Chitanta" && p.series === series && p.number === number);
  if (!series || !number || !receipt) return { ok: false, errorText: texts.receiptNotFound };
  const receiptSeries = company.series.find((s) => s.type === "c" && s.name === series);
  if (!receiptSeries || Number(number) !== receiptSeries.nextNumber - 1) {
    return { ok: false, status: 403, errorText: texts.notLastInSeries(series, number) };
  }
  forget(company, receipt);
  receiptSeries.nextNumber -= 1;
  return { ok: true, message: texts.receiptDeleted(`${series}${number}`) };
}

/** Removes a payment and what it paid on its invoices. */
function forget(company: EmulatorCompany, payment: EmulatorPayment): void {
  for (const share of payment.invoices) {
    const invoice = findInvoice(company, share.series, share.number);
    if (invoice) invoice.paid = round(invoice.paid - share.value, invoice.precision);
  }
  company.payments.splice(company.payments.indexOf(payment), 1);
}
