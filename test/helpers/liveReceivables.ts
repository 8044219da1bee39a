/**
 * A company with money in view, made through the live server's API as a clerk would (client tests
 * against test/helpers/liveServer.ts): two customers and four invoices sent to the emulator, all
 * in RON, each of 100 RON a unit plus 21% VAT, dated from Romania's today so that the same figures
 * hold whenever the suite runs:
 * - `current`: 1 unit issued today, due in 30 days: 121,00 unpaid, not yet due (first customer);
 * - `paid`: 1 unit issued today, paid in full today: 121,00 received this month;
 * - `lastMonth`: 5 units issued on the 1st of last month, due in 365 days: 605,00 unpaid, not yet due;
 * - `overdue`: 2 units issued 75 days ago, due in 30 days: 242,00 unpaid, 45 days overdue (bucket
 *   31-60), the second customer's; 75 days back is never last month, so last month is `lastMonth` alone.
 */
import { expect } from "vitest";
import type { Customer, InvoiceImportResult, InvoiceSendResult } from "../../contract/api";
import { dataProvider } from "../../src/providers/dataProvider";
import { httpClient } from "../../src/providers/httpClient";
import { customerFields } from "./customerFields";
import { xlsxOf } from "./excelFiles";

const ROMANIA_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest", year: "numeric", month: "2-digit", day: "2-digit" });

/** Romania's date today, yyyy-mm-dd (the server's "today"). */
export const romaniaToday = (): string => ROMANIA_DAY.format(new Date());

/** `day` (yyyy-mm-dd) moved by `days`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month before `day`'s. */
export function firstOfLastMonth(day: string): string {
  const [year, month] = day.split("-").map(Number);
  const index = year * 12 + month - 2;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

async function addCustomer(clientName: string, cif: string, codClient: string): Promise<Customer> {
  const { data } = await dataProvider.create("customers", {
    data: customerFields({ clientName, cif, codClient, email: "office@client.ro" }),
  });
  return data as Customer;
}

/** An invoice of `units` × 100 RON + 21% VAT, imported and sent to SmartBill; answers its id. */
export async function sendLiveInvoice(clientId: number, issueDate: string, dueDays: number, units: number): Promise<number> {
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId, issueDate, dueDays, useStock: false, draft: false }));
  const workbook = await xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"], ["Serviciu consultanță", "SRV1", units, 100, 21]]);
  form.append("file", new File([new Uint8Array(workbook)], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(json.error, JSON.stringify(json)).toBe(false);
  const id = json.importRequestId!;
  const { json: sent } = await httpClient<InvoiceSendResult>(`/api/smartbill/invoice/send/${id}`, { method: "POST" });
  expect(sent.invoice.status).toBe("sent");
  return id;
}

export interface MoneyInView {
  today: string;
  first: Customer;
  second: Customer;
  invoices: { current: number; paid: number; lastMonth: number; overdue: number };
}

/** Makes the company described above; the caller is signed in as the invoicing user. */
export async function makeMoneyInView(): Promise<MoneyInView> {
  const today = romaniaToday();
  const first = await addCustomer("Alfa Consult SRL", "RO18547290", "ALFA");
  const second = await addCustomer("Beta Distribuție SRL", "RO14399840", "BETA");
  const current = await sendLiveInvoice(first.id, today, 30, 1);
  const paid = await sendLiveInvoice(first.id, today, 30, 1);
  const lastMonth = await sendLiveInvoice(first.id, firstOfLastMonth(today), 365, 5);
  const overdue = await sendLiveInvoice(second.id, addDays(today, -75), 30, 2);
  await httpClient(`/api/smartbill/invoice/${paid}/payments`, {
    method: "POST",
    body: JSON.stringify({ requestId: crypto.randomUUID(), amount: 121, date: today, type: "Ordin plata" }),
  });
  return { today, first, second, invoices: { current, paid, lastMonth, overdue } };
}
