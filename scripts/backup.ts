/**
 * npm run backup -- <file>: an online, checked copy of the SQLite database named by DATABASE_URL
 * (default sqlite:./data/app.db) into <file>, which must not exist yet, readable by its owner
 * only (mode 0600). Safe while the server runs (server/maintenance/backup.ts). On PostgreSQL it
 * copies nothing and says what to use.
 */
import { DEFAULT_DATABASE_URL } from "../server/config";
import { BackupError, backUpSqlite } from "../server/maintenance/backup";

const target = process.argv[2];
const databaseUrl = process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;

if (!target) {
  console.error("Usage: npm run backup -- <file>   (a new file; DATABASE_URL names the database)");
  process.exit(2);
}
if (!databaseUrl.startsWith("sqlite:")) {
  console.error(
    "DATABASE_URL is a PostgreSQL database: back it up with PostgreSQL's tools — pg_dump for a " +
      "logical copy (pg_dump -Fc), or base backups with WAL archiving for point-in-time recovery (README).",
  );
  process.exit(2);
}
try {
  const { pages, pageSize } = await backUpSqlite(databaseUrl.slice("sqlite:".length), target);
  console.log(`Backup written to ${target} (${((pages * pageSize) / 1024 / 1024).toFixed(1)} MiB), integrity check ok.`);
} catch (error) {
  // One line the operator can act on, never a stack trace: a BackupError says what to do; anything
  // else (SQLite's own errors: a full disk, a locked database) is named by its message and code.
  if (error instanceof BackupError) console.error(error.message);
  else {
    const { message, code } = error as { message?: string; code?: string };
    console.error(`Backup failed: ${String(message ?? error).split("\n")[0]}${code ? ` (${code})` : ""}`);
  }
  process.exit(1);
}
