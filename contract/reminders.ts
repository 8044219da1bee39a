/**
 * Reminders of overdue invoices ('Trimite reamintire'): the template's placeholders and bounds,
 * shared by the server (which fills and checks them) and the settings dialog (which explains them).
 */

/** The placeholders a reminder's subject and body may hold, each filled per invoice. */
export const REMINDER_PLACEHOLDERS = ["client", "numar", "scadenta", "rest", "zile", "firma"] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];

/** `{name}`: a placeholder as written in a template (letters only, so `{` in plain text stays text). */
export const REMINDER_PLACEHOLDER_PATTERN = /\{([A-Za-zĂÂÎȘȚăâîșț_]+)\}/g;

/** The placeholders of `text` that are not REMINDER_PLACEHOLDERS, each once, in order. */
export function unknownReminderPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(REMINDER_PLACEHOLDER_PATTERN)]
    .map((match) => match[1]!)
    .filter((name) => !(REMINDER_PLACEHOLDERS as readonly string[]).includes(name));
  return [...new Set(unknown)];
}

/** The interval between two reminders of one invoice, in days. */
export const REMINDER_INTERVAL_DAYS = { min: 1, max: 365, default: 7 } as const;
export const REMINDER_SUBJECT_MAX = 200;
export const REMINDER_BODY_MAX = 5_000;
/** Invoices one request may preview or remind (a page of the list, selected). */
export const MAX_REMINDER_INVOICES = 200;
