/** The e-Factura screens' times, as a clock in Romania reads them: '26.11.2026 13:05' and '26.11.2026'. */
import { ROMANIA_TIME_ZONE } from "../common/romanianTime";

const parts = (iso: string, withTime: boolean) =>
  Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: ROMANIA_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;

export function formatRomanianDate(iso: string): string {
  const { day, month, year } = parts(iso, false);
  return `${day}.${month}.${year}`;
}

export function formatRomanianMinute(iso: string): string {
  const { day, month, year, hour, minute } = parts(iso, true);
  return `${day}.${month}.${year} ${hour}:${minute}`;
}
