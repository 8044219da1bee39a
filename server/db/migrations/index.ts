/**
 * The migrations, in the order of their file names (`NNNN_<what>.ts` in this folder), read from
 * the folder: a new migration is its file and nothing else. Migrations import nothing from the
 * application (they are frozen), so loading them here at the module's first import cannot wait
 * on anything that imports this module.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Migration } from "kysely";

const FOLDER = dirname(fileURLToPath(import.meta.url));
/** A migration's file: four digits, an underscore, what it does. */
export const MIGRATION_FILE = /^(\d{4}_[A-Za-z0-9_]+)\.ts$/;

/** The migration files' names without `.ts`, in the order they run. */
export function migrationNames(folder = FOLDER): string[] {
  return readdirSync(folder)
    .map((file) => MIGRATION_FILE.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

async function loadMigrations(): Promise<Record<string, Migration>> {
  const loaded: Record<string, Migration> = {};
  for (const name of migrationNames()) {
    const module: Partial<Migration> = await import(pathToFileURL(join(FOLDER, `${name}.ts`)).href);
    if (typeof module.up !== "function") throw new Error(`server/db/migrations/${name}.ts exports no up()`);
    loaded[name] = module as Migration;
  }
  return loaded;
}

export const migrations: Record<string, Migration> = await loadMigrations();
