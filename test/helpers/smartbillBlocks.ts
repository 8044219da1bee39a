/**
 * Lifts every SmartBill block a test provoked, as if its time had passed: the process's own
 * limiters, and on PostgreSQL the fleet's shared budget (a lockout one process saw is recorded
 * there for all of them, server/smartbill/sharedBudget.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/database";
import { resetSmartBillLimiters } from "../../server/smartbill/client";

export async function liftSmartBillBlocks(db: Kysely<Database>): Promise<void> {
  resetSmartBillLimiters();
  await db.deleteFrom("smartbill_budget").execute();
}
