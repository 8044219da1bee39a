/**
 * vitest globalSetup for the server tests: starts a throwaway PostgreSQL cluster for the run and
 * stops it afterwards, so the suite covers both dialects with no database to install or
 * configure. Tests receive the cluster's admin URL through `inject("postgresUrl")` and create a
 * fresh database from it (test/helpers/databases.ts).
 *
 * Where PostgreSQL comes from, in order: PG_TESTS=off skips it; PG_TEST_URL points at an
 * existing server (a role allowed to CREATE DATABASE); otherwise initdb + pg_ctl from PG_BIN,
 * /usr/lib/postgresql/<version>/bin or `pg_config --bindir`, run as the `postgres` user when we
 * are root (PostgreSQL refuses to run as root). When none works, the PostgreSQL variants are
 * skipped with the printed reason, never silently.
 */
import { execFile } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin URL (database `postgres`) of the cluster for this run, or null when skipped. */
    postgresUrl: string | null;
    /** Why the PostgreSQL variants are skipped, or null when they run. */
    postgresSkipReason: string | null;
  }
}

const run = promisify(execFile);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let stop = async () => {};
  try {
    const cluster = await findPostgres();
    stop = cluster.stop;
    await checkConnection(cluster.url);
    project.provide("postgresUrl", cluster.url);
    project.provide("postgresSkipReason", null);
  } catch (error) {
    await stop().catch(() => {});
    stop = async () => {};
    const reason = error instanceof SkipPostgres ? error.message : `could not start PostgreSQL: ${messageOf(error)}`;
    process.stderr.write(`\nPostgreSQL tests skipped: ${reason}\n\n`);
    project.provide("postgresUrl", null);
    project.provide("postgresSkipReason", reason);
  }
  return () => stop();
}

export class SkipPostgres extends Error {}

export interface Cluster {
  url: string;
  /** Stops the server and removes its files. */
  stop: () => Promise<void>;
}

/** A cluster this code started, whose server a test may stop and start again on the same data. */
export interface OwnCluster extends Cluster {
  /** `pg_ctl stop -m fast`: sessions are ended (57P01), new connections refused. */
  halt: () => Promise<void>;
  /** `pg_ctl start` again, on the same port and data; resolves once it accepts connections. */
  resume: () => Promise<void>;
}

async function findPostgres(): Promise<Cluster> {
  if (/^(off|0|false|no)$/i.test(process.env.PG_TESTS ?? "")) throw new SkipPostgres("PG_TESTS=off");
  if (process.env.PG_TEST_URL) return { url: process.env.PG_TEST_URL, stop: async () => {} };

  const bin = await findBinDir();
  if (!bin) {
    throw new SkipPostgres(
      "no PostgreSQL server binaries found (set PG_BIN, install postgresql, or set PG_TEST_URL)",
    );
  }
  return startCluster(bin);
}

export async function findBinDir(): Promise<string | undefined> {
  const hasServer = (dir: string) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"));
  if (process.env.PG_BIN) return hasServer(process.env.PG_BIN) ? process.env.PG_BIN : undefined;
  const debianRoot = "/usr/lib/postgresql";
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    // 15 is the version this project is checked against; any other installed one will do.
    for (const version of ["15", ...versions]) {
      const dir = join(debianRoot, version, "bin");
      if (hasServer(dir)) return dir;
    }
  }
  try {
    const { stdout } = await run("pg_config", ["--bindir"]);
    const dir = stdout.trim();
    return hasServer(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** A throwaway cluster of its own (tests that stop their database use one, never the run's shared one). */
export async function startCluster(bin: string): Promise<OwnCluster> {
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await postgresUser() : undefined;
  const dir = mkdtempSync(join(tmpdir(), "smartbill-pg-"));
  chmodSync(dir, 0o700);
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, "data");

  // PostgreSQL will not run as root: as root, every command runs as the `postgres` user.
  const exec = (command: string, args: string[]) =>
    owner
      ? run("runuser", ["-u", "postgres", "--", join(bin, command), ...args], { cwd: dir })
      : run(join(bin, command), args, { cwd: dir });

  const port = await freePort();
  const stop = async () => {
    await exec("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  // Durability settings off: the cluster lives for one test run.
  const serverOptions = [
    `-k ${dir}`,
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    "-c max_connections=300",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  try {
    // Sorting byte by byte (collation C) like SQLite; letters case-folded as in Unicode
    // (LC_CTYPE C.UTF-8) like a production server, so lower() folds Ș to ș. Where the system
    // lacks the C.UTF-8 locale, plain C (lower() then folds ASCII only).
    const initdb = ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"];
    await exec("initdb", [...initdb, "--lc-ctype=C.UTF-8"]).catch(async () => {
      rmSync(data, { recursive: true, force: true });
      await exec("initdb", initdb);
    });
    await exec("pg_ctl", ["-D", data, "-l", join(dir, "server.log"), "-o", serverOptions, "-w", "-t", "60", "start"]);
  } catch (error) {
    await stop();
    throw error;
  }
  const halt = async () => {
    await exec("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
  };
  const resume = async () => {
    await exec("pg_ctl", ["-D", data, "-l", join(dir, "server.log"), "-o", serverOptions, "-w", "-t", "60", "start"]);
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, halt, resume };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  try {
    const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
    const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
    return { uid, gid };
  } catch {
    throw new SkipPostgres("running as root and there is no `postgres` user to run the cluster as");
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function checkConnection(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select 1");
  } finally {
    await client.end();
  }
}

function messageOf(error: unknown): string {
  if (error && typeof error === "object" && "stderr" in error && String(error.stderr).trim()) {
    return String(error.stderr).trim().split("\n").slice(-3).join(" ");
  }
  return error instanceof Error ? error.message : String(error);
}
