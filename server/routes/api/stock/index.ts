/**
 * /api/smartbill/stock: the request's tenant's stock ('Lista Produse') and its import from
 * SmartBill ('Import Stoc Produse'), for the invoicing role and the super-admin (role matrix row
 * `stock`). The list always answers `{ content, totalElements }`: the spec's `{content}`, plus
 * the count for paging. Without page/size it is the whole list, up to MAX_UNPAGED_STOCK items
 * (beyond that, a 400 asks for pages). An import answers 202 at once; it runs as a task.
 *
 * An import of a warehouse whose import is already queued or running queues nothing: the answer
 * names the existing task (its id as `taskId`). Still 202, as for the first request: what the
 * caller asked for is accepted and not finished, and the task to follow is the same; a double
 * click, or a retry after a lost answer, gets the answer the first request got, save the words.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HttpError } from "../../../errors";
import { messages, stockImportAlreadyQueued, stockImportQueued, stockImportQueuedResult, stockImportTitle, tasksQueueFull } from "../../../messages";
import { audited } from "../../../plugins/audit";
import { restrictTo } from "../../../plugins/requireRole";
import { stockImportKey } from "../../../tasks/kinds/stockImport";
import { enqueueTask, wakeWorkers } from "../../../tasks/queue";
import { TaskQueueFull } from "../../../tasks/types";
import { findWarehouse } from "../warehouses/warehouses.repository";
import { StockImportAnswer, StockPageSchema } from "../../../../contract/schemas/stock";
import { stockImportParams, stockQuerystring } from "./schemas";
import { listStock } from "./stock.repository";
import { routeFolder } from "../routeFolder";

export const stockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // onRequest: a caller without the role is refused before the body is even read.
  restrictTo(app, "stock");

  app.get(
    "/",
    { schema: { querystring: stockQuerystring, response: { 200: StockPageSchema } } },
    (request) => listStock(app.db, request.tenantId, request.query),
  );

  app.post(
    "/import/:warehouseId",
    { config: { audit: "stock.import" }, schema: { params: stockImportParams, response: { 202: StockImportAnswer } } },
    async (request, reply) => {
      const warehouse = await findWarehouse(app.db, request.tenantId, request.params.warehouseId);
      if (!warehouse) throw new HttpError(404, messages.warehouseNotFound);
      const queue = (trx: typeof app.db) =>
        enqueueTask(trx, {
          tenantId: request.tenantId,
          kind: "stock-import",
          title: stockImportTitle(warehouse.warehouseName),
          payload: { warehouseId: warehouse.id },
          createdBy: request.user.id,
          dedupKey: stockImportKey(warehouse.id),
        });
      // The import asked for is recorded; one joining the import already queued asked for nothing new.
      const { task, created } = await audited(request, app.db, queue, ({ task, created }) =>
        created ? { target: warehouse.id, targetLabel: warehouse.warehouseName, result: stockImportQueuedResult(task.id) } : undefined,
      ).catch((error: unknown) => {
        if (error instanceof TaskQueueFull) throw new HttpError(429, tasksQueueFull(error.max));
        throw error;
      });
      if (created) wakeWorkers(app.db);
      const message = created
        ? stockImportQueued(warehouse.warehouseName)
        : stockImportAlreadyQueued(warehouse.warehouseName, task.id);
      return reply.code(202).send({ message, taskId: task.id });
    },
  );
};

export default routeFolder({ routes: stockRoutes });
