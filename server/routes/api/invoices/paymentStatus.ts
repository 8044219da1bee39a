/**
 * SmartBill's payment status of an invoice as we keep it (invoices.paymentTotal, paymentPaid,
 * paymentCheckedAt): written after a payment, its deletion, a read on demand, and the periodic
 * refresh (tasks/kinds/paymentStatusRefresh.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { recountReceivable } from "./receivable";

/** Cents, to compare SmartBill's amounts without floating-point noise. */
export const cents = (amount: number) => Math.round(amount * 100);

export async function storePaymentStatus(
  db: Kysely<Database>,
  invoiceId: number,
  status: { total: number; paid: number },
  at: number = Date.now(),
): Promise<void> {
  await db
    .updateTable("invoices")
    .set({ paymentTotal: status.total, paymentPaid: status.paid, paymentCheckedAt: timestamp(at) })
    .where("id", "=", invoiceId)
    .execute();
  await recountReceivable(db, invoiceId);
}
