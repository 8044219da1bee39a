/**
 * A tenant's reminder template (subject, body) and the fewest days between two reminders of one
 * invoice: its row of reminder_settings, or the defaults (messages.ts) while it has none. A saved
 * template holds only the known placeholders, so every reminder sent from it is filled in full.
 */
import type { Kysely } from "kysely";
import type { ReminderSettings } from "../../../../contract/api";
import {
  REMINDER_BODY_MAX,
  REMINDER_INTERVAL_DAYS,
  REMINDER_PLACEHOLDERS,
  REMINDER_SUBJECT_MAX,
  unknownReminderPlaceholders,
} from "../../../../contract/reminders";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import { reminderDefaults, reminderMessages as words } from "../../../messages";

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { ...reminderDefaults, intervalDays: REMINDER_INTERVAL_DAYS.default };

export async function readReminderSettings(db: Kysely<Database>, tenantId: number): Promise<ReminderSettings> {
  const row = await db
    .selectFrom("reminder_settings")
    .select(["subject", "body", "intervalDays"])
    .where("tenantId", "=", tenantId)
    .executeTakeFirst();
  return row ? { subject: row.subject, body: row.body, intervalDays: Number(row.intervalDays) } : DEFAULT_REMINDER_SETTINGS;
}

/** The settings as sent, trimmed and checked: 400 naming every bad field, each with its sentence. */
export function checkReminderSettings(input: ReminderSettings): ReminderSettings {
  const errors: Record<string, string> = {};
  const subject = input.subject.trim();
  const body = input.body.trim();
  if (!subject) errors.subject = words.subjectRequired;
  // The subject is one header line: a line break would end it and start another header.
  else if (/[\r\n\u2028\u2029]/.test(subject)) errors.subject = words.subjectOneLine;
  else placeholderProblem(subject, "subject", errors);
  if (!body) errors.body = words.bodyRequired;
  else placeholderProblem(body, "body", errors);
  const { min, max } = REMINDER_INTERVAL_DAYS;
  if (!Number.isInteger(input.intervalDays) || input.intervalDays < min || input.intervalDays > max) {
    errors.intervalDays = words.intervalInvalid(min, max);
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, `${words.settingsInvalid} ${Object.values(errors).join(" ")}`, errors);
  return { subject: subject.slice(0, REMINDER_SUBJECT_MAX), body: body.slice(0, REMINDER_BODY_MAX), intervalDays: input.intervalDays };
}

function placeholderProblem(text: string, field: string, errors: Record<string, string>): void {
  const unknown = unknownReminderPlaceholders(text);
  if (unknown.length > 0) errors[field] = words.unknownPlaceholders(unknown, REMINDER_PLACEHOLDERS);
}

export async function saveReminderSettings(db: Kysely<Database>, tenantId: number, settings: ReminderSettings, userEmail: string): Promise<void> {
  const row = { ...settings, userEmail, updatedAt: timestamp() };
  await db
    .insertInto("reminder_settings")
    .values({ tenantId, ...row })
    .onConflict((conflict) => conflict.column("tenantId").doUpdateSet(row))
    .execute();
}
