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
 *
 * It also keeps the monthly sums of what was invoiced and received (receivable_months, migration
 * 0026) by moving them by what this invoice's and its payments' contributions changed.
 */
import { type Kysely, sql } from "kysely";
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
      "tenantId",
      "currency",
      "countedTotal",
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
  // Lines in another currency than the invoice's have no one sum here; SmartBill's own total of
  // the invoice, once its payment status is read, is the amount the invoice counts for.
  if (issued && sentTotal === null && row.paymentCheckedAt !== null && row.paymentTotal !== null) sentTotal = toCents(Number(row.paymentTotal));
  const unpaid = issued ? await owed(db, invoiceId, row, sentTotal) : 0;
  await recountMonths(db, invoiceId, row, sentTotal);
  if (sentTotal === row.sentTotal && dueDate === row.dueDate && unpaid === Number(row.unpaid)) return;
  await db.updateTable("invoices").set({ sentTotal, dueDate, unpaid }).where("id", "=", invoiceId).execute();
}

/**
 * Moves the invoice's and its payments' contributions to receivable_months (migration 0026) by
 * what changed. Each stored contribution is replaced by a compare-and-set: when another
 * transaction moved it first (two processes on one PostgreSQL), the update changes no row and
 * its delta is not added again; the cell is then moved by an upsert that adds, never overwrites.
 */
async function recountMonths(
  db: Kysely<Database>,
  invoiceId: number,
  row: {
    tenantId: number;
    currency: string;
    issueDate: string;
    documentType: string;
    status: string;
    cancelledAt: string | null;
    deletedAt: string | null;
    countedTotal: number;
  },
  sentTotal: number | null,
): Promise<void> {
  // Counted as invoiced (countedAsInvoiced.ts): an issued invoice, neither cancelled nor deleted.
  const counted =
    row.documentType === "invoice" && row.status === "sent" && row.cancelledAt === null && row.deletedAt === null && sentTotal !== null ? sentTotal : 0;
  const stored = Number(row.countedTotal);
  if (counted !== stored) {
    const moved = await db
      .updateTable("invoices")
      .set({ countedTotal: counted })
      .where("id", "=", invoiceId)
      .where("countedTotal", "=", stored)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0) await addToMonth(db, row.tenantId, row.currency, row.issueDate, { invoiced: counted - stored, received: 0 });
  }
  const payments = await db
    .selectFrom("invoice_payments")
    .select(["id", "amount", "status", "date", "countedAmount", "tenantId", "currency"])
    .where("invoiceId", "=", invoiceId)
    .execute();
  for (const payment of payments) {
    const amount = payment.status === "recorded" ? Number(payment.amount) : 0;
    const before = Number(payment.countedAmount);
    if (amount === before) continue;
    const moved = await db
      .updateTable("invoice_payments")
      .set({ countedAmount: amount })
      .where("id", "=", payment.id)
      .where("countedAmount", "=", before)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0) {
      await addToMonth(db, payment.tenantId ?? row.tenantId, payment.currency ?? row.currency, payment.date, { invoiced: 0, received: amount - before });
    }
  }
}

/** Adds to the month's cell of `day` (yyyy-mm-dd), creating it at these amounts when it is not there yet. */
async function addToMonth(db: Kysely<Database>, tenantId: number, currency: string, day: string, delta: { invoiced: number; received: number }) {
  await db
    .insertInto("receivable_months")
    .values({ tenantId, currency, month: day.slice(0, 7), ...delta })
    .onConflict((oc) =>
      oc.columns(["tenantId", "currency", "month"]).doUpdateSet({
        invoiced: sql<number>`${sql.ref("receivable_months.invoiced")} + ${sql.ref("excluded.invoiced")}`,
        received: sql<number>`${sql.ref("receivable_months.received")} + ${sql.ref("excluded.received")}`,
      }),
    )
    .execute();
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
