/** Reading a tenant's tasks: plain functions taking `db`, dialect-free. Writing is server/tasks/queue.ts. */
import type { Kysely } from "kysely";
import type { ListParams, Page, Task, TaskKind } from "../../../../contract/api";
import { TASK_STATUSES } from "../../../../contract/taskStatuses";
import type { Database } from "../../../db/database";
import type { TaskRow } from "../../../tasks/types";
import { type ListSpec, runList } from "../listQuery";

export const taskList = {
  sortable: {
    id: "tasks.id",
    kind: "tasks.kind",
    title: "tasks.title",
    status: "tasks.status",
    progress: "tasks.progress",
    createdAt: "tasks.createdAt",
    startedAt: "tasks.startedAt",
    finishedAt: "tasks.finishedAt",
  },
  searchable: ["tasks.title"],
  // Newest first.
  defaultOrder: [{ column: "tasks.id", direction: "desc" }],
  filters: { status: { column: "tasks.status", schema: { type: "string", enum: TASK_STATUSES } } },
  maxUnpaged: 10_000,
} satisfies ListSpec;

const COLUMNS = [
  "tasks.id",
  "tasks.kind",
  "tasks.title",
  "tasks.status",
  "tasks.progress",
  "tasks.total",
  "tasks.processed",
  "tasks.created",
  "tasks.updated",
  "tasks.errors",
  "tasks.errorText",
  "tasks.message",
  "tasks.createdAt",
  "tasks.startedAt",
  "tasks.finishedAt",
] as const;

type TaskColumns = Pick<TaskRow, "id" | "kind" | "title" | "status" | "progress" | "total" | "processed" | "created" | "updated" | "errors" | "errorText" | "message" | "createdAt" | "startedAt" | "finishedAt">;

/** As the API answers it: the internal columns (payload, owner, heartbeat) stay on the server. */
const toTask = (row: TaskColumns): Task => ({ ...row, kind: row.kind as TaskKind });

/** `params` may also name taskList's filters (`status`), as taskQuerystring admits them. */
export function listTasks(db: Kysely<Database>, tenantId: number, params: ListParams): Promise<Task[] | Page<Task>> {
  return runList(
    db.selectFrom("tasks").where("tasks.tenantId", "=", tenantId),
    params,
    taskList,
    (query) => query.select(COLUMNS),
    (rows) => rows.map(toTask),
  );
}

export async function findTask(db: Kysely<Database>, tenantId: number, id: number): Promise<Task | undefined> {
  const row = await db
    .selectFrom("tasks")
    .select(COLUMNS)
    .where("tasks.tenantId", "=", tenantId)
    .where("tasks.id", "=", id)
    .executeTakeFirst();
  return row && toTask(row);
}
