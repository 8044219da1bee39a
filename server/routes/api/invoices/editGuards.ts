/**
 * The refusals every write of an invoice's form or lines shares: a sent or sending invoice is
 * frozen (409), a stale version is a 409 naming the current one, and a line write waits for the
 * invoice's row lock or says why it cannot have it.
 */
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { InvoiceStatus } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../errors";
import { invoiceMessages } from "../../../messages";
import { type DocumentScope, notFoundIn } from "./documentKinds";
import { findInvoiceState, lockEditableInvoice } from "./invoices.repository";

/** 409 for an invoice that is being sent or was sent: nothing of it may change any more. */
export function refuseFrozen(status: InvoiceStatus): void {
  if (status === "sent") throw new HttpError(409, invoiceMessages.sent);
  if (status === "sending") throw new HttpError(409, invoiceMessages.sending);
}

export function stale(reply: FastifyReply, version: number) {
  return reply.code(409).send({ message: invoiceMessages.stale, version });
}

/** The invoice's row lock for a line write; 404 or 409 (sent meanwhile) when it cannot be had. */
export async function lockOrRefuse(trx: Kysely<Database>, scope: DocumentScope, invoiceId: number): Promise<void> {
  if (await lockEditableInvoice(trx, scope, invoiceId)) return;
  const now = await findInvoiceState(trx, scope, invoiceId);
  if (!now) throw notFoundIn(scope);
  refuseFrozen(now.status);
  throw new HttpError(409, invoiceMessages.stale);
}
