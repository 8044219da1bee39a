/**
 * /api/tasks: the request's tenant's tasks (the Tasks page), newest first, for the invoicing
 * role and the super-admin (role matrix row `tasks`). Read-only: tasks are created by the
 * actions that start them (e.g. POST /api/smartbill/stock/import/{warehouseId}) and run by the
 * worker (server/tasks/).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HttpError } from "../../../errors";
import { messages } from "../../../messages";
import { restrictTo } from "../../../plugins/requireRole";
import { listAnswer } from "../../../../contract/schemas/answers";
import { TaskSchema } from "../../../../contract/schemas/tasks";
import { taskIdParams, taskQuerystring } from "./schemas";
import { findTask, listTasks } from "./tasks.repository";
import { routeFolder } from "../routeFolder";

export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "tasks");

  app.get(
    "/",
    { schema: { querystring: taskQuerystring, response: { 200: listAnswer(TaskSchema) } } },
    (request) => listTasks(app.db, request.tenantId, request.query),
  );

  app.get(
    "/:id",
    { schema: { params: taskIdParams, response: { 200: TaskSchema } } },
    async (request) => {
      const task = await findTask(app.db, request.tenantId, request.params.id);
      if (!task) throw new HttpError(404, messages.taskNotFound);
      return task;
    },
  );
};

export default routeFolder({ routes: taskRoutes });
