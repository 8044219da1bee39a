/**
 * How overdue an invoice is, by calendar days in Romania: today (Romania's date) less its due
 * date, when positive; and its bucket. Dates are yyyy-mm-dd, so text order is calendar order and
 * a bucket is a range of due dates, which an index reads.
 */
import type { AgingBucket } from "../../../../contract/home";
import { addDays } from "./invoiceDates";

const DAY_MS = 86_400_000;

/** Days from `dueDate` to `today` when `today` is later; 0 when not yet overdue (or no due date). */
export function daysOverdue(dueDate: string | null, today: string): number {
  if (!dueDate || dueDate >= today) return 0;
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / DAY_MS);
}

/** The bucket of an invoice overdue this many days (0: `current`, owed but not yet due). */
export function bucketOf(days: number): AgingBucket {
  if (days <= 0) return "current";
  if (days <= 30) return "1-30";
  if (days <= 60) return "31-60";
  if (days <= 90) return "61-90";
  return "90+";
}

/** The due dates of a bucket, both ends included (undefined: open); `current` is today and later. */
export function dueDatesOf(bucket: AgingBucket, today: string): { from?: string; to?: string } {
  const back = (days: number) => addDays(today, -days)!;
  switch (bucket) {
    case "current":
      return { from: today };
    case "1-30":
      return { from: back(30), to: back(1) };
    case "31-60":
      return { from: back(60), to: back(31) };
    case "61-90":
      return { from: back(90), to: back(61) };
    case "90+":
      return { to: back(91) };
  }
}
