/** The /api/tasks routes' parameters, made from the list's spec; the answer is contract/schemas/tasks.ts. */
import { listQuerystringFor } from "../listQuery";
import { idParams } from "../params";
import { taskList } from "./tasks.repository";

/** GET /: page, size, sort, q and `status`. */
export const taskQuerystring = listQuerystringFor(taskList);

export const taskIdParams = idParams("id");
