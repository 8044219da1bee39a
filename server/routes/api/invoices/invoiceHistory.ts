/**
 * An invoice's history: every action taken on it (the send and SmartBill's after-send actions),
 * with who, when, how it ended and SmartBill's answer. An action that changes the invoice records
 * its event in the transaction of that change; a refusal or a failure changes nothing and records
 * its event alone, so what was tried and refused is kept too.
 */
import type { Kysely } from "kysely";
import type { InvoiceEvent } from "../../../../contract/api";
import type { InvoiceEventAction, InvoiceEventOutcome } from "../../../../contract/invoiceEvents";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import { SmartBillError } from "../../../smartbill/types";
import type { DocumentScope } from "./documentKinds";
import { inScope } from "./invoices.repository";

export interface InvoiceEventRecord {
  invoiceId: number;
  action: InvoiceEventAction;
  outcome: InvoiceEventOutcome;
  /** Who: the signed-in user. */
  user: { id: number | null; email: string };
  answer?: string | null;
  detail?: Record<string, unknown> | null;
}

export async function recordInvoiceEvent(db: Kysely<Database>, event: InvoiceEventRecord): Promise<void> {
  await db
    .insertInto("invoice_events")
    .values({
      invoiceId: event.invoiceId,
      action: event.action,
      outcome: event.outcome,
      userId: event.user.id,
      userEmail: event.user.email,
      answer: event.answer ?? null,
      detail: event.detail ? JSON.stringify(event.detail) : null,
      createdAt: timestamp(),
    })
    .execute();
}

/**
 * How an action that threw ended: SmartBill's refusal (its own sentence, a 4xx of ours) is
 * `refused`; anything else (a lockout, the network, a lost answer) `failed`. Undefined when
 * nothing was tried: no such invoice (404), or another action on it under way or just done (409).
 */
export function outcomeOf(error: unknown): { outcome: InvoiceEventOutcome; answer: string } | undefined {
  if (error instanceof SmartBillError) return { outcome: error.kind === "provider" ? "refused" : "failed", answer: error.message };
  if (error instanceof HttpError) {
    if (error.statusCode === 404 || error.statusCode === 409) return undefined;
    return { outcome: error.statusCode >= 500 ? "failed" : "refused", answer: error.message };
  }
  return undefined;
}

/** The document's history, oldest first; undefined when the scope has no such document. */
export async function listInvoiceEvents(db: Kysely<Database>, scope: DocumentScope, invoiceId: number): Promise<InvoiceEvent[] | undefined> {
  const invoice = await inScope(db.selectFrom("invoices").select("id"), scope).where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return undefined;
  const rows = await db
    .selectFrom("invoice_events")
    .select(["id", "action", "outcome", "userEmail", "answer", "detail", "createdAt"])
    .where("invoiceId", "=", invoiceId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    ...row,
    action: row.action as InvoiceEventAction,
    detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
  }));
}
