/** Request shapes of the /api/tasks routes. */
import { listQuerystringFor } from "../listQuery";
import { idParams } from "../params";
import { taskList } from "./tasks.repository";

/** GET /: page, size, sort, q and `status`. */
export const taskQuerystring = listQuerystringFor(taskList);

export const taskIdParams = idParams("id");
