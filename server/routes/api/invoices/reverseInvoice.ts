/**
 * The storno of an issued invoice ('Stornează', POST /{id}/reverse), EXACTLY ONCE.
 *
 * SmartBill's POST /invoice/reverse issues a storno invoice numbered next in the original's
 * series, with no idempotency key; like the send (sendInvoice.ts), a lost answer is checked
 * against that series:
 *
 * 1. Claim the invoice (invoiceClaim.ts): 50 clicks, two tabs: one storno is asked for, the
 *    others get 409 busy, or, once it is made, 409 "already reversed".
 * 2. An earlier attempt whose answer was lost: the series' next number now, against the one read
 *    just before it. Moved past → the storno was issued with that number: recorded, nothing is
 *    sent. Not moved, but lost less than the SmartBill time-out ago → 409, try again shortly.
 *    Otherwise it was not issued and is forgotten.
 * 3. Record the attempt (request id, the series' next number, the date asked for), then POST
 *    /invoice/reverse once, never retried.
 * 4. SmartBill's answer → the storno is recorded as an invoice of ours (sent, SmartBill's series
 *    and number, the original's client and form, its lines negated), linked both ways, in one
 *    transaction; its refusal (already reversed, cancelled, a storno itself, a date before the
 *    original's) → 409 in its words, the attempt forgotten; a lost answer → the series decides,
 *    else the attempt is kept as unclear for step 2.
 *
 * The series check assumes nobody else issues an invoice in that series during the seconds of a
 * lost answer; SmartBill offers nothing better (as for the send).
 */
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database";
import { timestamp, timestampMs } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import {
  invoiceAlreadyReversed,
  invoiceReversed,
  reverseConfirmedFromSeries,
  reverseOutcomeUnknown,
  reverseRecheckTooSoon,
  reverseSeriesGone,
  smartBillClientMessages,
} from "../../../messages";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { type SmartBillClient, smartBillTimeoutMs } from "../../../smartbill/client";
import { SmartBillError } from "../../../smartbill/types";
import type { AfterSendOutcome, IssuedInvoice } from "./afterSend";
import { claimInvoiceAction, releaseInvoiceAction } from "./invoiceClaim";
import { type DocumentScope, notFoundIn } from "./documentKinds";
import { getInvoice, inScope, insertInvoice } from "./invoices.repository";
import { withoutAdvice } from "../../../smartbill/withoutAdvice";
import type { ReverseInput } from "./paymentInput";
import { definitelyNotIssued } from "./sendInvoice";
import { copiedForm, copiedLines } from "./copiedDocument";
import { recountReceivable } from "./receivable";

/** What the route answers once the storno is written: its id is known only then. */
export interface ReverseDone {
  message: string;
  stornoId: number;
}

/** SmartBill prints numbers zero-padded to 4 digits ("0025"). */
const printedNumber = (nextNumber: number) => String(nextNumber).padStart(4, "0");

/** The storno of the tenant's invoice asked with this request id, already made (a retry, a double click answered meanwhile). */
export async function madeStorno(db: Kysely<Database>, scope: DocumentScope, invoiceId: number, requestId: string): Promise<number | undefined> {
  const row = await inScope(db.selectFrom("invoices").select(["reversedById", "reversalRequestId"]), scope)
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  return row?.reversedById !== null && row?.reversalRequestId === requestId ? (row.reversedById ?? undefined) : undefined;
}

