import type { Task } from "../../contract/api";
import { refetchWhileActive, TASK_REFRESH_MS } from "./TaskList";

const task = (status: Task["status"]): Task =>
  ({ id: 1, kind: "stock-import", status, progress: 0, total: 0, processed: 0, created: 0, updated: 0, errors: 0 }) as Task;
const query = (tasks: Task[] | undefined) => ({ state: { data: tasks && { data: tasks } } });

describe("the tasks page's refresh", () => {
  it("polls every second while a task is queued or running", () => {
    expect(refetchWhileActive(query([task("done"), task("running")]))).toBe(TASK_REFRESH_MS);
    expect(refetchWhileActive(query([task("queued")]))).toBe(TASK_REFRESH_MS);
  });

  it("stops once every task has ended", () => {
    expect(refetchWhileActive(query([task("done"), task("failed")]))).toBe(false);
    expect(refetchWhileActive(query(undefined))).toBe(false);
  });
});
