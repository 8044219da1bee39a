/**
 * A SmartBill failure as the API's answer, with a status that says whose fault it was: 400 for
 * our settings, 429 (with Retry-After) while SmartBill has locked the token out, 504 when it did
 * not answer in time, 502 for anything else it did or said. Never 401: the app would sign out.
 */
import { HttpError } from "../errors";
import type { SmartBillError } from "./types";

export function failureAnswer(error: SmartBillError, message: string): HttpError {
  switch (error.kind) {
    case "config":
      return new HttpError(400, message);
    case "lockout": {
      const seconds = error.lockedUntil ? Math.max(1, Math.ceil((error.lockedUntil - Date.now()) / 1000)) : undefined;
      return new HttpError(429, message, undefined, seconds ? { "retry-after": String(seconds) } : undefined);
    }
    case "timeout":
      return new HttpError(504, message);
    default:
      return new HttpError(502, message);
  }
}