export async function reverseIssuedInvoice(
  context: { db: Kysely<Database>; request: FastifyRequest; invoice: IssuedInvoice; client: SmartBillClient; now?: () => number },
  input: ReverseInput,
): Promise<AfterSendOutcome<ReverseDone>> {
  const { db, invoice, client } = context;
  const now = context.now ?? Date.now;
  await refuseIfReversed(db, invoice);
  const token = await claimInvoiceAction(db, invoice.id, now());
  let keepClaim = false;
  const forgetAttempt = () =>
    db.updateTable("invoices").set({ reversalNextNumber: null, reversalUnclearAt: null, reversalIssueDate: null }).where("id", "=", invoice.id).execute();
  try {
    await refuseIfReversed(db, invoice);
    const seriesName = invoice.ref.seriesName;
    const nextNumberOfSeries = async () => {
      const series = (await client.getSeries("f")).find((s) => s.name === seriesName);
      if (!series) throw new HttpError(409, reverseSeriesGone(seriesName));
      return series.nextNumber;
    };

    // 2. An earlier attempt whose answer was lost: issued or not?
    const attempt = await db
      .selectFrom("invoices")
      .select(["reversalRequestId", "reversalNextNumber", "reversalIssueDate", "reversalUnclearAt"])
      .where("id", "=", invoice.id)
      .executeTakeFirstOrThrow();
    if (attempt.reversalNextNumber !== null) {
      const recordedNumber = attempt.reversalNextNumber;
      if ((await nextNumberOfSeries()) > recordedNumber) {
        const number = printedNumber(recordedNumber);
        keepClaim = true;
        return await stornoRecorded(context, token, {
          series: seriesName,
          number,
          url: "",
          issueDate: attempt.reversalIssueDate ?? romanianDate(now()),
          requestId: attempt.reversalRequestId ?? input.requestId,
          message: reverseConfirmedFromSeries(seriesName, number),
        });
      }
      // An attempt whose process died has no time: more than the stale claim's minutes ago.
      const lostAt = attempt.reversalUnclearAt ? timestampMs(attempt.reversalUnclearAt) : 0;
      const waitMs = lostAt + smartBillTimeoutMs() - now();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(409, reverseRecheckTooSoon(seconds), undefined, { "retry-after": String(seconds) });
      }
      await forgetAttempt();
    }

    // 3. The attempt, recorded before SmartBill is asked.
    const recordedNumber = await nextNumberOfSeries();
    await db
      .updateTable("invoices")
      .set({ reversalRequestId: input.requestId, reversalNextNumber: recordedNumber, reversalIssueDate: input.issueDate ?? null, reversalUnclearAt: null })
      .where("id", "=", invoice.id)
      .where("actionStartedAt", "=", token)
      .execute();

    let answer;
    try {
      answer = await client.reverseInvoice({ ...invoice.ref, ...(input.issueDate ? { issueDate: input.issueDate } : {}) });
    } catch (error) {
      if (!(error instanceof SmartBillError)) throw error;
      if (error.kind === "provider" || definitelyNotIssued(error)) {
        await forgetAttempt();
        throw error;
      }
      // 4. A lost answer: the series decides.
      const moved = await nextNumberOfSeries().then((next) => next > recordedNumber, () => false);
      if (moved) {
        const number = printedNumber(recordedNumber);
        keepClaim = true;
        return await stornoRecorded(context, token, {
          series: seriesName,
          number,
          url: "",
          issueDate: input.issueDate ?? romanianDate(now()),
          requestId: input.requestId,
          message: reverseConfirmedFromSeries(seriesName, number),
        });
      }
      await db.updateTable("invoices").set({ reversalUnclearAt: timestamp(now()) }).where("id", "=", invoice.id).execute();
      const reason = withoutAdvice(error.message, smartBillClientMessages.mayHaveReversed);
      throw new HttpError(error.kind === "timeout" ? 504 : 502, reverseOutcomeUnknown(reason));
    }
    keepClaim = true;
    return await stornoRecorded(context, token, {
      series: answer.series,
      number: answer.number,
      url: answer.url,
      issueDate: input.issueDate ?? romanianDate(now()),
      requestId: input.requestId,
      message: answer.message || invoiceReversed(answer.series, answer.number),
    });
  } finally {
    // Kept only by an outcome whose write releases it (with the storno, in its transaction).
    if (!keepClaim) await releaseInvoiceAction(db, invoice.id, token);
  }
}

/** 409 when the invoice's storno is already recorded here (SmartBill would refuse it anyway). */
async function refuseIfReversed(db: Kysely<Database>, invoice: IssuedInvoice): Promise<void> {
  const { reversedById } = await db.selectFrom("invoices").select("reversedById").where("id", "=", invoice.id).executeTakeFirstOrThrow();
  if (reversedById === null) return;
  const storno = await db.selectFrom("invoices").select(["sentSeries", "sentNumber"]).where("id", "=", reversedById).executeTakeFirst();
  throw new HttpError(409, invoiceAlreadyReversed(storno?.sentSeries ?? null, storno?.sentNumber ?? null));
}

interface IssuedStorno {
  series: string;
  number: string;
  url: string;
  issueDate: string;
  requestId: string;
  message: string;
}

/**
 * The storno as an invoice of ours: the original's client and form, its lines with the quantity
 * negated (as SmartBill's storno has them), sent with SmartBill's series and number; linked both
 * ways; the attempt settled and the claim released, all in the action's one transaction.
 */
async function stornoRecorded(
  context: { db: Kysely<Database>; invoice: IssuedInvoice },
  token: string,
  storno: IssuedStorno,
): Promise<AfterSendOutcome<ReverseDone>> {
  const { db, invoice } = context;
  const original = await getInvoice(db, invoice, invoice.id);
  if (!original) throw notFoundIn(invoice);
  // Filled in by the write: the route reads the storno once it is committed.
  const done: ReverseDone = { message: storno.message, stornoId: 0 };
  return {
    result: done,
    answer: storno.message,
    detail: { series: storno.series, number: storno.number, issueDate: storno.issueDate },
    audit: { result: `${storno.series} ${storno.number}` },
    write: async (trx) => {
      const form = copiedForm(original, { issueDate: storno.issueDate, draft: false, seriesName: storno.series });
      const lines = copiedLines(original).map((line) => ({
        ...line,
        quantity: line.quantity === 0 ? 0 : -line.quantity,
      }));
      const stornoId = await insertInvoice(trx, invoice, form, lines);
      const at = timestamp();
      await trx
        .updateTable("invoices")
        .set({
          status: "sent",
          sentSeries: storno.series,
          sentNumber: storno.number,
          sentMessage: storno.message,
          sentUrl: storno.url,
          sentAt: at,
          reversalOfId: invoice.id,
        })
        .where("id", "=", stornoId)
        .execute();
      await trx
        .updateTable("invoices")
        .set({ reversedById: stornoId, reversalRequestId: storno.requestId, reversalNextNumber: null, reversalUnclearAt: null, updatedAt: at })
        .where("id", "=", invoice.id)
        .execute();
      // Reversed in full: nothing is owed on either (the storno's own total is negative).
      await recountReceivable(trx, stornoId);
      await recountReceivable(trx, invoice.id);
      await releaseInvoiceAction(trx, invoice.id, token);
      done.stornoId = stornoId;
    },
  };
}
