/**
 * Which of the given invoices may get a reminder now, and the reminder each would get: only the
 * tenant's own sent invoices (not cancelled, deleted or reversed, nor a storno) with something
 * unpaid, past their due date (Romania's today), whose customer has an e-mail address, and not
 * reminded within the interval. An id that is not the tenant's invoice is answered like a
 * missing one. The preview shows this; the task asks again for each invoice before it sends.
 */
import type { Kysely } from "kysely";
import type { ReminderPreview, ReminderSettings } from "../../../../contract/api";
import { isEmailAddress } from "../../../../contract/emailAddress";
import type { Database } from "../../../db/database";
import { reminderMessages as words } from "../../../messages";
import { romanianDate } from "../../../smartbill/bucharestTime";
import type { InvoiceRef } from "../../../smartbill/types";
import { fillReminder, romanianDay } from "./reminderTemplate";
import { lastCountingReminders } from "./reminders.repository";

const DAY_MS = 86_400_000;

/** One invoice's reminder as the preview shows it, and what the send needs. */
export interface ReminderCandidate extends ReminderPreview {
  /** SmartBill's name of the invoice; null when it has none (not found, not issued). */
  ref: InvoiceRef | null;
}

/** Days from `from` to `to` (both yyyy-mm-dd). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** yyyy-mm-dd, `days` after `date` (yyyy-mm-dd). */
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A customer's e-mail field as SmartBill's `to`: one or more addresses (`,` or `;` apart), all valid; '' otherwise. */
function recipientOf(email: string | null): string {
  const addresses = (email ?? "")
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean);
  return addresses.length > 0 && addresses.every(isEmailAddress) ? addresses.join(",") : "";
}

export async function reminderCandidates(
  db: Kysely<Database>,
  tenantId: number,
  invoiceIds: readonly number[],
  settings: ReminderSettings,
  now = Date.now(),
): Promise<ReminderCandidate[]> {
  const ids = [...new Set(invoiceIds)];
  const today = romanianDate(now);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom("invoices")
          .leftJoin("customers", (join) => join.onRef("customers.id", "=", "invoices.clientId").onRef("customers.tenantId", "=", "invoices.tenantId"))
          .select([
            "invoices.id",
            "invoices.status",
            "invoices.sentSeries",
            "invoices.sentNumber",
            "invoices.cancelledAt",
            "invoices.deletedAt",
            "invoices.reversalOfId",
            "invoices.reversedById",
            "invoices.dueDate",
            "invoices.unpaid",
            "invoices.currency",
            "customers.clientName",
            "customers.email",
          ])
          .where("invoices.tenantId", "=", tenantId)
          .where("invoices.documentType", "=", "invoice")
          .where("invoices.id", "in", ids)
          .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const [tenant, lastReminders] = await Promise.all([
    db.selectFrom("tenants").select("name").where("id", "=", tenantId).executeTakeFirst(),
    lastCountingReminders(db, tenantId, ids),
  ]);

  return ids.map((invoiceId): ReminderCandidate => {
    const row = byId.get(invoiceId);
    if (!row) return { invoiceId, number: "", clientName: "", to: "", subject: "", body: "", refusal: words.notFound, ref: null };
    const issued =
      row.status === "sent" &&
      !!row.sentSeries &&
      !!row.sentNumber &&
      row.cancelledAt === null &&
      row.deletedAt === null &&
      row.reversalOfId === null &&
      row.reversedById === null;
    const number = issued ? `${row.sentSeries} ${row.sentNumber}` : "";
    const unpaid = Math.round(Number(row.unpaid ?? 0) * 100) / 100;
    const dueDate = row.dueDate ?? "";
    const daysOverdue = dueDate ? daysBetween(dueDate, today) : 0;
    const to = recipientOf(row.email);
    const facts = { clientName: row.clientName ?? "", number, dueDate, unpaid, currency: row.currency, daysOverdue, companyName: tenant?.name ?? "" };
    const last = lastReminders.get(invoiceId);
    const lastDay = last === undefined ? undefined : romanianDate(Date.parse(last));
    const nextDay = lastDay === undefined ? undefined : addDays(lastDay, settings.intervalDays);
    const refusal = !issued
      ? words.notIssued
      : unpaid <= 0
        ? words.nothingUnpaid
        : !dueDate || daysOverdue <= 0
          ? words.notOverdue(dueDate ? romanianDay(dueDate) : "—")
          : !to
            ? words.noEmail
            : withinInterval(last, settings.intervalDays, now)
              ? words.remindedRecently(romanianDay(lastDay!), romanianDay(nextDay!))
              : null;
    return {
      invoiceId,
      number,
      clientName: facts.clientName,
      to,
      subject: issued ? fillReminder(settings.subject, facts) : "",
      body: issued ? fillReminder(settings.body, facts) : "",
      refusal,
      ref: issued ? { seriesName: row.sentSeries!, number: row.sentNumber! } : null,
    };
  });
}

/** Whether a reminder last made at `lastCreatedAt` (ISO) still blocks one today, for `intervalDays`. */
export function withinInterval(lastCreatedAt: string | undefined, intervalDays: number, now = Date.now()): boolean {
  if (lastCreatedAt === undefined) return false;
  return romanianDate(now) < addDays(romanianDate(Date.parse(lastCreatedAt)), intervalDays);
}
