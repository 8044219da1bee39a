/**
 * Issuing a receipt in SmartBill EXACTLY ONCE (POST /api/smartbill/receipt).
 *
 * SmartBill's POST /payment has no idempotency key and no way to read a receipt back; what it
 * does tell is the receipt series' next number (GET /series?type=c), which a Chitanta takes. So,
 * as the invoice's send and storno do:
 *
 * 1. The same request again (its requestId, made when the form opened): issued → answered
 *    without asking SmartBill; being asked right now → 409; its answer lost → step 2.
 * 2. A receipt whose answer was lost (unclear, or pending under a process that died): the
 *    series' next number now, against the one read just before it was asked. Moved past → it
 *    was issued with that number: recorded, once. Not moved, but lost less than the SmartBill
 *    time-out ago → 409, try again shortly. Otherwise it was not issued and is forgotten.
 * 3. Record the attempt (a row unique per tenant and requestId, `inFlight` in its series: one
 *    receipt of a series is asked at a time, or the series could not tell two apart), with the
 *    series' next number read just before; then POST /payment once, never retried.
 * 4. SmartBill's answer → issued (number, message), audited, in one transaction; its refusal →
 *    the row goes, 409 in its words; a call that cannot have reached it → the row goes; a lost
 *    answer → the series decides, else the row stays unclear for step 2.
 *
 * A fiscal receipt (Bon) takes no series (the cash register numbers it), so its lost answer
 * cannot be checked: it stays unclear and is never sent again by itself; the clerk looks in
 * SmartBill. Like the send, the series check assumes nobody else issues a receipt in that series
 * during the seconds of a lost answer; SmartBill offers nothing better.
 */
import type { FastifyRequest } from "fastify";
import type { Kysely, Selectable } from "kysely";
import { isUniqueViolation } from "../../../db/connection";
import type { Database, ReceiptsTable } from "../../../db/database";
import { timestamp, timestampMs } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import {
  afterSendFailed,
  fiscalReceiptIssued,
  receiptAlreadyIssued,
  receiptClientMessages,
  receiptConfirmedFromSeries,
  receiptInvalid,
  receiptMessages,
  receiptOutcomeUnknown,
  receiptRecheckTooSoon,
  receiptIssued,
} from "../../../messages";
import { type SmartBillClient, smartBillTimeoutMs } from "../../../smartbill/client";
import { failureAnswer } from "../../../smartbill/failureAnswer";
import { SmartBillError } from "../../../smartbill/types";
import { withoutAdvice } from "../../../smartbill/withoutAdvice";
import { definitelyNotIssued } from "../invoices/sendInvoice";
import type { ReceiptInput } from "./receiptInput";

type ReceiptRow = Selectable<ReceiptsTable>;

export interface ReceiptContext {
  db: Kysely<Database>;
  request: FastifyRequest;
  client: SmartBillClient;
  now?: () => number;
}

/** What the route answers once the receipt is written. */
export interface ReceiptIssued {
  id: number;
  message: string;
}

/** SmartBill prints receipt numbers zero-padded to 4 digits ("0007"). */
export const printedNumber = (nextNumber: number) => String(nextNumber).padStart(4, "0");

/** A pending attempt older than this was left by a process that died: as lost as an unclear one. */
const staleAfterMs = () => 2 * smartBillTimeoutMs() + 60_000;

/** SmartBill's refusal in its own words (409); its other failures as the invoice's actions say them. */
export function smartBillAnswer(error: unknown): unknown {
  if (!(error instanceof SmartBillError)) return error;
  if (error.kind === "provider") return new HttpError(409, error.message);
  return failureAnswer(error, error.kind === "config" ? error.message : afterSendFailed(error.message));
}

