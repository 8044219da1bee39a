/**
 * Recording a payment of an issued invoice in SmartBill EXACTLY ONCE (POST /{id}/payments), and
 * deleting one (DELETE /{id}/payments/{paymentId}).
 *
 * SmartBill's POST /payment has no idempotency key and no way to read a payment back; what it
 * does tell is the invoice's paid amount (GET /invoice/paymentstatus). So:
 *
 * 1. Claim the invoice (invoiceClaim.ts): one action at a time; a second tab gets 409 busy.
 * 2. Settle an earlier payment whose answer was lost (status unclear, or pending under a claim
 *    that went stale): SmartBill's paid amount now, against the one read just before it was
 *    asked. Up by its amount → it was made: recorded (once). Not up, but lost less than the
 *    SmartBill time-out ago → 409, try again shortly (SmartBill may still be registering it).
 *    Otherwise it was not made and is forgotten. When the earlier one was made and this request
 *    is another (a new dialog), nothing more is sent: the clerk sees it and decides (409).
 * 3. Refuse more than SmartBill says is left to pay (400, before anything is asked). Record the
 *    attempt (a row unique per invoice and request id, SmartBill's paid amount read just before),
 *    then POST /payment once, never retried.
 * 4. SmartBill's answer → recorded; its refusal → the row goes, 409 in its words; a call that
 *    cannot have reached it → the row goes; a lost answer → the paid amount is read again: up by
 *    the amount → recorded; otherwise the row is `unclear` and the next attempt starts at 2.
 *
 * The check assumes nobody records a payment of this invoice directly in SmartBill during the
 * seconds of a lost answer; SmartBill offers nothing better.
 */
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database, InvoicePaymentsTable } from "../../../db/database";
import type { Selectable } from "kysely";
import { timestamp, timestampMs } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import {
  earlierPaymentConfirmed,
  paymentAlreadyRecorded,
  paymentConfirmedFromStatus,
  paymentMessages,
  paymentMoreThanUnpaid,
  paymentOutcomeUnknown,
  paymentRecheckTooSoon,
  paymentRecorded,
  paymentReceiptMessages,
  smartBillClientMessages,
} from "../../../messages";
import { type SmartBillClient, smartBillTimeoutMs } from "../../../smartbill/client";
import { type PaymentStatus, SmartBillError } from "../../../smartbill/types";
import type { AfterSendOutcome, IssuedInvoice } from "./afterSend";
import { claimInvoiceAction, releaseInvoiceAction } from "./invoiceClaim";
import { recordInvoiceEvent } from "./invoiceHistory";
import type { DocumentScope } from "./documentKinds";
import { findInvoiceClient, inScope } from "./invoices.repository";
import type { PaymentInput } from "./paymentInput";
import { cents, storePaymentStatus } from "./paymentStatus";
import { recountReceivable } from "./receivable";
import { definitelyNotIssued } from "./sendInvoice";
import { recordPaymentReceipt } from "../receipts/paymentReceipt";
import { deleteReceiptInSmartBill, markReceiptDeleted } from "../receipts/deleteReceipt";
import { withoutAdvice } from "../../../smartbill/withoutAdvice";

type PaymentRow = Selectable<InvoicePaymentsTable>;

/** What a payment route answers, before the invoice is read again. */
export interface PaymentDone {
  message: string;
}

/** The payments recorded through us and not deleted, oldest first; undefined when the invoice is not the tenant's. */
export async function listInvoicePayments(db: Kysely<Database>, scope: DocumentScope, invoiceId: number) {
  const invoice = await inScope(db.selectFrom("invoices").select("id"), scope).where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return undefined;
  return db
    .selectFrom("invoice_payments")
    .leftJoin("receipts", "receipts.paymentId", "invoice_payments.id")
    .select([
      "invoice_payments.id",
      "invoice_payments.amount",
      "invoice_payments.date",
      "invoice_payments.type",
      "invoice_payments.createdAt",
      "invoice_payments.userEmail",
      "invoice_payments.receiptSeries",
      "invoice_payments.receiptNumber",
      "receipts.id as receiptId",
    ])
    .where("invoice_payments.invoiceId", "=", invoiceId)
    .where("invoice_payments.status", "=", "recorded")
    .orderBy("invoice_payments.id")
    .execute()
    .then((rows) =>
      rows.map(({ receiptSeries, receiptNumber, ...row }) => ({
        ...row,
        amount: Number(row.amount),
        receiptId: row.receiptId ?? null,
        receiptName: receiptNumber ? [receiptSeries, receiptNumber].filter(Boolean).join(" ") : null,
      })),
    );
}

/**
 * The same request already recorded (a double click answered meanwhile, a retry after the answer
 * arrived): answered without asking SmartBill, without a second history or audit row.
 */
