/**
 * An online copy of the SQLite database, through SQLite's backup API (better-sqlite3's
 * `db.backup()`): safe while the server runs and writes, because the copy is taken page by page
 * from one consistent state (a write committed meanwhile restarts it), never a half-written
 * file as `cp` could give. The copy is then opened and checked with `PRAGMA integrity_check`.
 * PostgreSQL has its own tools (pg_dump, or base backups with WAL archiving); README says which.
 *
 * The copy holds every tenant's SmartBill token and every password hash, so it is created here,
 * with O_EXCL and mode 0600, before SQLite writes into it: never over an existing file (a typo in
 * the name must not destroy the copy one relies on), never through a symbolic link planted at
 * the name (O_EXCL refuses one even when it points nowhere), never readable by other users.
 */
import { closeSync, constants, existsSync, fchmodSync, fstatSync, lstatSync, openSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";

export interface BackupSummary {
  /** The copy's size in database pages, and the page size in bytes. */
  pages: number;
  pageSize: number;
}

/** A refusal or failure the operator can act on: its message is the whole story, one line. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** Only the owner reads or writes the copy. */
export const BACKUP_FILE_MODE = 0o600;

export async function backUpSqlite(databasePath: string, target: string): Promise<BackupSummary> {
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath}.`);
  // A journal SQLite would find beside the new file would be rolled into it, or followed if a link.
  for (const leftover of [`${target}-journal`, `${target}-wal`]) {
    if (exists(leftover)) throw new BackupError(`${leftover} already exists; remove it or choose a new file name.`);
  }
  const created = createTarget(target);
  try {
    const source = new SQLite(databasePath, { readonly: true, fileMustExist: true });
    try {
      source.pragma("busy_timeout = 5000");
      await source.backup(target);
    } finally {
      source.close();
    }
    // SQLite opened the file by its name: it must still be the one created above.
    if (!sameFile(target, created)) throw new BackupError(`${target} was replaced while the copy was written; the copy is not to be trusted.`);
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
  } catch (error) {
    // A file that is not a whole, checked copy must not lie about as a backup.
    if (sameFile(target, created)) unlinkSync(target);
    throw error;
  }
}

/** Creates the empty target (SQLite takes an empty file as an empty database); its device and inode. */
function createTarget(target: string): { dev: number; ino: number } {
  let fd: number;
  try {
    fd = openSync(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, BACKUP_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") {
      const what = lstatSync(target).isSymbolicLink() ? "a symbolic link" : "a file";
      throw new BackupError(`${target} already exists (${what}); choose a new file name.`);
    }
    if (code === "ENOENT") throw new BackupError(`The folder ${dirname(target)} does not exist; create it first.`);
    if (code === "ENOTDIR") throw new BackupError(`${dirname(target)} is not a folder.`);
    if (code === "EACCES" || code === "EPERM") throw new BackupError(`No permission to create ${target}.`);
    throw error;
  }
  try {
    // The umask only takes bits away, but may take the owner's write: 0600 exactly.
    fchmodSync(fd, BACKUP_FILE_MODE);
    const { dev, ino } = fstatSync(fd);
    return { dev, ino };
  } finally {
    closeSync(fd);
  }
}

function sameFile(path: string, file: { dev: number; ino: number }): boolean {
  try {
    const now = lstatSync(path);
    return now.isFile() && now.dev === file.dev && now.ino === file.ino;
  } catch {
    return false;
  }
}

/** Anything at the path, a dangling link included (existsSync follows links). */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