export async function issueReceipt(context: ReceiptContext, input: ReceiptInput): Promise<ReceiptIssued> {
  const { db, request, client } = context;
  const now = context.now ?? Date.now;
  const tenantId = request.tenantId;

  // 1. The same request again.
  const again = await byRequest(db, tenantId, input.requestId);
  if (again) {
    const settled = await settle(context, again);
    if (settled) return settled;
  }

  const customer = await receiptCustomer(db, tenantId, input.clientId);

  // The series, and its next number read just before SmartBill is asked.
  let seriesNextNumber: number | null = null;
  if (input.kind === "Chitanta") {
    const series = await client.getSeries("c");
    const chosen = series.find((s) => s.name === input.seriesName);
    if (!chosen) {
      const problem = receiptMessages.seriesUnknown(input.seriesName, series.map((s) => s.name));
      throw new HttpError(400, receiptInvalid([problem]), { seriesName: problem });
    }
    seriesNextNumber = chosen.nextNumber;
  }

  // 3. The attempt, recorded before SmartBill is asked.
  const row = await recordAttempt(context, input, { clientName: customer.clientName.trim(), clientCif: customer.cif.trim() }, seriesNextNumber);
  const forget = () => db.deleteFrom("receipts").where("id", "=", row.id).execute();
  try {
    if (input.kind === "Chitanta") {
      const answer = await client.addPayment({
        type: "Chitanta",
        issueDate: input.date,
        value: input.amount,
        client: { name: row.clientName, vatCode: row.clientCif },
        isCash: true,
        seriesName: input.seriesName,
        currency: input.currency,
        ...(input.text ? { text: input.text } : {}),
        invoicesList: [],
      });
      const number = answer.number || printedNumber(seriesNextNumber!);
      return await issued(context, row, { number, smartBillId: answer.id ?? null, message: answer.message || receiptIssued(input.seriesName, number) });
    }
    const answer = await client.issueFiscalReceipt({
      issueDate: input.date,
      client: { name: row.clientName, vatCode: row.clientCif },
      products: input.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        price: line.price,
        measuringUnitName: "buc",
        currency: "RON",
        isTaxIncluded: true,
        taxName: line.taxName,
        taxPercentage: line.taxPercentage,
        isService: false,
        saveToDb: false,
      })),
      value: input.amount,
      receivedCash: input.amount,
      ...(input.text ? { observation: input.text } : {}),
    });
    return await issued(context, row, { number: answer.number || null, smartBillId: answer.id, message: fiscalReceiptIssued(answer.number) });
  } catch (error) {
    if (!(error instanceof SmartBillError)) throw error;
    if (error.kind === "provider" || definitelyNotIssued(error)) {
      await forget();
      throw smartBillAnswer(error);
    }
    // 4. A lost answer: the series decides (a Chitanta's; a Bon has none to ask).
    if (input.kind === "Chitanta") {
      const moved = await seriesMovedPast(client, row).catch(() => false);
      if (moved) return await issued(context, row, { number: printedNumber(seriesNextNumber!), smartBillId: null, message: receiptConfirmedFromSeries(input.seriesName, printedNumber(seriesNextNumber!)) });
    }
    await db.updateTable("receipts").set({ status: "unclear", unclearAt: timestamp(now()), updatedAt: timestamp(now()) }).where("id", "=", row.id).execute();
    const status = error.kind === "timeout" ? 504 : 502;
    if (input.kind === "Bon") throw new HttpError(status, receiptMessages.fiscalUnclear);
    throw new HttpError(status, receiptOutcomeUnknown(withoutAdvice(error.message, receiptClientMessages.mayHaveIssuedReceipt)));
  }
}

/** The tenant's customer the receipt is made out to: 400 at `clientId` when the tenant has none with that id. */
export async function receiptCustomer(db: Kysely<Database>, tenantId: number, clientId: number) {
  const customer = await db
    .selectFrom("customers")
    .select(["id", "clientName", "cif"])
    .where("tenantId", "=", tenantId)
    .where("id", "=", clientId)
    .executeTakeFirst();
  if (!customer) throw new HttpError(400, receiptInvalid([receiptMessages.clientUnknown]), { clientId: receiptMessages.clientUnknown });
  return customer;
}

function byRequest(db: Kysely<Database>, tenantId: number, requestId: string) {
  return db.selectFrom("receipts").selectAll().where("tenantId", "=", tenantId).where("requestId", "=", requestId).executeTakeFirst();
}

/**
 * An earlier attempt: answered (issued), refused (being asked now, or a fiscal receipt whose
 * answer is lost), or, when it was lost, settled from its series: issued (answered) or forgotten
 * (undefined: the caller may ask again).
 */
