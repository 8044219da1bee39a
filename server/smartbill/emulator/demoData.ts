/**
 * The emulator's default data, from the demo company's description (server/demo/demoCompany.ts):
 * the demo account and company, with two warehouses that hold stock, so a stock import has
 * something to bring in.
 *
 * `demoCompanies()` is that company as new, with no invoice (the emulator on its own, and tests
 * that count from SBL 0001). `demoHistory()` is the same company after the demo's invoices were
 * issued and paid through this emulator's own POST /invoice and POST /payment logic: what the app
 * mounts in demo mode, beside a database the demo seed wrote from the same history.
 */
import {
  DEMO_COMPANY_NAME,
  DEMO_INVOICES,
  DEMO_SMARTBILL_ACCOUNT,
  DEMO_STOCK,
  DEMO_WAREHOUSES,
  type DemoInvoice,
  demoMoment,
} from "../../demo/demoCompany";
import { demoInvoiceBody } from "../../demo/demoInvoices";
import { issueInvoice, round } from "./invoices";
import { completeCompany, type EmulatorAccount, type EmulatorCompany, type EmulatorCompanySeed, TAXES_2026 } from "./model";
import { addPayment, paymentStatus } from "./payments";

export const DEMO_SMARTBILL_USERNAME = DEMO_SMARTBILL_ACCOUNT.username;
export const DEMO_SMARTBILL_TOKEN = DEMO_SMARTBILL_ACCOUNT.token;
export const DEMO_SMARTBILL_CIF = DEMO_SMARTBILL_ACCOUNT.cif;
export { DEMO_SMARTBILL_ACCOUNT, DEMO_WAREHOUSES };

export function demoAccounts(): EmulatorAccount[] {
  return [{ username: DEMO_SMARTBILL_USERNAME, token: DEMO_SMARTBILL_TOKEN, cifs: [DEMO_SMARTBILL_CIF] }];
}

export function demoCompanies(): EmulatorCompanySeed[] {
  return [
    {
      cif: DEMO_SMARTBILL_CIF,
      name: DEMO_COMPANY_NAME,
      vatPayer: true,
      usesProductCodes: true,
      stockModuleActive: true,
      // The demo sends e-mail: it lands in the emulator's outbox.
      emailServerConfigured: true,
      taxes: TAXES_2026.map((tax) => ({ ...tax })),
      series: [
        { name: "SBL", type: "f", nextNumber: 1 },
        { name: "SBL-PF", type: "p", nextNumber: 1 },
        // Receipts ('chitante') for cash payments (SPEC26's series example has CH, type c).
        { name: "CH", type: "c", nextNumber: 1 },
      ],
      measuringUnits: ["buc", "kg", "ore"],
      warehouses: DEMO_STOCK.map((warehouse) => ({
        name: warehouse.name,
        type: warehouse.type,
        products: warehouse.products.map((item) => ({ ...item })),
      })),
    },
  ];
}

/** A demo invoice as SmartBill issued it. */
export interface IssuedDemoInvoice {
  demo: DemoInvoice;
  series: string;
  /** As SmartBill prints it: "0001". */
  number: string;
  total: number;
  /** Each payment with the amount SmartBill put on the invoice. */
  payments: { date: string; type: string; amount: number }[];
  paid: number;
}

export interface DemoHistory {
  /** The company after the demo's sent invoices and their payments. */
  company: EmulatorCompany;
  sent: IssuedDemoInvoice[];
}

/**
 * The demo company after its sent invoices were issued (SBL 0001, 0002, … in the order of
 * DEMO_INVOICES) and paid. Throws when SmartBill's logic refuses one: the description is wrong.
 */
export function demoHistory(): DemoHistory {
  const [seed] = demoCompanies();
  const company = completeCompany(seed);
  const sent: IssuedDemoInvoice[] = [];
  for (const demo of DEMO_INVOICES.filter((invoice) => invoice.state === "sent")) {
    const issueDate = demo.issueDate!;
    const body = { ...demoInvoiceBody(demo, issueDate), companyVatCode: company.cif };
    const outcome = issueInvoice(company, body as unknown as Record<string, unknown>, {
      now: demoMoment(issueDate),
      unknownLanguage: "accept",
      origin: "",
    });
    if (!outcome.ok) throw new Error(`the demo invoice of ${demo.client} was refused: ${outcome.errorText}`);
    const { invoice } = outcome;
    const payments: IssuedDemoInvoice["payments"] = [];
    for (const payment of demo.payments ?? []) {
      const unpaid = paymentStatus(invoice).unpaidAmount;
      const value = payment.amount === "rest" ? unpaid : round(payment.amount, invoice.precision);
      const paid = addPayment(
        company,
        {
          type: payment.type,
          issueDate: payment.date,
          value,
          isCash: false,
          currency: invoice.currency,
          client: { name: invoice.client.name, vatCode: invoice.client.vatCode },
          invoicesList: [{ seriesName: invoice.series, number: invoice.number }],
        },
        demoMoment(payment.date),
      );
      if (!paid.ok) throw new Error(`a payment of the demo invoice ${invoice.series}${invoice.number} was refused: ${paid.errorText}`);
      payments.push({ date: payment.date, type: paid.payment.type, amount: value });
    }
    sent.push({ demo, series: invoice.series, number: invoice.number, total: invoice.total, payments, paid: invoice.paid });
  }
  return { company, sent };
}

/** SmartBill's refusal of a demo invoice sent on `issueDate` by the company as it stands (which it leaves as it was). */
export function demoRefusal(company: EmulatorCompany, demo: DemoInvoice, issueDate: string): string {
  const copy = structuredClone(company);
  const body = { ...demoInvoiceBody(demo, issueDate), companyVatCode: copy.cif };
  const outcome = issueInvoice(copy, body as unknown as Record<string, unknown>, {
    now: demoMoment(issueDate),
    unknownLanguage: "accept",
    origin: "",
  });
  if (outcome.ok) throw new Error(`the demo invoice of ${demo.client} meant to be refused was issued`);
  return outcome.errorText;
}
