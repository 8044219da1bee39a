/**
 * POST /invoice on one company's state: SmartBill's validation in roughly its order (§2.2, with
 * its exact texts), then numbering (the series' next number, padded to 4 digits; a draft gets
 * none and leaves the series alone), totals at the invoice's precision, and stock discharge
 * with `useStock`. A refused invoice changes nothing.
 *
 * POST /estimate issues a proforma through the same logic (§10.b: a `p` series, its own texts for
 * no lines and for prices in another currency; the body's shape already refused payment, stock
 * and estimate). An invoice with `useEstimateDetails` takes its client and lines from a proforma;
 * SmartBill lets a proforma be invoiced more than once, and so does the emulator: each invoice
 * is listed by GET /estimate/invoices.
 */
import { romanianDate } from "../bucharestTime";
import type { EmulatorCompany, EmulatorInvoice, EmulatorInvoiceLine, EmulatorStockItem } from "./model";
import { findEstimate, refOf } from "./documentRef";
import { isObject, toBoolean, toNumber, toText } from "./requestShape";
import { texts } from "./texts";

export type InvoiceOutcome =
  | { ok: true; invoice: EmulatorInvoice; url: string }
  | { ok: false; errorText: string; /** When SmartBill uses a status of its own (410). */ status?: number };

/** An invoice (POST /invoice) or a proforma (POST /estimate, SmartBill's "estimate"). */
export type IssueKind = "invoice" | "estimate";

export interface InvoiceContext {
  now: number;
  /** Languages other than the company's: accept and fall back to RO (SPEC26), or refuse (SWAGGER). */
  unknownLanguage: "accept" | "reject";
  /** Base for fake payment links. */
  origin: string;
  /** What is issued: an invoice (default) or a proforma (POST /estimate: series type p, its own texts). */
  kind?: IssueKind;
}

const MAX_LINES = 400;

interface Line {
  raw: Record<string, unknown>;
  name: string;
  isDiscount: boolean;
}

const refuse = (errorText: string, status?: number): InvoiceOutcome => ({ ok: false, errorText, status });

