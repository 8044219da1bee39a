/**
 * The frame of every action on an invoice after it was sent (PDF, e-mail, payments, cancel,
 * restore, storno, delete): the tenant's document of the route's kind (an invoice, a proforma),
 * issued in SmartBill (numbered, not deleted);
 * the tenant's SmartBill client; and the outcome kept in the invoice's history whatever it is.
 *
 *   return afterSend(app, request, kind, request.params.id, "cancel", async ({ invoice, client }) => {
 *     const answer = await client.cancelInvoice(invoice.ref);
 *     return { answer, write: (trx) => markCancelled(trx, invoice.id) };
 *   });
 *
 * What SmartBill did is written with its `write`, its history event and its audit row in one
 * transaction. SmartBill's refusal is answered 409 with SmartBill's own sentence; a lockout 429, a
 * time-out 504, anything else it did or said 502 (failureAnswer.ts); each is in the history.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { InvoiceEventAction } from "../../../../contract/invoiceEvents";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../errors";
import { afterSendFailed } from "../../../messages";
import type { AuditRecord } from "../../../plugins/audit";
import { smartBillClientForTenant, type SmartBillClient } from "../../../smartbill/client";
import { failureAnswer } from "../../../smartbill/failureAnswer";
import { type InvoiceRef, SmartBillError } from "../../../smartbill/types";
import { DOCUMENT_KINDS, type DocumentKind, type DocumentScope, scopeOf } from "./documentKinds";
import { outcomeOf, recordInvoiceEvent } from "./invoiceHistory";
import { inScope } from "./invoices.repository";

/** An issued document as the after-send actions need it; its tenant and kind are its scope. */
export interface IssuedInvoice extends DocumentScope {
  id: number;
  /** How SmartBill names it: series and number. */
  ref: InvoiceRef;
  issueDate: string;
  clientId: number | null;
  cancelled: boolean;
  reversalOfId: number | null;
  reversedById: number | null;
}

/** What an action did, for its transaction and its history. */
export interface AfterSendOutcome<R> {
  /** The answer to the request. */
  result: R;
  /** SmartBill's answer, as the history shows it. */
  answer?: string | null;
  /** What the action was given or gave (an amount, a storno's number). */
  detail?: Record<string, unknown> | null;
  /** The invoice's own change, written with the history event and the audit row. */
  write?: (trx: Kysely<Database>) => Promise<void>;
  /** The audit row's details beyond the invoice (none: the action is not a change, e.g. a PDF). */
  audit?: Omit<AuditRecord, "target"> | false;
}

export async function afterSend<R>(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: DocumentKind,
  invoiceId: number,
  action: InvoiceEventAction,
  run: (context: { invoice: IssuedInvoice; client: SmartBillClient }) => Promise<AfterSendOutcome<R>>,
): Promise<R> {
  const invoice = await findIssuedInvoice(app.db, scopeOf(request, kind), invoiceId);
  const user = { id: request.user.id, email: request.user.email };
  let outcome: AfterSendOutcome<R>;
  try {
    const client = await smartBillClientForTenant(app.db, request.tenantId, app.smartBillUrls);
    outcome = await run({ invoice, client });
  } catch (error) {
    const ended = outcomeOf(error);
    if (ended) await recordInvoiceEvent(app.db, { invoiceId, action, user, ...ended });
    throw answerOf(error);
  }
  await app.db.transaction().execute(async (trx) => {
    await outcome.write?.(trx);
    await recordInvoiceEvent(trx, { invoiceId, action, outcome: "ok", user, answer: outcome.answer ?? null, detail: outcome.detail ?? null });
    const label = `${invoice.ref.seriesName} ${invoice.ref.number}`;
    if (outcome.audit !== false) await request.audit(trx, { targetLabel: label, ...outcome.audit, target: invoiceId });
  });
  return outcome.result;
}

/** SmartBill's refusal in its own words (409); its other failures as failureAnswer says. */
function answerOf(error: unknown): unknown {
  if (!(error instanceof SmartBillError)) return error;
  if (error.kind === "provider") return new HttpError(409, error.message);
  return failureAnswer(error, error.kind === "config" ? error.message : afterSendFailed(error.message));
}

/** The scope's document, issued in SmartBill: 404 when there is none, 409 when it is not issued there. */
export async function findIssuedInvoice(db: Kysely<Database>, scope: DocumentScope, id: number): Promise<IssuedInvoice> {
  const row = await inScope(
    db
      .selectFrom("invoices")
      .select(["id", "tenantId", "status", "draft", "sentSeries", "sentNumber", "issueDate", "clientId", "cancelledAt", "deletedAt", "reversalOfId", "reversedById"]),
    scope,
  )
    .where("id", "=", id)
    .executeTakeFirst();
  const words = DOCUMENT_KINDS[scope.documentType].words;
  if (!row) throw new HttpError(404, words.notFound);
  if (row.status !== "sent" || !row.sentSeries) throw new HttpError(409, words.notSent);
  if (!row.sentNumber) throw new HttpError(409, words.draft);
  if (row.deletedAt) throw new HttpError(409, words.deleted);
  return {
    id: row.id,
    tenantId: row.tenantId,
    documentType: scope.documentType,
    ref: { seriesName: row.sentSeries, number: row.sentNumber },
    issueDate: row.issueDate,
    clientId: row.clientId,
    cancelled: row.cancelledAt !== null,
    reversalOfId: row.reversalOfId,
    reversedById: row.reversedById,
  };
}
