/**
 * The days an invoice's dates may name, as calendar dates (yyyy-mm-dd, no time zone): an issue
 * date within the configured window around today, a payment or a storno between the invoice's
 * issue date and today plus a day, and a due date that is always a real yyyy-mm-dd.
 *
 * "Today" is Romania's (SmartBill's), whatever zone the server runs in. The day of margin lets a
 * clerk whose own calendar is already on tomorrow (a laptop east of Bucharest, a clock a little
 * ahead, a request sent at midnight) use it without being refused.
 */
import type { Config } from "../../../config";
import { romanianDate } from "../../../smartbill/bucharestTime";

/** Days past Romania's today that a payment's or a storno's date may be. */
export const DATE_MARGIN_DAYS = 1;

/** The first and last day allowed (both included), yyyy-mm-dd. */
export interface DateWindow {
  from: string;
  to: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/**
 * `isoDate` plus `days` (negative: before it); undefined when the day would not have a
 * four-digit year, so no caller ever prints "+010009-12" (what Date's ISO form gives past 9999).
 */
export function addDays(isoDate: string, days: number): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match || !Number.isInteger(days)) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  date.setUTCFullYear(year, month - 1, day + days);
  const resultYear = date.getUTCFullYear();
  if (Number.isNaN(resultYear) || resultYear < 1000 || resultYear > 9999) return undefined;
  return `${resultYear}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The due date: the issue date plus the days to pay; undefined when that is no four-digit-year day. */
export function dueDateOf(issueDate: string, dueDays: number): string | undefined {
  return addDays(issueDate, dueDays);
}

export function inWindow(isoDate: string, window: DateWindow): boolean {
  // Both sides are yyyy-mm-dd with four-digit years: text order is calendar order.
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) && isoDate >= window.from && isoDate <= window.to;
}

/** An invoice's issue date: INVOICE_DATE_DAYS_BACK before today to INVOICE_DATE_DAYS_AHEAD after it. */
export function issueDateWindow(config: Pick<Config, "invoiceDates">, nowMs: number): DateWindow {
  const today = romanianDate(nowMs);
  const { daysBack, daysAhead } = config.invoiceDates;
  // The config caps both, so the ends are always four-digit-year days.
  return { from: addDays(today, -daysBack)!, to: addDays(today, daysAhead)! };
}

/**
 * A payment's or a storno's date: not before the invoice's issue date (SmartBill refuses a
 * storno dated before its original; a payment cannot precede what it pays), not after tomorrow.
 * Empty (`from` after `to`) while the invoice's issue date is still ahead.
 */
export function afterIssueWindow(invoiceIssueDate: string, nowMs: number): DateWindow {
  return { from: invoiceIssueDate, to: addDays(romanianDate(nowMs), DATE_MARGIN_DAYS)! };
}
