/**
 * The fleet's daily budget of calls to ANAF's e-Factura API, per CIF, Romanian day and counted
 * operation ('list', 'status', 'download:<message id>'), in efactura_usage. A call is reserved
 * BEFORE it is made, by one statement that counts it only while the count is under the limit
 * (insert … on conflict do update … where count < limit, returning): on SQLite and PostgreSQL
 * alike, however many processes reserve at once, they never reserve more than the limit together.
 * A reserved call that then fails still counts: ANAF counted it too, or may have.
 */
import type { Kysely } from "kysely";
import type { EfacturaConfig } from "../config";
import type { Database } from "../db/database";
import { romanianDate } from "../smartbill/bucharestTime";

export type UsageOperation = "list" | "status" | `download:${string}`;

/** The fleet's limit of one operation per CIF and day, from the settings. */
export function dailyLimitOf(config: Pick<EfacturaConfig, "dailyListLimit" | "dailyStatusLimit" | "dailyDownloadsPerMessage">, operation: UsageOperation): number {
  if (operation === "list") return config.dailyListLimit;
  if (operation === "status") return config.dailyStatusLimit;
  return config.dailyDownloadsPerMessage;
}

/** Counts one call of `operation` for `cif` on Romania's day of `nowMs`; false (nothing counted) when the day's limit is reached. */
export async function reserveCall(db: Kysely<Database>, cif: string, operation: UsageOperation, limit: number, nowMs: number): Promise<boolean> {
  if (limit < 1) return false;
  const day = romanianDate(nowMs);
  const row = await db
    .insertInto("efactura_usage")
    .values({ cif, day, operation, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(["cif", "day", "operation"])
        .doUpdateSet((eb) => ({ count: eb("efactura_usage.count", "+", 1) }))
        .where("efactura_usage.count", "<", limit),
    )
    .returning("count")
    .executeTakeFirst();
  return row !== undefined;
}

/** The calls of `operation` counted for `cif` on Romania's day of `nowMs`. */
export async function usedCalls(db: Kysely<Database>, cif: string, operation: UsageOperation, nowMs: number): Promise<number> {
  const row = await db
    .selectFrom("efactura_usage")
    .select("count")
    .where("cif", "=", cif)
    .where("day", "=", romanianDate(nowMs))
    .where("operation", "=", operation)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Counters of days before Romania's day of `nowMs` (minus a day's margin): they limit nothing any more. */
export async function removeOldUsage(db: Kysely<Database>, nowMs: number): Promise<number> {
  const yesterday = romanianDate(nowMs - 24 * 3600 * 1000);
  const result = await db.deleteFrom("efactura_usage").where("day", "<", yesterday).executeTakeFirst();
  return Number(result.numDeletedRows);
}
