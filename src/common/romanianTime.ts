/**
 * A moment as a clock in Romania reads it, whatever zone the browser runs in: the server stores
 * UTC, SmartBill and the audit log's period filter count Romania's days, so every screen that
 * shows when something happened shows it in Europe/Bucharest time (the audit log and an invoice's
 * history side by side must agree).
 */
export const ROMANIA_TIME_ZONE = "Europe/Bucharest";

/** '26.11.2026, 13:05:09', or with `minutes` '26.11.2026, 13:05'. */
export function formatRomanianDateTime(iso: string, precision: "seconds" | "minutes" = "seconds"): string {
  const date = new Date(iso);
  return precision === "minutes"
    ? date.toLocaleString("ro-RO", { dateStyle: "short", timeStyle: "short", timeZone: ROMANIA_TIME_ZONE })
    : date.toLocaleString("ro-RO", { timeZone: ROMANIA_TIME_ZONE });
}

/** Today as Romania's calendar has it, yyyy-mm-dd (the server's "today", whatever the browser's zone). */
export function romanianToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: ROMANIA_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
