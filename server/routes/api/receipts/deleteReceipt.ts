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
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import { receiptDeleteRefused, receiptMessages } from "../../../messages";
import type { SmartBillClient } from "../../../smartbill/client";
import { SmartBillError } from "../../../smartbill/types";
import { recordInvoiceEvent } from "../invoices/invoiceHistory";
import { definitelyNotIssued } from "../invoices/sendInvoice";
import { smartBillAnswer } from "./issueReceipt";

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
  const ref = { seriesName: row.seriesName, number: row.number };
  let message: string;
  try {
    message = await client.deleteReceipt(ref);
  } catch (error) {
    if (!(error instanceof SmartBillError)) throw error;
    // SmartBill's 403: not the last of its series. Its words, after ours.
    if (error.kind === "provider") throw new HttpError(409, receiptDeleteRefused(error.message));
    if (definitelyNotIssued(error)) throw smartBillAnswer(error);
    const series = await client.getSeries("c").catch(() => undefined);
    const back = series?.find((s) => s.name === row.seriesName)?.nextNumber === Number(row.number);
    if (!back) throw smartBillAnswer(error);
    message = receiptMessages.deleted;
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("receipts").set({ status: "deleted", updatedAt: timestamp() }).where("id", "=", row.id).execute();
    if (row.paymentId !== null && row.invoiceId !== null) {
      await trx.updateTable("invoice_payments").set({ status: "deleted", deletedAt: timestamp() }).where("id", "=", row.paymentId).execute();
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
