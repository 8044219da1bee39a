/**
 * A reminder's subject and body, filled for one invoice: each known placeholder replaced, as
 * a Romanian reads it (dates dd.mm.yyyy, amounts 1.234,50 RON, days as "5 zile").
 */
import type { ReminderPlaceholder } from "../../../../contract/reminders";
import { REMINDER_PLACEHOLDER_PATTERN } from "../../../../contract/reminders";
import { reminderDays } from "../../../messages";

export interface ReminderFacts {
  clientName: string;
  /** Series and number, e.g. "SBL 0012". */
  number: string;
  /** yyyy-mm-dd */
  dueDate: string;
  unpaid: number;
  currency: string;
  daysOverdue: number;
  companyName: string;
}

/** yyyy-mm-dd → dd.mm.yyyy */
export const romanianDay = (isoDate: string) => isoDate.split("-").reverse().join(".");

/** 1.234,50 RON */
export const romanianAmount = (amount: number, currency: string) =>
  `${amount.toLocaleString("ro-RO", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

export function placeholderValues(facts: ReminderFacts): Record<ReminderPlaceholder, string> {
  return {
    client: facts.clientName,
    numar: facts.number,
    scadenta: romanianDay(facts.dueDate),
    rest: romanianAmount(facts.unpaid, facts.currency),
    zile: reminderDays(facts.daysOverdue),
    firma: facts.companyName,
  };
}

/** The template with its placeholders filled; an unknown one (a template saved before a check) stays as written. */
export function fillReminder(template: string, facts: ReminderFacts): string {
  const values: Record<string, string> = placeholderValues(facts);
  return template.replace(REMINDER_PLACEHOLDER_PATTERN, (whole, name: string) => values[name] ?? whole);
}
