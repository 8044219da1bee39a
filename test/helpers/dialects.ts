/**
 * Runs a block of server tests once per database dialect. The PostgreSQL variant is skipped,
 * visibly and with its reason in the title, when test/setup/postgres.ts could not provide a
 * cluster.
 */
import { describe, inject } from "vitest";

export type Dialect = "sqlite" | "postgres";

export const dialects: { dialect: Dialect; skipReason: string | null }[] = [
  { dialect: "sqlite", skipReason: null },
  { dialect: "postgres", skipReason: inject("postgresSkipReason") },
];

export function describeEachDialect(title: string, body: (dialect: Dialect) => void): void {
  describe(title, () => {
    for (const { dialect, skipReason } of dialects) {
      const name = skipReason ? `on ${dialect} (skipped: ${skipReason})` : `on ${dialect}`;
      describe.skipIf(skipReason !== null)(name, () => body(dialect));
    }
  });
}
