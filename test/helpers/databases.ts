/**
 * A fresh, empty database per call: a new SQLite file in a temporary directory, or a new
 * database in the run's PostgreSQL cluster. Nothing is shared between test apps unless a test
 * passes the same URL twice (to restart an app on its data).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { Dialect } from "./dialects";

const temporaryDirs: string[] = [];

export async function freshDatabaseUrl(dialect: Dialect): Promise<string> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "smartbill-test-"));
    temporaryDirs.push(dir);
    return `sqlite:${join(dir, "app.db")}`;
  }
  const adminUrl = inject("postgresUrl");
  if (!adminUrl) throw new Error("PostgreSQL is not available in this run");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Removes the SQLite files made so far (PostgreSQL databases go with the cluster). */
export function removeTemporaryDatabases(): void {
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