export async function recordedPaymentMessage(
  db: Kysely<Database>,
  scope: DocumentScope,
  invoiceId: number,
  requestId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("invoice_payments")
    .innerJoin("invoices", "invoices.id", "invoice_payments.invoiceId")
    .select(["invoice_payments.amount", "invoice_payments.status", "invoices.currency"])
    .where("invoices.tenantId", "=", scope.tenantId)
    .where("invoices.documentType", "=", scope.documentType)
    .where("invoice_payments.invoiceId", "=", invoiceId)
    .where("invoice_payments.requestId", "=", requestId)
    .executeTakeFirst();
  if (!row || (row.status !== "recorded" && row.status !== "deleted")) return undefined;
  return paymentAlreadyRecorded(Number(row.amount), row.currency);
}

interface PaymentContext {
  db: Kysely<Database>;
  request: FastifyRequest;
  invoice: IssuedInvoice;
  client: SmartBillClient;
  now?: () => number;
}

export async function addInvoicePayment(context: PaymentContext, input: PaymentInput): Promise<AfterSendOutcome<PaymentDone>> {
  const { db, request, invoice, client } = context;
  const now = context.now ?? Date.now;
  const token = await claimInvoiceAction(db, invoice.id, now());
  let keepClaim = false;
  try {
    const { currency } = await db.selectFrom("invoices").select("currency").where("id", "=", invoice.id).executeTakeFirstOrThrow();
    const user = { id: request.user.id, email: request.user.email };

    // 2. An earlier payment whose answer was lost: made or not?
    let status: PaymentStatus | undefined;
    const lost = await db
      .selectFrom("invoice_payments")
      .selectAll()
      .where("invoiceId", "=", invoice.id)
      .where("status", "in", ["pending", "unclear"])
      .orderBy("id")
      .execute();
    for (const row of lost) {
      // A pending row is one whose action died (this action holds the claim): as lost as an unclear one.
      status ??= await client.paymentStatus(invoice.ref);
      if (madeSince(row, status)) {
        if (row.requestId === input.requestId) {
          keepClaim = true;
          return recorded(invoice.id, token, row, status.invoiceTotalAmount, status.paidAmount, paymentConfirmedFromStatus(Number(row.amount), currency));
        }
        // Another request: the earlier payment is recorded (its own history and audit row), and
        // this one stops here, so a retry from a new dialog does not pay twice.
        const earlier = recorded(invoice.id, token, row, status.invoiceTotalAmount, status.paidAmount, paymentConfirmedFromStatus(Number(row.amount), currency));
        await db.transaction().execute(async (trx) => {
          await earlier.write?.(trx);
          await recordInvoiceEvent(trx, { invoiceId: invoice.id, action: "payment", outcome: "ok", user: { id: row.userId, email: row.userEmail }, answer: earlier.result.message, detail: earlier.detail });
          await request.audit(trx, { target: invoice.id, targetLabel: `${invoice.ref.seriesName} ${invoice.ref.number}`, ...earlier.audit });
        });
        keepClaim = true;
        throw new HttpError(409, earlierPaymentConfirmed(Number(row.amount), currency));
      }
      const waitMs = timestampMs(row.unclearAt ?? row.startedAt) + smartBillTimeoutMs() - now();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(409, paymentRecheckTooSoon(seconds), undefined, { "retry-after": String(seconds) });
      }
      // Not made: forgotten (a retry with its request id asks again below).
      await db.deleteFrom("invoice_payments").where("id", "=", row.id).execute();
    }

    // 3. The attempt, recorded before SmartBill is asked.
    if (invoice.clientId === null) throw new HttpError(400, paymentMessages.clientGone);
    const customer = await findInvoiceClient(db, invoice.tenantId, invoice.clientId);
    if (!customer) throw new HttpError(400, paymentMessages.clientGone);
    status ??= await client.paymentStatus(invoice.ref);
    const before = status;
    // More than is left to pay is refused here, in words, rather than by SmartBill.
    const unpaidCents = cents(before.invoiceTotalAmount) - cents(before.paidAmount);
    if (cents(input.amount) > unpaidCents) {
      // What SmartBill just said is kept, so the screen shows the amount really left to pay.
      await storePaymentStatus(db, invoice.id, { total: before.invoiceTotalAmount, paid: before.paidAmount });
      const refusal = paymentMoreThanUnpaid(input.amount, Math.max(unpaidCents, 0) / 100, currency);
      throw new HttpError(400, refusal, { amount: refusal });
    }
    const inserted = await db
      .insertInto("invoice_payments")
      .values({
        invoiceId: invoice.id,
        // The invoice's tenant and currency, so what was received is counted by date from an index.
        tenantId: invoice.tenantId,
        currency,
        requestId: input.requestId,
        amount: input.amount,
        date: input.date,
        type: input.type,
        status: "pending",
        clientName: customer.clientName.trim(),
        clientCif: customer.cif.trim(),
        paidBefore: before.paidAmount,
        startedAt: token,
        unclearAt: null,
        receiptSeries: null,
        receiptNumber: null,
        userId: user.id,
        userEmail: user.email,
        createdAt: timestamp(now()),
        recordedAt: null,
        deletedAt: null,
      })
      .onConflict((oc) => oc.columns(["invoiceId", "requestId"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    // The same request recorded meanwhile (between the route's check and this claim).
    if (!inserted) throw new HttpError(409, paymentAlreadyRecorded(input.amount, currency));

    const receiptSeries = input.type === "Chitanta" ? (await client.getSeries("c"))[0]?.name : undefined;
    const forget = () => db.deleteFrom("invoice_payments").where("id", "=", inserted.id).execute();
    let answer;
    try {
      answer = await client.addPayment({
        type: input.type,
        issueDate: input.date,
        value: input.amount,
        client: { name: inserted.clientName, vatCode: inserted.clientCif },
        isCash: input.type === "Chitanta",
        ...(receiptSeries ? { seriesName: receiptSeries } : {}),
        currency,
        invoicesList: [invoice.ref],
      });
    } catch (error) {
      if (!(error instanceof SmartBillError)) throw error;
      if (error.kind === "provider" || definitelyNotIssued(error)) {
        await forget();
        throw error;
      }
      // 4. A lost answer: SmartBill's paid amount decides.
      const after = await client.paymentStatus(invoice.ref).catch(() => undefined);
      if (after && madeSince(inserted, after)) {
        keepClaim = true;
        return recorded(invoice.id, token, inserted, after.invoiceTotalAmount, after.paidAmount, paymentConfirmedFromStatus(input.amount, currency));
      }
      await db.updateTable("invoice_payments").set({ status: "unclear", unclearAt: timestamp(now()) }).where("id", "=", inserted.id).execute();
      const reason = withoutAdvice(error.message, smartBillClientMessages.mayHaveRecordedPayment);
      throw new HttpError(error.kind === "timeout" ? 504 : 502, paymentOutcomeUnknown(reason));
    }
    keepClaim = true;
    const receipt = answer.number ? { receiptSeries: answer.series || receiptSeries || null, receiptNumber: answer.number } : {};
    return recorded(
      invoice.id,
      token,
      { ...inserted, ...receipt },
      before.invoiceTotalAmount,
      before.paidAmount + input.amount,
      answer.message || paymentRecorded(input.amount, currency, input.type),
    );
  } finally {
    // Kept only by an outcome whose write releases it (with the change, in its transaction).
    if (!keepClaim) await releaseInvoiceAction(db, invoice.id, token);
  }
}

/** SmartBill's paid amount went up by the payment's amount since just before it was asked. */
function madeSince(row: Pick<PaymentRow, "paidBefore" | "amount">, status: PaymentStatus): boolean {
  if (row.paidBefore === null) return false;
  return cents(status.paidAmount) - cents(Number(row.paidBefore)) >= cents(Number(row.amount));
}

/** The payment recorded: the row, the invoice's payment status, the claim released, in one transaction. */
function recorded(
  invoiceId: number,
  token: string,
  row: Pick<PaymentRow, "id" | "amount" | "type" | "date" | "requestId"> & Partial<Pick<PaymentRow, "receiptSeries" | "receiptNumber">>,
  total: number,
  paid: number,
  message: string,
): AfterSendOutcome<PaymentDone> & { result: PaymentDone } {
  const amount = Number(row.amount);
  return {
    result: { message },
    answer: message,
    detail: { amount, type: row.type, date: row.date, requestId: row.requestId },
    audit: { result: `${amount.toFixed(2)} (${row.type})` },
    write: async (trx) => {
      await trx
        .updateTable("invoice_payments")
        .set({ status: "recorded", recordedAt: timestamp(), unclearAt: null, receiptSeries: row.receiptSeries ?? null, receiptNumber: row.receiptNumber ?? null })
        .where("id", "=", row.id)
        .execute();
      // A cash receipt is listed with the others ('Chitanțe'), written with the payment.
      if (row.receiptNumber) await recordPaymentReceipt(trx, row.id);
      await storePaymentStatus(trx, invoiceId, { total, paid: Math.round(paid * 100) / 100 });
      await releaseInvoiceAction(trx, invoiceId, token);
    },
  };
}

/**
 * Deletes a payment recorded through us from SmartBill (DELETE /payment/v2, by its date, value,
 * client and CIF; by the invoice when the client has no CIF). A lost answer is checked against
 * the paid amount before and after; SmartBill's refusal is answered in its words. A receipt
 * ('Chitanta') is refused by /payment/v2: it goes through the receipt's deletion instead.
 */
export async function deleteInvoicePayment(context: PaymentContext, paymentId: number): Promise<AfterSendOutcome<PaymentDone>> {
  const { db, invoice, client } = context;
  const now = context.now ?? Date.now;
  const token = await claimInvoiceAction(db, invoice.id, now());
  let keepClaim = false;
  try {
    const row = await db
      .selectFrom("invoice_payments")
      .selectAll()
      .where("invoiceId", "=", invoice.id)
      .where("id", "=", paymentId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, paymentMessages.notFound);
    if (row.status !== "recorded") throw new HttpError(409, paymentMessages.notRecorded);
    const amount = Number(row.amount);
    // A receipt ('Chitanta') goes only through SmartBill's receipt deletion, which takes its payment with it.
    if (row.type === "Chitanta") {
      const outcome = await deletePaymentReceipt(context, row, token);
      keepClaim = true;
      return outcome;
    }
    const before = await client.paymentStatus(invoice.ref);
    const type = row.type as Parameters<SmartBillClient["deletePayment"]>[0]["paymentType"];
    let message: string;
    try {
      message = await client.deletePayment(
        row.clientCif
          ? { paymentType: type, paymentDate: row.date, paymentValue: amount, clientName: row.clientName, clientCif: row.clientCif }
          : { paymentType: type, invoiceSeries: invoice.ref.seriesName, invoiceNumber: invoice.ref.number },
      );
    } catch (error) {
      if (!(error instanceof SmartBillError) || error.kind === "provider" || definitelyNotIssued(error)) throw error;
      const after = await client.paymentStatus(invoice.ref).catch(() => undefined);
      if (!after || cents(before.paidAmount) - cents(after.paidAmount) < cents(amount)) throw error;
      message = paymentMessages.deletedConfirmed;
    }
    const after = await client.paymentStatus(invoice.ref).catch(() => undefined);
    keepClaim = true;
    return {
      result: { message: message || paymentMessages.deleted },
      answer: message || null,
      detail: { amount, type: row.type, date: row.date },
      audit: { result: `${amount.toFixed(2)} (${row.type})` },
      write: async (trx) => {
        await trx.updateTable("invoice_payments").set({ status: "deleted", deletedAt: timestamp() }).where("id", "=", row.id).execute();
        const status = after ?? { invoiceTotalAmount: before.invoiceTotalAmount, paidAmount: before.paidAmount - amount };
        await storePaymentStatus(trx, invoice.id, { total: status.invoiceTotalAmount, paid: Math.round(status.paidAmount * 100) / 100 });
        await releaseInvoiceAction(trx, invoice.id, token);
      },
    };
  } finally {
    if (!keepClaim) await releaseInvoiceAction(db, invoice.id, token);
  }
}

/**
 * A cash payment's receipt deleted from SmartBill (DELETE /payment/chitanta, the last of its series
 * only), as the receipt's own deletion does it: the receipt row and the payment marked deleted
 * with the invoice's history event, in one transaction. A payment confirmed after a lost answer has
 * no known receipt number, so SmartBill cannot be asked: the clerk deletes it there.
 */
async function deletePaymentReceipt(context: PaymentContext, row: PaymentRow, token: string): Promise<AfterSendOutcome<PaymentDone>> {
  const { db, invoice, client } = context;
  if (!row.receiptNumber) throw new HttpError(409, paymentReceiptMessages.numberUnknown);
  const receipt = await db.selectFrom("receipts").select(["id", "paymentId"]).where("paymentId", "=", row.id).executeTakeFirst();
  const ref = { seriesName: row.receiptSeries ?? "", number: row.receiptNumber };
  const message = await deleteReceiptInSmartBill(client, ref);
  const after = await client.paymentStatus(invoice.ref).catch(() => undefined);
  const amount = Number(row.amount);
  const receiptName = `${ref.seriesName} ${ref.number}`.trim();
  return {
    result: { message: message || paymentMessages.deleted },
    answer: message || null,
    detail: { amount, type: row.type, date: row.date, receipt: receiptName },
    audit: { result: `${amount.toFixed(2)} (${row.type} ${receiptName})` },
    write: async (trx) => {
      if (receipt) await markReceiptDeleted(trx, receipt);
      else await trx.updateTable("invoice_payments").set({ status: "deleted", deletedAt: timestamp() }).where("id", "=", row.id).execute();
      if (after) await storePaymentStatus(trx, invoice.id, { total: after.invoiceTotalAmount, paid: Math.round(after.paidAmount * 100) / 100 });
      else await recountReceivable(trx, invoice.id);
      await releaseInvoiceAction(trx, invoice.id, token);
    },
  };
}
