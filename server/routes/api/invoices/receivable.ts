/**
 * What is still to be collected on a document, stored on it (invoices.sentTotal, dueDate, unpaid;
 * migration 0023) so the home and the receivables list read indexes, not every invoice's lines.
 * ONE function keeps it, called inside the transaction of every write that can change it: the
 * send, the storno (both rows), cancel and restore, the deletion from SmartBill, every payment
 * status stored (a payment, its deletion, a read, the periodic refresh) and the demo seed.
 *
 * The rule, as SmartBill counts: nothing is owed on a proforma, on a document not issued, on a
 * cancelled or deleted one, on an invoice reversed in full ("stornata in totalitate") nor on the
 * storno itself. Otherwise SmartBill's own payment status when it was read, else the total less
 * the payments recorded through us.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database";
import { dueDateOf } from "./invoiceDates";
import { invoiceTotal } from "./invoices.repository";

const toCents = (amount: number) => Math.round(amount * 100) / 100;

/** Writes the invoice's sentTotal and dueDate once it is issued (when not yet written), and its unpaid amount. */
export async function recountReceivable(db: Kysely<Database>, invoiceId: number): Promise<void> {
  const row = await db
    .selectFrom("invoices")
    .select([
      "documentType",
      "status",
      "sentNumber",
      "issueDate",
      "dueDays",
      "sentTotal",
      "dueDate",
      "cancelledAt",
      "deletedAt",
      "reversedById",
      "reversalOfId",
      "paymentTotal",
      "paymentPaid",
      "paymentCheckedAt",
      "unpaid",
    ])
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  if (!row) return;
  // A SmartBill draft is sent without a number: not an invoice yet, so no total is owed.
  const issued = row.status === "sent" && row.sentNumber !== null;
  let sentTotal = row.sentTotal === null ? null : Number(row.sentTotal);
  let dueDate = row.dueDate;
  if (issued && sentTotal === null) {
    // The lines are frozen once issued: the total the list shows, summed in SQL the same way.
    const { total } = await db.selectFrom("invoices").select(invoiceTotal).where("id", "=", invoiceId).executeTakeFirstOrThrow();
    sentTotal = total === null ? null : toCents(Number(total));
    dueDate = dueDateOf(row.issueDate, row.dueDays) ?? null;
  }
  const unpaid = issued ? await owed(db, invoiceId, row, sentTotal) : 0;
  if (sentTotal === row.sentTotal && dueDate === row.dueDate && unpaid === Number(row.unpaid)) return;
  await db.updateTable("invoices").set({ sentTotal, dueDate, unpaid }).where("id", "=", invoiceId).execute();
}

async function owed(
  db: Kysely<Database>,
  invoiceId: number,
  row: {
    documentType: string;
    cancelledAt: string | null;
    deletedAt: string | null;
    reversedById: number | null;
    reversalOfId: number | null;
    paymentTotal: number | null;
    paymentPaid: number | null;
    paymentCheckedAt: string | null;
  },
  sentTotal: number | null,
): Promise<number> {
  if (row.documentType !== "invoice") return 0;
  if (row.cancelledAt !== null || row.deletedAt !== null || row.reversedById !== null || row.reversalOfId !== null) return 0;
  if (row.paymentCheckedAt !== null && row.paymentTotal !== null && row.paymentPaid !== null) {
    return Math.max(0, toCents(Number(row.paymentTotal) - Number(row.paymentPaid)));
  }
  if (sentTotal === null) return 0;
  const { recorded } = await db
    .selectFrom("invoice_payments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("amount"), eb.val(0)).as("recorded"))
    .where("invoiceId", "=", invoiceId)
    .where("status", "=", "recorded")
    .executeTakeFirstOrThrow();
  return Math.max(0, toCents(sentTotal - Number(recorded)));
}
