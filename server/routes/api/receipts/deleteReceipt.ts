/**
 * Deleting a receipt from SmartBill (DELETE /api/smartbill/receipt/{id}): SmartBill's DELETE
 * /payment/chitanta, which takes only the last receipt of its series (otherwise its 403, shown
 * with our sentence; the row is kept). The row stays as `deleted`, for the history. A receipt of
 * an invoice's cash payment takes the payment with it in SmartBill, so the payment is marked
 * deleted too and the invoice's history says so, in the same transaction.
 *
 * A lost answer is checked against the series: its next number fell back to this receipt's →
 * deleted. A fiscal receipt cannot be deleted through SmartBill's API at all.
 */
import type { FastifyRequest } from "fastify";
import type { Kysely, Selectable } from "kysely";
import type { Database, ReceiptsTable } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import { receiptDeleteRefused, receiptMessages } from "../../../messages";
import type { SmartBillClient } from "../../../smartbill/client";
import { type ReceiptRef, SmartBillError } from "../../../smartbill/types";
import { recordInvoiceEvent } from "../invoices/invoiceHistory";
import { definitelyNotIssued } from "../invoices/sendInvoice";
import { smartBillAnswer } from "./issueReceipt";
import { recountReceivable } from "../invoices/receivable";

export async function deleteReceipt(
  context: { db: Kysely<Database>; request: FastifyRequest; client: () => Promise<SmartBillClient> },
  id: number,
): Promise<string> {
  const { db, request } = context;
  const row = await db.selectFrom("receipts").selectAll().where("tenantId", "=", request.tenantId).where("id", "=", id).executeTakeFirst();
  if (!row) throw new HttpError(404, receiptMessages.notFound);
  if (row.kind === "Bon") throw new HttpError(409, receiptMessages.deleteFiscal);
  if (row.status !== "issued" || !row.number) throw new HttpError(409, receiptMessages.notIssued);
  const client = await context.client().catch((error) => Promise.reject(smartBillAnswer(error)));
  const message = await deleteReceiptInSmartBill(client, { seriesName: row.seriesName, number: row.number }).catch((error) =>
    Promise.reject(smartBillAnswer(error)),
  );
  await db.transaction().execute(async (trx) => {
    await markReceiptDeleted(trx, row);
    if (row.paymentId !== null && row.invoiceId !== null) {
      await recordInvoiceEvent(trx, {
        invoiceId: row.invoiceId,
        action: "paymentDelete",
        outcome: "ok",
        user: { id: request.user.id, email: request.user.email },
        answer: message || null,
        detail: { amount: Number(row.amount), type: row.kind, date: row.date, receipt: `${row.seriesName} ${row.number}` },
      });
    }
    await request.audit(trx, { target: row.id, targetLabel: `${row.seriesName} ${row.number}`, result: message || null });
  });
  return message || receiptMessages.deleted;
}

/**
 * Asks SmartBill to delete a receipt (DELETE /payment/chitanta): its answer, or ours when a lost
 * answer is confirmed by the series (its next number fell back to this receipt's). SmartBill's 403
 * (not the last of its series) is its refusal with our sentence before its words; its other
 * failures are thrown as they came, for the caller to answer.
 */
export async function deleteReceiptInSmartBill(client: SmartBillClient, ref: ReceiptRef): Promise<string> {
  try {
    return await client.deleteReceipt(ref);
  } catch (error) {
    if (!(error instanceof SmartBillError)) throw error;
    // SmartBill's 403: not the last of its series. Its words, after ours; its other refusals as they are.
    if (error.kind === "provider" && error.status === 403) {
      throw new SmartBillError("provider", receiptDeleteRefused(error.message), { status: 403, cause: error });
    }
    if (error.kind === "provider") throw error;
    if (definitelyNotIssued(error)) throw error;
    const series = await client.getSeries("c").catch(() => undefined);
    const back = series?.find((s) => s.name === ref.seriesName)?.nextNumber === Number(ref.number);
    if (!back) throw error;
    return receiptMessages.deleted;
  }
}

/** The receipt deleted here, with its invoice payment when it has one: SmartBill deleted both together. */
export async function markReceiptDeleted(trx: Kysely<Database>, row: Pick<Selectable<ReceiptsTable>, "id" | "paymentId">): Promise<void> {
  await trx.updateTable("receipts").set({ status: "deleted", updatedAt: timestamp() }).where("id", "=", row.id).execute();
  if (row.paymentId !== null) {
    const payment = await trx
      .updateTable("invoice_payments")
      .set({ status: "deleted", deletedAt: timestamp() })
      .where("id", "=", row.paymentId)
      .returning("invoiceId")
      .executeTakeFirst();
    // The payment no longer counts against what is owed on its invoice.
    if (payment) await recountReceivable(trx, payment.invoiceId);
  }
}
