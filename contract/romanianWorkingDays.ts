/**
 * Romania's working days: Monday to Friday, less the public holidays of the Labour Code (art. 139):
 * 1–2 January, 6 and 7 January (Bobotează, Sf. Ioan), 24 January, Orthodox Good Friday, Easter
 * Sunday and Monday, 1 May, 1 June, Orthodox Pentecost Sunday and Monday, 15 August, 30 November,
 * 1 December, 25–26 December. Dates are calendar dates (YYYY-MM-DD), Romania's own, never instants.
 */

/** Orthodox Easter Sunday of `year` (Meeus' Julian algorithm, moved to the Gregorian calendar). */
export function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  // Julian → Gregorian: 13 days between 1900 and 2099.
  return addCalendarDays(isoDate(year, month, day), 13);
}

const FIXED_HOLIDAYS = ["01-01", "01-02", "01-06", "01-07", "01-24", "05-01", "06-01", "08-15", "11-30", "12-01", "12-25", "12-26"];

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** The public holidays of `year`, as YYYY-MM-DD. */
export function romanianPublicHolidays(year: number): ReadonlySet<string> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    const easter = orthodoxEaster(year);
    holidays = new Set([
      ...FIXED_HOLIDAYS.map((monthDay) => `${year}-${monthDay}`),
      addCalendarDays(easter, -2),
      easter,
      addCalendarDays(easter, 1),
      addCalendarDays(easter, 49),
      addCalendarDays(easter, 50),
    ]);
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

export function isRomanianWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !romanianPublicHolidays(Number(date.slice(0, 4))).has(date);
}

/** The `count`-th working day after `date` (`date` itself never counts). */
export function addWorkingDays(date: string, count: number): string {
  let day = date;
  for (let left = count; left > 0; ) {
    day = addCalendarDays(day, 1);
    if (isRomanianWorkingDay(day)) left--;
  }
  return day;
}

/**
 * Working days from `from` (exclusive) to `to` (inclusive): 0 when `to` is `from`; negative,
 * counted the same way backwards, when `to` has passed.
 */
export function workingDaysBetween(from: string, to: string): number {
  if (to < from) return -workingDaysBetween(to, from);
  let count = 0;
  for (let day = from; day < to; ) {
    day = addCalendarDays(day, 1);
    if (isRomanianWorkingDay(day)) count++;
  }
  return count;
}

export function addCalendarDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
