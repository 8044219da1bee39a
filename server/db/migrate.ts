/** Brings the schema up to date; run at every start, before anything reads the database. */
import { type Kysely, Migrator } from "kysely";
import type { Database } from "./database";
import { migrations } from "./migrations/index";

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  // Kysely takes a lock around this, so several processes starting at once migrate only once.
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const where = failed ? ` (migration ${failed.migrationName})` : "";
    throw new Error(`Database migration failed${where}: ${errorMessage(error)}`, { cause: error });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
