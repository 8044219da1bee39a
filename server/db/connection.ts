/**
 * Opens the database named by DATABASE_URL: an embedded SQLite file (the default, zero setup) or
 * PostgreSQL (for several API processes). Dialect differences live here and in the migrations
 * only; everything else talks to `Kysely<Database>` the same way.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { DEFAULT_DATABASE_POOL_SIZE } from "../config";
import type { Database } from "./database";
import { fold } from "./fold";
import { oldestRequestFirst } from "./oldestRequestFirst";

export type DialectName = "sqlite" | "postgres";

/** `poolSize`: PostgreSQL's connections at most (SQLite has one). */
export function createDatabase(url: string, poolSize = DEFAULT_DATABASE_POOL_SIZE): Kysely<Database> {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, poolSize);
  throw new Error(`Unsupported DATABASE_URL "${url}": use sqlite:<path> or postgres://…`);
}

/**
 * Which dialect a Kysely instance (or transaction) speaks. Needed only where SQL itself differs:
 * migrations and the post-seed sequence fix-up on PostgreSQL.
 */
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

function openSqlite(path: string): Kysely<Database> {
  const memory = path === ":memory:" || path === "";
  if (!memory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const database = new SQLite(memory ? ":memory:" : path);
  // WAL lets readers proceed while a write is in progress; busy_timeout makes a second process
  // (or the CLI) wait for the lock instead of failing at once; SQLite ignores foreign keys
  // unless asked, per connection.
  if (!memory) database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  // SQLite's own lower() folds ASCII only; PostgreSQL's folds every letter. Repositories compare
  // and search with lower() (names with ș, ț, ă, î), so on SQLite it is replaced by JavaScript's,
  // making both dialects answer alike. Used in queries only, never in an index or a constraint,
  // so a SQLite shell without this function still reads the same file correctly.
  database.function("lower", { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? value.toLowerCase() : value,
  );
  // Searches compare fold(column) with a folded pattern (db/fold.ts); PostgreSQL has the same
  // function from migration 0005.
  database.function("fold", { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? fold(value) : value,
  );
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

function openPostgres(connectionString: string, poolSize: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection (database restart) emits 'error' on the pool; without a
  // listener that would crash the process instead of letting the next query reconnect.
  pool.on("error", (error) => console.error(`PostgreSQL idle connection error: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: oldestRequestFirst(pool, poolSize) }) });
}

/**
 * The database refused a row because a unique or primary key already holds its value. Routes
 * check for duplicates first and answer 409; this catches the race where two requests insert
 * the same value at once.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** The database refused a change because another row still refers to this one (or to none). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** Transaction-wide locks taken by `lockUntilCommit`, one number per kind of work. */
export const TRANSACTION_LOCKS = {
  /** Seeding an empty database (one key: 0). */
  seed: 4242001,
  /** A tenant's customer import (the key is the tenant's id). */
  customerImport: 4242002,
  /** Claiming a task (one key: 0), so every claim sees the ones before it (tasks/queue.ts). */
  taskClaim: 4242003,
  /** The periodic clean-up (one key: 0), taken with `tryLockUntilCommit`: one process at a time. */
  cleanUp: 4242011,
} as const;

/**
 * Holds, until the transaction ends, a lock on (`lock`, `key`) that every process of the fleet
 * sees: a second transaction asking for the same pair waits for the first to commit. PostgreSQL
 * only; SQLite runs one writing transaction at a time anyway (its single connection here).
 */
export async function lockUntilCommit(trx: Kysely<any>, lock: number, key: number): Promise<void> {
  if (dialectOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(${lock}, ${key})`.execute(trx);
}

/**
 * Like `lockUntilCommit`, but never waits: answers false when another transaction holds the
 * lock. SQLite answers true (its one writing transaction at a time is the lock).
 */
export async function tryLockUntilCommit(trx: Kysely<any>, lock: number, key: number): Promise<boolean> {
  if (dialectOf(trx) !== "postgres") return true;
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${lock}, ${key}) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