async function settle(context: ReceiptContext, row: ReceiptRow): Promise<ReceiptIssued | undefined> {
  const { db, client } = context;
  const now = context.now ?? Date.now;
  if (row.status === "issued" || row.status === "deleted") {
    return { id: row.id, message: receiptAlreadyIssued(row.seriesName, row.number) };
  }
  if (row.status === "pending" && now() - timestampMs(row.startedAt) < staleAfterMs()) throw new HttpError(409, receiptMessages.inProgress);
  if (row.kind === "Bon") throw new HttpError(409, receiptMessages.fiscalUnclear);
  if (await seriesMovedPast(client, row)) {
    const number = printedNumber(row.seriesNextNumber!);
    return issued(context, row, { number, smartBillId: null, message: receiptConfirmedFromSeries(row.seriesName, number) });
  }
  const waitMs = timestampMs(row.unclearAt ?? row.startedAt) + smartBillTimeoutMs() - now();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new HttpError(409, receiptRecheckTooSoon(seconds), undefined, { "retry-after": String(seconds) });
  }
  // Not issued: forgotten.
  await db.deleteFrom("receipts").where("id", "=", row.id).execute();
  return undefined;
}

/** The series' next number moved past the one read before the attempt: SmartBill issued it. */
async function seriesMovedPast(client: SmartBillClient, row: Pick<ReceiptRow, "seriesName" | "seriesNextNumber">): Promise<boolean> {
  if (row.seriesNextNumber === null) return false;
  const series = (await client.getSeries("c")).find((s) => s.name === row.seriesName);
  return series !== undefined && series.nextNumber > row.seriesNextNumber;
}

/**
 * The attempt's row, claimed before SmartBill is asked. A second click of the same form finds its
 * row taken (409); another receipt of the same series waits for this one, unless the one in its
 * way was lost, which is settled first.
 */
async function recordAttempt(
  context: ReceiptContext,
  input: ReceiptInput,
  customer: { clientName: string; clientCif: string },
  seriesNextNumber: number | null,
): Promise<ReceiptRow> {
  const { db, request } = context;
  const now = context.now ?? Date.now;
  const tenantId = request.tenantId;
  const insert = () =>
    db
      .insertInto("receipts")
      .values({
        tenantId,
        requestId: input.requestId,
        kind: input.kind,
        status: "pending",
        // A Bon's lost answer is never checked against a series: nothing to keep in order.
        inFlight: input.kind === "Chitanta" ? 1 : null,
        clientId: input.clientId,
        clientName: customer.clientName,
        clientCif: customer.clientCif,
        amount: input.amount,
        currency: input.currency,
        date: input.date,
        text: input.text,
        lines: input.kind === "Bon" ? JSON.stringify(input.lines) : null,
        seriesName: input.seriesName,
        seriesNextNumber,
        number: null,
        smartBillId: null,
        message: null,
        invoiceId: null,
        paymentId: null,
        startedAt: timestamp(now()),
        unclearAt: null,
        userId: request.user.id,
        userEmail: request.user.email,
        createdAt: timestamp(now()),
        updatedAt: timestamp(now()),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await byRequest(db, tenantId, input.requestId)) throw new HttpError(409, receiptMessages.inProgress);
      const blocking = await db
        .selectFrom("receipts")
        .selectAll()
        .where("tenantId", "=", tenantId)
        .where("kind", "=", input.kind)
        .where("seriesName", "=", input.seriesName)
        .where("inFlight", "=", 1)
        .executeTakeFirst();
      if (!blocking) {
        if (attempt < 2) continue;
        throw error;
      }
      const busy = blocking.status === "pending" && now() - timestampMs(blocking.startedAt) < staleAfterMs();
      if (busy || attempt >= 2) throw new HttpError(409, receiptMessages.seriesBusy(input.seriesName));
      // A lost receipt of the series is settled first; then the series' next number is read again.
      await settle(context, blocking);
      const chosen = (await context.client.getSeries("c")).find((s) => s.name === input.seriesName);
      seriesNextNumber = chosen?.nextNumber ?? seriesNextNumber;
    }
  }
}

/** The receipt issued: its number and SmartBill's message, out of its series' way, audited, in one transaction. */
async function issued(
  context: ReceiptContext,
  row: ReceiptRow,
  answer: { number: string | null; smartBillId: string | null; message: string },
): Promise<ReceiptIssued> {
  const { db, request } = context;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("receipts")
      .set({
        status: "issued",
        inFlight: null,
        unclearAt: null,
        number: answer.number,
        smartBillId: answer.smartBillId,
        message: answer.message,
        updatedAt: timestamp(),
      })
      .where("id", "=", row.id)
      .execute();
    await request.audit(trx, {
      target: row.id,
      targetLabel: [row.seriesName, answer.number].filter(Boolean).join(" ") || null,
      result: `${Number(row.amount).toFixed(2)} ${row.currency} (${row.kind})`,
    });
  });
  return { id: row.id, message: answer.message };
}
