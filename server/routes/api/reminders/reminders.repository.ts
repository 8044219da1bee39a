/**
 * The reminders kept per invoice (invoice_reminders): the last one that counts for the interval,
 * the claim written before SmartBill is asked, and the outcome after. Also what other lists join:
 * `lastReminderAt`, each invoice's last reminder sent.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { lockUntilCommit, TRANSACTION_LOCKS } from "../../../db/connection";
import type { Database, InvoiceReminderStatus } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";

/** A reminder that went, may have gone, or is going: each keeps the next one waiting for the interval. */
export const COUNTING_REMINDER_STATUSES: readonly InvoiceReminderStatus[] = ["sending", "sent", "unclear"];

/**
 * For a list of invoices (any query with `invoices` in it): the time of the invoice's last reminder
 * sent (ISO 8601, null when none), as a column named `lastReminderAt`:
 *
 *   db.selectFrom("invoices").select(["invoices.id", lastReminderAt])
 *
 * One index lookup per row (invoice_reminders_invoiceId_createdAt).
 */
export function lastReminderAt(eb: ExpressionBuilder<Database, "invoices">) {
  return eb
    .selectFrom("invoice_reminders as r")
    .select((inner) => inner.fn.max("r.createdAt").as("lastReminderAt"))
    .whereRef("r.invoiceId", "=", "invoices.id")
    .where("r.status", "in", ["sent", "unclear"])
    .as("lastReminderAt");
}

/** Each given invoice's last reminder that counts for the interval (createdAt), by invoice id. */
export async function lastCountingReminders(db: Kysely<Database>, tenantId: number, invoiceIds: readonly number[]): Promise<Map<number, string>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("invoice_reminders")
    .select(["invoiceId", (eb) => eb.fn.max("createdAt").as("last")])
    .where("tenantId", "=", tenantId)
    .where("invoiceId", "in", invoiceIds)
    .where("status", "in", COUNTING_REMINDER_STATUSES)
    .groupBy("invoiceId")
    .execute();
  return new Map(rows.map((row) => [row.invoiceId, String(row.last)]));
}

export interface ReminderClaim {
  tenantId: number;
  invoiceId: number;
  recipient: string;
  subject: string;
  taskId: number | null;
  user: { id: number | null; email: string };
}

/**
 * Writes the reminder as `sending`, unless `stillAllowed` (given the invoice's last counting
 * reminder, read inside the same transaction) says no: answers the row's id, or undefined.
 * On PostgreSQL the invoice's lock makes the read and the write one step for every process; on
 * SQLite the one writing transaction at a time does.
 */
export async function claimReminder(
  db: Kysely<Database>,
  claim: ReminderClaim,
  stillAllowed: (lastCreatedAt: string | undefined) => boolean,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockUntilCommit(trx, TRANSACTION_LOCKS.invoiceReminder, claim.invoiceId);
    const last = (await lastCountingReminders(trx, claim.tenantId, [claim.invoiceId])).get(claim.invoiceId);
    if (!stillAllowed(last)) return undefined;
    const { id } = await trx
      .insertInto("invoice_reminders")
      .values({
        tenantId: claim.tenantId,
        invoiceId: claim.invoiceId,
        status: "sending",
        recipient: claim.recipient,
        subject: claim.subject,
        message: null,
        taskId: claim.taskId,
        userId: claim.user.id,
        userEmail: claim.user.email,
        createdAt: timestamp(),
        sentAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  });
}

export async function settleReminder(db: Kysely<Database>, id: number, status: Exclude<InvoiceReminderStatus, "sending">, message: string | null): Promise<void> {
  await db
    .updateTable("invoice_reminders")
    .set({ status, message, ...(status === "sent" ? { sentAt: timestamp() } : {}) })
    .where("id", "=", id)
    .execute();
}

/**
 * The audit row of a reminder sent by the task: the request that asked for it is long answered,
 * so who and from where travel in the task's payload.
 */
export async function auditReminder(
  db: Kysely<Database>,
  row: { tenantId: number; user: { id: number | null; email: string }; clientAddress: string; invoiceId: number; label: string; result: string },
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      createdAt: timestamp(),
      tenantId: row.tenantId,
      userId: row.user.id,
      userEmail: row.user.email,
      action: "invoices.remind",
      target: String(row.invoiceId),
      targetLabel: row.label,
      result: row.result,
      clientAddress: row.clientAddress,
    })
    .execute();
}
