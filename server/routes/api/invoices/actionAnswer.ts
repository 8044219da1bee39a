/** The answer of a change to a sent invoice: what was done, in a sentence, and the invoice as it is now. */
import type { Kysely } from "kysely";
import type { Invoice } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { notFoundIn } from "./documentKinds";
import type { IssuedInvoice } from "./afterSend";
import { getInvoice } from "./invoices.repository";

export async function invoiceActionAnswer(
  db: Kysely<Database>,
  invoice: Pick<IssuedInvoice, "id" | "tenantId" | "documentType">,
  message: string,
): Promise<{ message: string; invoice: Invoice }> {
  const now = await getInvoice(db, invoice, invoice.id);
  if (!now) throw notFoundIn(invoice);
  return { message, invoice: now };
}

/** How the messages name an invoice: its series and number, as SmartBill issued it. */
export const invoiceName = (invoice: Pick<IssuedInvoice, "ref">) => `${invoice.ref.seriesName} ${invoice.ref.number}`;
