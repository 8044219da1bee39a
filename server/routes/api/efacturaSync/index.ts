/**
 * POST /api/efactura/sync ('Citește acum'): queues the tenant's 'efactura-sync' task now, instead
 * of at the next periodic pass; while one is queued or running, answers that one (its dedupKey).
 * For the tenant's administrators (who connect it) and its invoicing staff (who watch the
 * invoices' SPV status). 409 when the tenant is not connected to SPV. The connection's own routes
 * (/api/efactura/connection, …) are another folder's; this one mounts beside them.
 *
 * Not audited: it reads ANAF and changes nothing a user entered; what the task records is on
 * each invoice's history.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { rolesAllow } from "../../../../contract/roles";
import { MessageAnswer } from "../../../../contract/schemas/answers";
import { NOT_CONNECTED_MESSAGE } from "../../../efactura/efacturaAccess";
import { HttpError } from "../../../errors";
import { messages, tasksQueueFull } from "../../../messages";
import { EFACTURA_SYNC_TASK } from "../../../plugins/efacturaSync";
import { checkedBy } from "../../../plugins/requireRole";
import { enqueueTask } from "../../../tasks/queue";
import { TaskQueueFull } from "../../../tasks/types";
import { routeFolder } from "../routeFolder";

/** The tenant's administrators and invoicing staff. */
async function adminOrInvoicing(request: FastifyRequest): Promise<void> {
  if (!rolesAllow(request.user?.roles, "smartbillConnection") && !rolesAllow(request.user?.roles, "invoices")) {
    throw new HttpError(403, messages.roleForbidden);
  }
}

export const EfacturaSyncAnswer = Type.Object({
  taskId: Type.Integer({ description: "the 'efactura-sync' task, followed on the tasks' routes" }),
  queued: Type.Boolean({ description: "false when one was already queued or running (that one is answered)" }),
});

export const efacturaSyncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const access = checkedBy(adminOrInvoicing, "smartbillConnection", "invoices");
  app.post(
    "/sync",
    {
      onRequest: access.onRequest,
      config: { ...access.config, audit: false },
      schema: { response: { 202: EfacturaSyncAnswer, 409: MessageAnswer, 429: MessageAnswer } },
    },
    async (request, reply) => {
      const connected = await app.db.selectFrom("efactura_connections").select("tenantId").where("tenantId", "=", request.tenantId).executeTakeFirst();
      if (!connected) throw new HttpError(409, NOT_CONNECTED_MESSAGE);
      const { task, created } = await enqueueTask(app.db, { tenantId: request.tenantId, ...EFACTURA_SYNC_TASK, payload: null, createdBy: request.user.id }).catch(
        (error: unknown) => {
          if (error instanceof TaskQueueFull) throw new HttpError(429, tasksQueueFull(error.max));
          throw error;
        },
      );
      return reply.code(202).send({ taskId: task.id, queued: created });
    },
  );
};

export default routeFolder({ routes: [[efacturaSyncRoutes, "/efactura"]] });
