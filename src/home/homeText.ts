/** How the home writes its figures: months and changes as Romanians read them. */

const monthLong = new Intl.DateTimeFormat("ro-RO", { month: "long", year: "numeric", timeZone: "UTC" });
const monthShort = new Intl.DateTimeFormat("ro-RO", { month: "short", year: "2-digit", timeZone: "UTC" });
const percent = new Intl.NumberFormat("ro-RO", { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" });

const firstDay = (month: string) => {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year, number - 1, 1));
};

/** '2026-11' as 'noiembrie 2026'. */
export const monthName = (month: string) => monthLong.format(firstDay(month));

/** '2026-11' as 'nov. 26', for a chart's axis. */
export const monthShortName = (month: string) => monthShort.format(firstDay(month));

/**
 * The change from `before` to `now` as a percentage ('+12,5 %', '-40 %'), or null when there is
 * nothing to compare with (nothing before: any change would be infinite).
 */
export function changeText(now: number, before: number): string | null {
  if (before === 0) return null;
  return percent.format((now - before) / Math.abs(before));
}
