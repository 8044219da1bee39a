/**
 * The reminders' task followed to its end: read every second while it is queued or running (as
 * the tasks list does), then left alone.
 */
import { useGetOne } from "react-admin";
import type { Task } from "../../contract/api";
import { TASK_REFRESH_MS } from "../tasks/TaskList";

const ACTIVE: Task["status"][] = ["queued", "running"];

export function useReminderTask(taskId: number | undefined) {
  return useGetOne<Task>(
    "tasks",
    { id: taskId ?? 0 },
    {
      enabled: taskId !== undefined,
      refetchInterval: (query) => (query.state.data && !ACTIVE.includes(query.state.data.status) ? false : TASK_REFRESH_MS),
    },
  );
}
