/**
 * One fiscal action at a time on an issued invoice (a payment, its deletion, a storno): the
 * action claims the invoice with one conditional UPDATE of `actionStartedAt`, and only the winner
 * calls SmartBill; a second tab, a double click or another API process gets 409 "busy". The
 * claim's time is its token: it is released only by its own action (in the transaction that
 * records the outcome, or when the action fails), and one older than ACTION_STALE_MS was left by
 * a process that died and may be taken over (what that process was doing is then unclear, and is
 * checked against SmartBill like a lost answer).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import { afterSendMessages } from "../../../messages";

/** Longer than any SmartBill call may take (its time-out, and a status read after it). */
export const ACTION_STALE_MS = 5 * 60_000;

/** Claims the invoice for one action; answers the claim's token, or throws 409 busy. */
export async function claimInvoiceAction(db: Kysely<Database>, invoiceId: number, now = Date.now()): Promise<string> {
  const token = timestamp(now);
  const result = await db
    .updateTable("invoices")
    .set({ actionStartedAt: token })
    .where("id", "=", invoiceId)
    .where((eb) => eb.or([eb("actionStartedAt", "is", null), eb("actionStartedAt", "<", timestamp(now - ACTION_STALE_MS))]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, afterSendMessages.busy);
  return token;
}

/** Ends the action's claim (nothing when it was taken over as stale meanwhile). */
export async function releaseInvoiceAction(db: Kysely<Database>, invoiceId: number, token: string): Promise<void> {
  await db.updateTable("invoices").set({ actionStartedAt: null }).where("id", "=", invoiceId).where("actionStartedAt", "=", token).execute();
}
