/**
 * An online copy of the SQLite database, through SQLite's backup API (better-sqlite3's
 * `db.backup()`): safe while the server runs and writes, because the copy is taken page by page
 * from one consistent state (a write committed meanwhile restarts it), never a half-written
 * file as `cp` could give. The copy is then opened and checked with `PRAGMA integrity_check`.
 * PostgreSQL has its own tools (pg_dump, or base backups with WAL archiving); README says which.
 */
import { existsSync } from "node:fs";
import SQLite from "better-sqlite3";

export interface BackupSummary {
  /** The copy's size in database pages, and the page size in bytes. */
  pages: number;
  pageSize: number;
}

export class BackupError extends Error {
  override name = "BackupError";
}

export async function backUpSqlite(databasePath: string, target: string): Promise<BackupSummary> {
  // Never over an earlier backup: a typo in the name must not destroy the copy one relies on.
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose a new file name.`);
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath}.`);
  const source = new SQLite(databasePath, { readonly: true, fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(target);
  } finally {
    source.close();
  }
  const copy = new SQLite(target, { readonly: true, fileMustExist: true });
  try {
    const integrity = copy.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new BackupError(`The copy at ${target} failed its integrity check: ${String(integrity)}`);
    return {
      pages: Number(copy.pragma("page_count", { simple: true })),
      pageSize: Number(copy.pragma("page_size", { simple: true })),
    };
  } finally {
    copy.close();
  }
}