export function issueInvoice(
  company: EmulatorCompany,
  body: Record<string, unknown>,
  context: InvoiceContext,
): InvoiceOutcome {
  const isEstimate = context.kind === "estimate";
  // An invoice from a proforma takes the proforma's client, lines, currency and precision
  // (SPEC26 "From estimate"); the body gives the rest (series, date, stock, payment, e-mail).
  let fromEstimate: EmulatorInvoice | undefined;
  const estimateRef = isObject(body.estimate) ? body.estimate : {};
  if (!isEstimate && toBoolean(body.useEstimateDetails)) {
    const estimateSeries = toText(estimateRef.seriesName);
    const estimateNumber = toText(estimateRef.number);
    fromEstimate = findEstimate(company, estimateSeries, estimateNumber);
    if (!fromEstimate) return refuse(texts.invoiceEstimateNotFound(`${estimateSeries}${estimateNumber}`));
    if (!fromEstimate.lines.some((line) => !line.isDiscount)) return refuse(texts.estimateWithoutProducts);
  }

  const client: Record<string, unknown> | undefined = fromEstimate
    ? { ...fromEstimate.client }
    : isObject(body.client)
      ? body.client
      : undefined;
  if (!client || !toText(client.country).trim()) return refuse(texts.countryRequired);
  if (!toText(client.name).trim()) return refuse(texts.clientInvalid);

  const rawLines = Array.isArray(body.products) ? (body.products as Record<string, unknown>[]) : [];
  if (!fromEstimate && rawLines.length === 0) {
    return refuse(isEstimate ? texts.estimateProductsRequired : texts.productsRequired);
  }
  if (rawLines.length > MAX_LINES) return refuse(texts.tooManyLines, 410);
  const lines: Line[] = rawLines.map((raw) => ({
    raw,
    name: toText(raw.name).trim(),
    isDiscount: toBoolean(raw.isDiscount) === true,
  }));
  if (!fromEstimate && lines.every((line) => line.isDiscount)) return refuse(texts.onlyDiscount);

  const seriesName = toText(body.seriesName);
  const seriesType = isEstimate ? "p" : "f";
  const series = company.series.find((s) => s.type === seriesType && s.name === seriesName);
  if (!series) return refuse(texts.seriesNotFound);

  const issueDate = toText(body.issueDate) || romanianDate(context.now);
  if (!isIsoDate(issueDate)) return refuse(texts.issueDateFormat);

  const currency = fromEstimate?.currency ?? (toText(body.currency) || "RON");
  if (!company.currencies.includes(currency)) return refuse(texts.currencyNotFound);
  const language = toText(body.language);
  if (language && !company.languages.includes(language) && context.unknownLanguage === "reject") {
    return refuse(texts.languageNotFound);
  }
  const precision = fromEstimate?.precision ?? Math.min(4, Math.max(2, Math.trunc(toNumber(body.precision) ?? 2)));
  // A proforma in RON may carry reference prices in another currency (SmartBill converts them);
  // one in a foreign currency takes its prices in that currency only.
  if (
    isEstimate &&
    currency !== "RON" &&
    lines.some((line) => toText(line.raw.currency) !== "" && toText(line.raw.currency) !== currency)
  ) {
    return refuse(texts.estimateForeignPrices);
  }

  if (toBoolean(body.usePaymentTax) && !company.vatPayer) return refuse(texts.paymentTaxNotVatPayer);
  const payment = isObject(body.payment) ? body.payment : undefined;
  if (payment) {
    if (!toText(payment.type).trim()) return refuse(texts.paymentTypeRequired);
    if (toNumber(payment.value) === undefined) return refuse(texts.paymentValueRequired);
    if (toBoolean(payment.isCash) === undefined) return refuse(texts.paymentIsCashRequired);
  }
  if (toBoolean(body.sendEmail)) {
    const email = isObject(body.email) ? body.email : {};
    if (!toText(email.to).trim() && !toText(client.email).trim()) return refuse(texts.clientEmailRequired);
    if (!company.emailServerConfigured) return refuse(texts.emailServerMissing);
  }

  const priced = fromEstimate ? structuredClone(fromEstimate.lines) : priceLines(company, lines, precision);
  if (typeof priced === "string") return refuse(priced);

  const isDraft = toBoolean(body.isDraft) === true;
  const number = isDraft ? "" : String(series.nextNumber).padStart(4, "0");
  let discharge: Discharge[] = [];
  if (toBoolean(body.useStock) || (fromEstimate && toBoolean(estimateRef.useStock))) {
    const document = `factura ${series.name}${String(series.nextNumber).padStart(4, "0")}`;
    const planned = planDischarge(company, priced, document, issueDate, isDraft);
    if (typeof planned === "string") return refuse(planned);
    discharge = planned;
  }

  // Everything checked: from here on the company's state changes.
  if (!isDraft) series.nextNumber += 1;
  for (const { item, quantity, name } of discharge) {
    item.quantity = round(item.quantity - quantity, 4);
    item.name = name; // SmartBill overwrites the catalogue name with the one sent
  }
  const totalNet = round(sum(priced.map((line) => line.net)), precision);
  const totalVat = round(sum(priced.map((line) => line.vat)), precision);
  const total = round(totalNet + totalVat, precision);
  const invoice: EmulatorInvoice = {
    documentId: company.nextDocumentId++,
    series: series.name,
    number,
    isDraft,
    issueDate,
    ...(isIsoDate(toText(body.dueDate)) ? { dueDate: toText(body.dueDate) } : {}),
    currency,
    precision,
    client: {
      name: toText(client.name),
      ...(client.vatCode == null ? {} : { vatCode: toText(client.vatCode) }),
      country: toText(client.country),
      ...(toText(client.email).trim() ? { email: toText(client.email).trim() } : {}),
    },
    lines: priced,
    totalNet,
    totalVat,
    total,
    paid: payment ? Math.min(total, toNumber(payment.value) ?? 0) : 0,
    discharged: discharge.map(({ warehouseName, item, quantity }) => ({ warehouseName, code: item.code, quantity })),
    createdAt: new Date(context.now).toISOString(),
    ...(fromEstimate ? { fromEstimate: refOf(fromEstimate) } : {}),
  };
  (isEstimate ? company.estimates : company.invoices).push(invoice);
  const paymentUrl = toText(body.paymentUrl);
  const url =
    paymentUrl === "Generate URL" ? `${context.origin}/plata/${invoice.documentId}` : paymentUrl ? paymentUrl : "";
  return { ok: true, invoice, url };
}

/**
 * The lines with their values, or the first line error. Discounts without numberOfItems are
 * dropped, as SmartBill does.
 */
