/**
 * Every kind of task the worker runs, by the name stored in `tasks.kind`. A new kind adds its
 * line here and its file under kinds/.
 */
import { createStockImport } from "./kinds/stockImport";
import type { TaskKinds } from "./types";

export const TASK_KINDS: TaskKinds = {
  "stock-import": createStockImport(),
};
