/**
 * A demo invoice (demoCompany.ts) as each side holds it: the app's invoice form and lines, and the
 * body a send of them makes for SmartBill (the app's own smartBillInvoiceBody), which the emulator
 * issues at start-up. One function each, so the two cannot tell different stories.
 */
import type { InvoiceForm, InvoiceLineInput } from "../../contract/api";
import { INVOICE_DEFAULTS } from "../../contract/constants";
import { dueDateOf } from "../routes/api/invoices/invoiceDates";
import { smartBillInvoiceBody } from "../routes/api/invoices/smartBillInvoiceBody";
import { TAXES_2026 } from "../smartbill/emulator/model";
import type { InvoiceRequest } from "../smartbill/types";
import { DEMO_INVOICE_WAREHOUSE, type DemoInvoice, demoCustomer, demoProduct } from "./demoCompany";

/** The percentage of a tax of SmartBill's 2026 list, by its name. */
export function demoTaxPercentage(taxName: string): number {
  const tax = TAXES_2026.find((one) => one.name === taxName);
  if (!tax) throw new Error(`SmartBill's 2026 tax list has no tax ${taxName}`);
  return tax.percentage;
}

/** The invoice's lines as the app stores them: the catalogue's name, unit, price and tax. */
export function demoInvoiceLines(invoice: DemoInvoice): InvoiceLineInput[] {
  return invoice.lines.map(({ code, quantity }) => {
    const product = demoProduct(code);
    return {
      name: product.name,
      code: product.code,
      quantity,
      price: product.price,
      measuringUnitName: product.unit,
      currency: INVOICE_DEFAULTS.currency,
      taxName: product.taxName,
      taxPercentage: demoTaxPercentage(product.taxName),
      saveToDb: false,
      service: product.isService,
      // A service takes nothing from a warehouse.
      warehouseName: product.isService ? "" : DEMO_INVOICE_WAREHOUSE,
    };
  });
}

/** The invoice's form, but for the ids of its client and warehouse (the seed knows them). */
export function demoInvoiceForm(invoice: DemoInvoice, issueDate: string): Omit<InvoiceForm, "clientId" | "warehouseId"> {
  return {
    issueDate,
    dueDays: INVOICE_DEFAULTS.dueDays,
    useStock: invoice.useStock ?? true,
    mentions: invoice.mentions ?? "",
    observations: "",
    // Fiscal invoices: the demo issues no SmartBill drafts.
    draft: false,
    saveToDb: false,
    seriesName: INVOICE_DEFAULTS.seriesName,
    currency: INVOICE_DEFAULTS.currency,
    language: INVOICE_DEFAULTS.language,
    precision: INVOICE_DEFAULTS.precision,
  };
}

/** What sending the invoice asks of SmartBill (POST /invoice), as the app's send builds it. */
export function demoInvoiceBody(invoice: DemoInvoice, issueDate: string): InvoiceRequest {
  const form = demoInvoiceForm(invoice, issueDate);
  const lines = demoInvoiceLines(invoice).map((line, index) => ({ ...line, id: index + 1, invoiceId: 0 }));
  return smartBillInvoiceBody({
    // A demo invoice is dated a fixed day of 2026 or today: its due date always exists.
    invoice: { ...form, dueDate: dueDateOf(issueDate, form.dueDays)! },
    client: demoCustomer(invoice.client),
    lines,
    defaultWarehouseName: DEMO_INVOICE_WAREHOUSE,
  });
}
