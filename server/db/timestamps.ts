/**
 * How times are stored: ISO-8601 UTC text with milliseconds (see database.ts for why). Use these
 * instead of formatting dates by hand, so every stored time has the same fixed-width shape and
 * text comparison in SQL stays a time comparison.
 */
export function timestamp(at: Date | number = Date.now()): string {
  return new Date(at).toISOString();
}

/** The stored time `seconds` from now (negative for the past). */
export function timestampIn(seconds: number, from: number = Date.now()): string {
  return new Date(from + seconds * 1000).toISOString();
}

export function timestampMs(value: string): number {
  return Date.parse(value);
}
