/**
 * The HS256 key for access tokens. Production must set JWT_SECRET (config.ts enforces it). Demo
 * mode without it generates one on first start and keeps it in the `secrets` table, so tokens
 * survive restarts and every process sharing the database agrees on the key.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";

const SECRET_NAME = "jwt";

export async function resolveJwtSecret(db: Kysely<Database>, config: Config): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (!config.demo) throw new Error("JWT_SECRET is required when NODE_ENV=production.");

  // Insert-if-absent then read back: when two processes start together, both end up with
  // whichever value won the insert.
  await db
    .insertInto("secrets")
    .values({ name: SECRET_NAME, value: randomBytes(48).toString("base64url") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("secrets")
    .select("value")
    .where("name", "=", SECRET_NAME)
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}
