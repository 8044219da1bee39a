/**
 * /api/smartbill/stock: the request's tenant's stock ('Lista Produse') and its import from
 * SmartBill ('Import Stoc Produse'), for the invoicing role and the super-admin (role matrix row
 * `stock`). The list always answers `{ content, totalElements }`: the spec's `{content}`, plus
 * the count for paging. Without page/size it is the whole list, up to MAX_UNPAGED_STOCK items
 * (beyond that, a 400 asks for pages). An import answers 202 at once; it runs as a task.
 */
import type { FastifyPluginAsync } from "fastify";
import type { StockImportResponse, StockListParams, StockPage } from "../../../../contract/api";
import { HttpError } from "../../../errors";
import { messages, stockImportQueued, stockImportTitle } from "../../../messages";
import { requireRole } from "../../../plugins/requireRole";
import { enqueueTask } from "../../../tasks/queue";
import { findWarehouse } from "../warehouses/warehouses.repository";
import { stockImportParams, stockQuerystring } from "./schemas";
import { listStock } from "./stock.repository";

export const stockRoutes: FastifyPluginAsync = async (app) => {
  // onRequest: a caller without the role is refused before the body is even read.
  app.addHook("onRequest", requireRole("stock"));

  app.get<{ Querystring: StockListParams; Reply: StockPage }>(
    "/",
    { schema: { querystring: stockQuerystring } },
    (request) => listStock(app.db, request.tenantId, request.query),
  );

  app.post<{ Params: { warehouseId: number }; Reply: StockImportResponse }>(
    "/import/:warehouseId",
    { schema: { params: stockImportParams } },
    async (request, reply) => {
      const warehouse = await findWarehouse(app.db, request.tenantId, request.params.warehouseId);
      if (!warehouse) throw new HttpError(404, messages.warehouseNotFound);
      const task = await enqueueTask(app.db, {
        tenantId: request.tenantId,
        kind: "stock-import",
        title: stockImportTitle(warehouse.warehouseName),
        payload: { warehouseId: warehouse.id },
        createdBy: request.user.id,
      });
      return reply.code(202).send({ message: stockImportQueued(warehouse.warehouseName), taskId: task.id });
    },
  );
};
