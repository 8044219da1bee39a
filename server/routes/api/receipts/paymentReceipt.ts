/**
 * A receipt issued with a cash payment of an invoice (invoicePayments.ts) is a receipt like any
 * other: a row of the receipts written in the payment's own transaction, so the list, the screen
 * and the deletion know one kind of row, and a payment and its receipt are recorded together or
 * not at all. Its requestId is the payment's, prefixed, so it never meets a form's.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";

/** Writes the receipt of a recorded payment, when SmartBill gave it a number; once per payment. */
export async function recordPaymentReceipt(trx: Kysely<Database>, paymentId: number): Promise<void> {
  const payment = await trx
    .selectFrom("invoice_payments")
    .innerJoin("invoices", "invoices.id", "invoice_payments.invoiceId")
    .select([
      "invoice_payments.id",
      "invoice_payments.amount",
      "invoice_payments.date",
      "invoice_payments.clientName",
      "invoice_payments.clientCif",
      "invoice_payments.receiptSeries",
      "invoice_payments.receiptNumber",
      "invoice_payments.startedAt",
      "invoice_payments.userId",
      "invoice_payments.userEmail",
      "invoices.id as invoiceId",
      "invoices.tenantId",
      "invoices.clientId",
      "invoices.currency",
    ])
    .where("invoice_payments.id", "=", paymentId)
    .executeTakeFirst();
  if (!payment?.receiptNumber) return;
  const now = timestamp();
  await trx
    .insertInto("receipts")
    .values({
      tenantId: payment.tenantId,
      requestId: `payment:${payment.id}`,
      kind: "Chitanta",
      status: "issued",
      inFlight: null,
      clientId: payment.clientId,
      clientName: payment.clientName,
      clientCif: payment.clientCif,
      amount: Number(payment.amount),
      currency: payment.currency,
      date: payment.date,
      text: "",
      lines: null,
      seriesName: payment.receiptSeries ?? "",
      seriesNextNumber: null,
      number: payment.receiptNumber,
      smartBillId: null,
      message: null,
      invoiceId: payment.invoiceId,
      paymentId: payment.id,
      startedAt: payment.startedAt,
      unclearAt: null,
      userId: payment.userId,
      userEmail: payment.userEmail,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column("paymentId").doNothing())
    .execute();
}
