/**
 * Fair tasks: a task may name what it works on (`dedupKey`, e.g. one warehouse's stock import),
 * and the database keeps at most one queued or running task per tenant and key, so a second
 * request for the same work, however simultaneous, finds the first task instead of queueing
 * another. Also the indexes the worker's claim reads on every look at the queue: whether a
 * tenant has a task running, and when its latest task started (server/tasks/queue.ts). Frozen
 * like every migration: it imports nothing from the application.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("dedupKey", "text").execute();
  // Partial: finished tasks keep their key (the history) without blocking a new task. The
  // predicate is literal SQL, as the queue's ON CONFLICT clause repeats it word for word.
  await db.schema
    .createIndex("tasks_active_dedupKey")
    .on("tasks")
    .columns(["tenantId", "dedupKey"])
    .unique()
    .where(sql<boolean>`"dedupKey" is not null and "status" in ('queued', 'running')`)
    .execute();
  await db.schema.createIndex("tasks_tenantId_status").on("tasks").columns(["tenantId", "status"]).execute();
  await db.schema.createIndex("tasks_tenantId_startedAt").on("tasks").columns(["tenantId", "startedAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["tasks_tenantId_startedAt", "tasks_tenantId_status", "tasks_active_dedupKey"]) {
    await db.schema.dropIndex(index).execute();
  }
  // SQLite drops a column only once no index names it (above).
  await db.schema.alterTable("tasks").dropColumn("dedupKey").execute();
}
