/**
 * Payments (§4.2): POST /payment against the invoices of `invoicesList`, DELETE /payment/v2
 * (by invoice, or by date, value, client name and CIF), DELETE /payment/chitanta (a receipt, the
 * last of its series only), and GET /invoice/paymentstatus, which adds them up. A refused
 * payment or deletion changes nothing.
 */
import { romanianDate } from "../bucharestTime";
import { documentName, findInvoice, refOf } from "./documentRef";
import { findTax, isIsoDate, round } from "./invoices";
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

  const listed = body.invoicesList == null ? [] : Array.isArray(body.invoicesList) ? body.invoicesList : [body.invoicesList];
  const refs: DocumentRef[] = listed.filter(isObject).map((ref) => ({
    series: toText(ref.seriesName),
    number: toText(ref.number),
  }));
  // With useInvoiceDetails the client and the amount come from the invoices (SPEC26 example `din_factura`).
  const fromInvoices = toBoolean(body.useInvoiceDetails) === true && refs.length > 0;
  const sentClient = isObject(body.client) && toText(body.client.name).trim() ? body.client : undefined;
  if (!sentClient && !fromInvoices) return refuse(texts.paymentClientMissing);
  const issueDate = toText(body.issueDate) || romanianDate(now);
  if (!isIsoDate(issueDate)) return refuse(texts.issueDateFormat);
  if (type === "Bon" && (toText(body.currency) || "RON") !== "RON") return refuse(texts.receiptOnlyInLei);
  const value = toNumber(body.value);
  if (value === undefined && !fromInvoices) return refuse(texts.paymentValueMissing);

  const clientCif = sentClient ? toText(sentClient.vatCode).trim() : "";
  const invoices: EmulatorInvoice[] = [];
  for (const ref of refs) {
    const invoice = findInvoice(company, ref.series, ref.number);
    if (!invoice) return refuse(texts.paymentInvoiceNotFound);
    const name = documentName(ref);
    if (invoice.cancelled) return refuse(texts.paymentInvoiceCancelled(name));
    if (invoice.reverses || invoice.reversedBy || unpaidOf(invoice) <= 0) return refuse(texts.paymentFullyPaid);
    if (clientCif && invoice.client.vatCode && clientCif !== invoice.client.vatCode) {
      return refuse(texts.paymentClientCifMismatch(name));
    }
    invoices.push(invoice);
  }
  const client = sentClient
    ? { name: toText(sentClient.name), vatCode: clientCif }
    : { name: invoices[0].client.name, vatCode: invoices[0].client.vatCode ?? "" };
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

  let document: { series?: string; number: string; printerText?: string } | undefined;
  if (type === "Chitanta") {
    const series = company.series.find((s) => s.type === "c" && s.name === toText(body.seriesName));
    if (!series) return refuse(texts.seriesNotFound);
    document = { series: series.name, number: String(series.nextNumber).padStart(4, "0") };
    series.nextNumber += 1;
  } else if (type === "Bon") {
    const receipt = fiscalReceipt(company, body, value ?? 0);
    if (typeof receipt === "string") return refuse(receipt);
    document = receipt;
  }
  for (const { invoice, share } of shares) invoice.paid = round(invoice.paid + share, invoice.precision);
  const payment: EmulatorPayment = {
    id: company.nextDocumentId++,
    type,
    issueDate,
    value: value ?? round(shares.reduce((total, { share }) => total + share, 0), 4),
    isCash: toBoolean(body.isCash) === true,
    clientName: client.name,
    clientCif: client.vatCode,
    invoices: shares.map(({ invoice, share }) => ({ ...refOf(invoice), value: share })),
    ...document,
    createdAt: new Date(now).toISOString(),
  };
  company.payments.push(payment);
  return { ok: true, payment };
}

/**
 * A fiscal receipt (Bon): each product's VAT must exist (the company's 2026 rates), its number is
 * the one sent or the register's next, and its text for the cash register (bon.inp) is kept for
 * GET /payment/text. The text's layout is ours: SmartBill's depends on the user's register.
 */
function fiscalReceipt(
  company: EmulatorCompany,
  body: Record<string, unknown>,
  value: number,
): { number: string; printerText: string } | string {
  const products = Array.isArray(body.products) ? body.products.filter(isObject) : [];
  const lines: string[] = [];
  for (const product of products) {
    const name = toText(product.name).trim();
    if (!name) return texts.productNameRequired;
    const tax = company.vatPayer ? findTax(company, product) : { percentage: 0 };
    if (!tax) return texts.taxNotFound(name);
    const quantity = toNumber(product.quantity) ?? 1;
    const price = toNumber(product.price) ?? 0;
    const sign = toBoolean(product.isDiscount) ? "-" : "";
    lines.push(`S,1,______,_,__;${name};${sign}${price.toFixed(2)};${quantity.toFixed(3)};1;1;${tax.percentage};0;0;${toText(product.measuringUnitName) || "buc"}`);
  }
  for (const [field, code] of RECEIVED_FIELDS) {
    const amount = toNumber(body[field]);
    if (amount) lines.push(`T,1,______,_,__;${code};${amount.toFixed(2)};;;;`);
  }
  if (!lines.some((line) => line.startsWith("T,"))) lines.push(`T,1,______,_,__;0;${value.toFixed(2)};;;;`);
  const issued = company.payments.filter((p) => p.type === "Bon").length;
  const number = toText(body.number).trim() || String(issued + 1);
  return { number, printerText: Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8").toString("base64") };
}

/** The flat `received*` amounts of a Bon, with the register's payment code each one prints as. */
const RECEIVED_FIELDS: [string, number][] = [
  ["receivedCash", 0],
  ["receivedCard", 1],
  ["receivedCredit", 2],
  ["receivedTicheteMasa", 3],
  ["receivedTicheteCadou", 4],
  ["receivedCupon", 5],
  ["receivedPuncteDeFidelitate", 6],
  ["receivedBonuriValoareFixa", 7],
  ["receivedOrdinDePlata", 8],
  ["receivedCec", 9],
  ["receivedMonedaAlternativa", 10],
];

/** GET /payment/text: a Bon's printer text (Base64), by the id POST /payment answered. */
export function fiscalReceiptText(company: EmulatorCompany, id: string): string | undefined {
  const payment = company.payments.find((p) => p.type === "Bon" && String(p.id) === id.trim());
  return payment?.printerText;
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

/** The types DELETE /payment/v2 deletes (SPEC26): not Chitanta or Bon, whose documents have their own routes. */
const DELETABLE_PAYMENT_TYPES = PAYMENT_TYPES.filter((type) => type !== "Chitanta" && type !== "Bon");

/** DELETE /payment/v2: the latest payment that matches; paymentType and clientCif exactly as written. */
export function deletePayment(company: EmulatorCompany, query: PaymentDeleteQuery): PaymentDeleteOutcome {
  const type = DELETABLE_PAYMENT_TYPES.find((known) => known === query.paymentType);
  if (!type) return { ok: false, errorText: texts.paymentTypeForDelete };
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
  if (!number) return { ok: false, errorText: texts.receiptNumberRequiredInUrl };
  if (!series) return { ok: false, errorText: texts.receiptSeriesRequiredInUrl };
  const receipt = company.payments.find((p) => p.type === "Chitanta" && p.series === series && p.number === number);
  if (!receipt) return { ok: false, errorText: texts.receiptNotFound };
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