function priceLines(company: EmulatorCompany, lines: Line[], precision: number): EmulatorInvoiceLine[] | string {
  const priced: EmulatorInvoiceLine[] = [];
  const sinceDiscount: EmulatorInvoiceLine[] = [];
  for (const line of lines) {
    const { raw, name } = line;
    if (!name) return texts.productNameRequired;
    const currency = toText(raw.currency);
    if (currency && !company.currencies.includes(currency)) return texts.currencyNotFound;

    if (line.isDiscount) {
      const discountType = toNumber(raw.discountType) ?? 2;
      const value = toNumber(raw.discountValue);
      const percent = toNumber(raw.discountPercentage);
      if (discountType === 1 && value === undefined) return texts.discountValueRequired;
      if (discountType !== 1 && (percent === undefined || percent <= 0 || percent > 100)) {
        return texts.discountPercentRequired;
      }
      const count = Math.trunc(toNumber(raw.numberOfItems) ?? 0);
      if (count < 1) continue; // silently ignored (SPEC26)
      const covered = sinceDiscount.slice(-count);
      let rate: { name?: string; percentage: number };
      if (raw.taxPercentage != null || raw.taxName != null) {
        const tax = findTax(company, raw);
        if (!tax) return texts.taxNotFound(name);
        rate = tax;
      } else {
        const rates = new Set(covered.map((c) => c.taxPercentage));
        if (rates.size > 1) return texts.discountMixedTaxes;
        rate = { name: covered[0]?.taxName, percentage: covered[0]?.taxPercentage ?? 0 };
      }
      const base = sum(covered.map((c) => c.net));
      const included = toBoolean(raw.isTaxIncluded) === true;
      const gross = discountType === 1 ? value! : -round((base * percent!) / 100, precision);
      const net =
        included && discountType === 1
          ? round(gross / (1 + rate.percentage / 100), precision)
          : round(gross, precision);
      const vat = round((net * rate.percentage) / 100, precision);
      priced.push({
        name,
        quantity: 1,
        price: net,
        taxName: rate.name,
        taxPercentage: rate.percentage,
        isDiscount: true,
        isService: false,
        net,
        vat,
        total: round(net + vat, precision),
      });
      sinceDiscount.length = 0;
      continue;
    }

    const code = toText(raw.code).trim();
    if (company.usesProductCodes && !code) return texts.productCodeRequired(name);
    const unit = toText(raw.measuringUnitName);
    if (!unit) return texts.unitRequired;
    let tax: { name?: string; percentage: number } = { percentage: 0 };
    if (company.vatPayer) {
      if (raw.taxPercentage == null && raw.taxName == null) return texts.taxRequired(name);
      const found = findTax(company, raw);
      if (!found) return texts.taxNotFound(name);
      tax = found;
    }
    const quantity = toNumber(raw.quantity) ?? 0;
    const price = toNumber(raw.price) ?? 0;
    const value = round(quantity * price, precision);
    let net: number;
    let vat: number;
    if (toBoolean(raw.isTaxIncluded) === true) {
      net = round(value / (1 + tax.percentage / 100), precision);
      vat = round(value - net, precision);
    } else {
      net = value;
      vat = round((net * tax.percentage) / 100, precision);
    }
    const pricedLine: EmulatorInvoiceLine = {
      name,
      ...(code ? { code } : {}),
      measuringUnitName: unit,
      quantity,
      price,
      taxName: tax.name,
      taxPercentage: tax.percentage,
      isDiscount: false,
      isService: toBoolean(raw.isService) === true,
      ...(raw.warehouseName == null ? {} : { warehouseName: toText(raw.warehouseName) }),
      net,
      vat,
      total: round(net + vat, precision),
    };
    priced.push(pricedLine);
    sinceDiscount.push(pricedLine);
  }
  return priced;
}

/**
 * The company's tax for a line: by name (and percentage, when given), else by percentage; 0%
 * alone is Taxare inversa.
 */
export function findTax(company: EmulatorCompany, raw: Record<string, unknown>) {
  const name = raw.taxName == null ? "" : toText(raw.taxName);
  const percentage = toNumber(raw.taxPercentage);
  if (name) {
    return company.taxes.find(
      (tax) => tax.name === name && (percentage === undefined || tax.percentage === percentage),
    );
  }
  if (percentage === undefined) return undefined;
  if (percentage === 0) {
    const zero = company.taxes.filter((tax) => tax.percentage === 0);
    return zero.find((tax) => tax.name === "Taxare inversa") ?? zero[0];
  }
  return company.taxes.find((tax) => tax.percentage === percentage);
}

interface Discharge {
  warehouseName: string;
  item: EmulatorStockItem;
  quantity: number;
  name: string;
}

/** What each product line takes from its warehouse, or the first stock error. Services take nothing. */
function planDischarge(
  company: EmulatorCompany,
  lines: EmulatorInvoiceLine[],
  document: string,
  issueDate: string,
  isDraft: boolean,
): Discharge[] | string {
  if (!company.stockModuleActive) return texts.stockModuleInactive;
  const plan: Discharge[] = [];
  for (const line of lines) {
    if (line.isDiscount || line.isService) continue;
    if (!line.warehouseName) return texts.warehouseNotSet(line.name);
    const warehouse = company.warehouses.find((w) => w.name === line.warehouseName);
    if (!warehouse) return texts.dischargeWarehouseNotFound(line.warehouseName, line.name);
    const item = company.usesProductCodes
      ? warehouse.products.find((p) => p.code === line.code)
      : warehouse.products.find((p) => p.name.toLowerCase() === line.name.toLowerCase());
    if (!item) return texts.noPurchase(line.name);
    if (line.measuringUnitName !== item.unit) return texts.noConversion(line.measuringUnitName ?? "", line.name);
    const already = sum(plan.filter((d) => d.item === item).map((d) => d.quantity));
    if (!isDraft && round(already + line.quantity, 4) > item.quantity) {
      return texts.insufficientStock(document, toRomanianDate(issueDate), line.name, warehouse.name);
    }
    plan.push({ warehouseName: warehouse.name, item, quantity: line.quantity, name: line.name });
  }
  return isDraft ? [] : plan; // a draft moves no stock
}

export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function toRomanianDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

/** Half away from zero, without binary surprises (1.005 → 1.01). */
export function round(value: number, digits: number): number {
  const sign = value < 0 ? -1 : 1;
  const shifted = Number((Math.abs(value) * 10 ** digits).toPrecision(15));
  return (sign * Math.round(shifted)) / 10 ** digits || 0;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
