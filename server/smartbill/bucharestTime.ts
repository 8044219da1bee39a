/**
 * SmartBill prints times in Romania's time zone (the lockout answer: "dd/MM/yyyy HH:mm:ss"),
 * whatever zone our server runs in. Conversions both ways, with Intl only.
 */
const ZONE = "Europe/Bucharest";

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(epochMs: number): WallClock {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "22/08/2026 11:40:35", as SmartBill writes it. */
export function formatSmartBillTime(epochMs: number): string {
  const t = wallClock(epochMs);
  return `${pad(t.day)}/${pad(t.month)}/${t.year} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** "22.08.2026 11:40:35", for our own Romanian messages. */
export function formatRomanianTime(epochMs: number): string {
  const t = wallClock(epochMs);
  return `${pad(t.day)}.${pad(t.month)}.${t.year} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** yyyy-MM-dd of the given instant in Romania (SmartBill's "today"). */
export function romanianDate(epochMs: number): string {
  const t = wallClock(epochMs);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}

/** The instant a Romanian wall-clock time denotes; undefined when it is not a valid time. */
export function fromBucharestWallClock(t: WallClock): number | undefined {
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  if (Number.isNaN(asUtc)) return undefined;
  // The zone's offset at that instant, found by formatting it back; a second pass settles the
  // hours around a daylight-saving change.
  let guess = asUtc - offsetAt(asUtc);
  guess = asUtc - offsetAt(guess);
  return guess;
}

function offsetAt(epochMs: number): number {
  const t = wallClock(epochMs);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** Parses "dd/MM/yyyy HH:mm:ss" (Romanian time) into epoch ms. */
export function parseSmartBillTime(text: string): number | undefined {
  const match = /(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!match) return undefined;
  const [day, month, year, hour, minute, second] = match.slice(1).map((v) => v ?? "0");
  const t = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  };
  const daysInMonth = new Date(Date.UTC(t.year, t.month, 0)).getUTCDate();
  const dateOk = t.month >= 1 && t.month <= 12 && t.day >= 1 && t.day <= daysInMonth;
  if (!dateOk || t.hour > 23 || t.minute > 59 || t.second > 59) return undefined;
  return fromBucharestWallClock(t);
}
