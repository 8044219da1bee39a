/**
 * Opens the database named by DATABASE_URL: an embedded SQLite file (the default, zero setup) or
 * PostgreSQL (for several API processes). Dialect differences live here and in the migrations
 * only; everything else talks to `Kysely<Database>` the same way.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { type DatabaseConnection, type Driver, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from "kysely";
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
  return new Kysely<Database>({ dialect: new SqliteDialectKeepingTheCause(database) });
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, …); Kysely
 * then sends its own ROLLBACK, which fails with "cannot rollback - no transaction is active" and
 * is thrown in place of the error that mattered (a full disk was logged as that sentence). The
 * rollback is skipped when SQLite has none open, so the real error reaches the caller.
 */
class SqliteDialectKeepingTheCause extends SqliteDialect {
  readonly #database: SQLite.Database;

  constructor(database: SQLite.Database) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (this.#database.inTransaction) await rollback(connection);
    };
    const rollbackToSavepoint = driver.rollbackToSavepoint?.bind(driver);
    if (rollbackToSavepoint) {
      driver.rollbackToSavepoint = async (connection, name, compile) => {
        if (this.#database.inTransaction) await rollbackToSavepoint(connection, name, compile);
      };
    }
    return driver;
  }
}

/** How long a new connection to PostgreSQL may take before the request is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

function openPostgres(connectionString: string, poolSize: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A client losing its connection (the database stopped or restarted) emits 'error': on the
  // pool while it is idle, on the client itself while a request, a transaction or the task
  // worker holds it. Unheard, that 'error' kills the process; heard, the query in flight fails
  // (503, db/unavailable.ts), the pool drops the client, and the next query connects afresh.
  // One line per outage, not one per connection.
  let lost = false;
  const connectionLost = (error: Error) => {
    if (lost) return;
    lost = true;
    console.error(`PostgreSQL connection lost (${describe(error)}); requests answer 503 until it is back`);
  };
  pool.on("error", connectionLost);
  pool.on("connect", (client) => {
    client.on("error", connectionLost);
    if (lost) {
      lost = false;
      console.error("PostgreSQL reachable again");
    }
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: oldestRequestFirst(pool, poolSize) }) });
}

function describe(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${code}: ${error.message}` : error.message;
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
  /** An invoice's reminder: its interval checked and its claim written as one step (the key is the invoice's id). */
  invoiceReminder: 4242012,
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
