/**
 * Errors that mean the storage, not the request, is at fault: PostgreSQL gone or restarting, a
 * connection cut, SQLite's disk full, read-only or failing. Such a request is answered 503 with
 * a sentence saying the service is briefly unavailable (errors.ts), not a 500, and the log names
 * what happened ("disk full", "database unavailable") instead of a generic failure. The same
 * request succeeds again once the storage is back: nothing here is the request's fault.
 */

/** What went wrong with the storage, for the log; undefined when the error is not a storage one. */
export type StorageProblem = "database unavailable" | "disk full" | "storage read-only" | "storage I/O error" | "database busy";

/** Node's socket errors on a connection to PostgreSQL that is refused, cut or unreachable. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL's SQLSTATEs of a server that is stopping, starting or out of connections: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
 * 53300 too_many_connections.
 */
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres's own words for a connection that died or never came (it sets no code). */
const POSTGRES_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  // An operator closed the database for maintenance (ALTER DATABASE … ALLOW_CONNECTIONS false).
  /is not currently accepting connections/i,
];

/** Names the storage problem behind `error` (or its causes), if it is one. */
export function storageProblem(error: unknown): StorageProblem | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const found = problemOf(current);
    if (found) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The request failed because the storage is away or full: 503, try again shortly. */
export function isStorageUnavailable(error: unknown): boolean {
  return storageProblem(error) !== undefined;
}

function problemOf(error: unknown): StorageProblem | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // better-sqlite3 names the extended code (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED…).
    if (code === "SQLITE_FULL") return "disk full";
    if (code.startsWith("SQLITE_IOERR")) return "storage I/O error";
    if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_CANTOPEN")) return "storage read-only";
    // Another process held the file past busy_timeout: the next attempt will likely get it.
    if (code.startsWith("SQLITE_BUSY")) return "database busy";
    if (SOCKET_CODES.has(code) || POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return "database unavailable";
    // read_only_sql_transaction: connected to a standby (a fail-over under way) or a database
    // set read-only by its operator; reads still work.
    if (code === "25006") return "storage read-only";
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && POSTGRES_MESSAGES.some((pattern) => pattern.test(message))) return "database unavailable";
  return undefined;
}
