/** The answer of the /api/tasks routes (TypeBox); contract/api.ts derives Task from it. */
import { Type } from "typebox";
import { TASK_STATUSES } from "../taskStatuses";
import { Nullable, Timestamp } from "./answers";

/** Long work (a stock import) run by the server's task worker. */
export const TaskSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(["stock-import", "payment-status", "customer-anaf-check", "anaf-refresh", "invoice-reminders", "efactura-sync", "efactura-token-refresh"] as const, { description: "an unknown kind (a newer server's) is answered as stored" }),
  title: Type.String({ description: "what the task does, e.g. 'Import stoc: Depozit Central'" }),
  status: Type.Enum(TASK_STATUSES),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  total: Type.Integer({ description: "items to process, once known (0 before)" }),
  processed: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  errors: Type.Integer(),
  errorText: Nullable(Type.String({ description: "why a failed task failed, in Romanian" })),
  message: Nullable(Type.String({ description: "the outcome of a finished task, in Romanian" })),
  createdAt: Timestamp,
  startedAt: Nullable(Type.String({ description: "ISO 8601" })),
  finishedAt: Nullable(Type.String({ description: "ISO 8601" })),
});
