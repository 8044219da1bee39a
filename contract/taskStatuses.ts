/** A task's life: queued, then run by one server's worker, then done or failed. */
export const TASK_STATUSES = ["queued", "running", "done", "failed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
