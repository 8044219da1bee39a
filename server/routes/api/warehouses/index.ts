/**
 * /api/smartbill/warehouses: the request's tenant's warehouses ('Management Depozite'), for the
 * tenant's admin (who sets them up), the invoicing role and the super-admin (role matrix row
 * `warehouses`). A warehouse's name is the
 * name of a SmartBill warehouse (gestiune), which SmartBill matches exactly, so names are
 * unique per tenant and case-sensitive. GET /smartbill answers the names SmartBill itself knows,
 * for the form to offer.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Warehouse, type WarehouseType, WAREHOUSE_TYPES } from "../../../../contract/api";
import { isUniqueViolation } from "../../../db/connection";
import { HttpError } from "../../../errors";
import { messages, smartBillWarehousesUnavailable, warehouseNameTaken } from "../../../messages";
import { audited } from "../../../plugins/audit";
import { restrictTo } from "../../../plugins/requireRole";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { smartBillClientForTenant } from "../../../smartbill/client";
import { failureAnswer } from "../../../smartbill/failureAnswer";
import { SmartBillError, type StockWarehouse } from "../../../smartbill/types";
import { listAnswer, MessageAnswer } from "../../../../contract/schemas/answers";
import { listQuerystringFor } from "../listQuery";
import {
  SmartBillWarehousesAnswer,
  type WarehouseBody,
  warehouseBody,
  WarehouseSavedAnswer,
  WarehouseSchema,
} from "../../../../contract/schemas/warehouses";
import { warehouseIdParams } from "./schemas";
import { routeFolder } from "../routeFolder";
import {
  deleteWarehouse,
  findWarehouse,
  findWarehouseNamed,
  insertWarehouse,
  listWarehouses,
  updateWarehouse,
  type WarehouseFields,
  warehouseList
} from "./warehouses.repository";

export const warehouseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // onRequest: a caller without the role is refused before the body is even read.
  restrictTo(app, "warehouses");

  app.get(
    "/",
    { schema: { querystring: listQuerystringFor(warehouseList), response: { 200: listAnswer(WarehouseSchema) } } },
    (request) => listWarehouses(app.db, request.tenantId, request.query),
  );

  // Before the form is filled: the names SmartBill knows, so none is guessed. One call of the
  // token's budget (the shared limiter of every SmartBill call), nothing stored.
  app.get("/smartbill", { schema: { response: { 200: SmartBillWarehousesAnswer } } }, async (request) => {
    try {
      const client = await smartBillClientForTenant(app.db, request.tenantId, app.smartBillUrls);
      return { warehouses: warehousesIn(await client.getStocks({ date: romanianDate(Date.now()) })) };
    } catch (error) {
      if (!(error instanceof SmartBillError)) throw error;
      throw failureAnswer(error, smartBillWarehousesUnavailable(error.message));
    }
  });

  app.post(
    "/",
    { config: { audit: "warehouses.create" }, schema: { body: warehouseBody, response: { 200: WarehouseSavedAnswer } } },
    async (request) => {
      const fields = warehouseFields(request.body);
      await refuseDuplicate(request.tenantId, fields.warehouseName);
      const warehouse = await withDuplicateCheck(fields.warehouseName, () =>
        audited(request, app.db, (trx) => insertWarehouse(trx, request.tenantId, fields), recordOf),
      );
      return { ...warehouse, message: messages.warehouseAdded };
    },
  );

  app.put(
    "/:id",
    { config: { audit: "warehouses.update" }, schema: { params: warehouseIdParams, body: warehouseBody, response: { 200: WarehouseSavedAnswer } } },
    async (request) => {
      const { id } = request.params;
      const fields = warehouseFields(request.body);
      if (!(await findWarehouse(app.db, request.tenantId, id))) throw new HttpError(404, messages.warehouseNotFound);
      await refuseDuplicate(request.tenantId, fields.warehouseName, id);
      const warehouse = await withDuplicateCheck(fields.warehouseName, () =>
        audited(request, app.db, (trx) => updateWarehouse(trx, request.tenantId, id, fields), recordOf),
      );
      if (!warehouse) throw new HttpError(404, messages.warehouseNotFound);
      return { ...warehouse, message: messages.warehouseUpdated };
    },
  );

  app.delete(
    "/:id",
    { config: { audit: "warehouses.delete" }, schema: { params: warehouseIdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      if (!(await audited(request, app.db, (trx) => deleteWarehouse(trx, request.tenantId, request.params.id), recordOf))) {
        throw new HttpError(404, messages.warehouseNotFound);
      }
      return { message: messages.warehouseDeleted };
    },
  );

  /** A warehouse written names its audit row; none written, none recorded. */
  function recordOf(warehouse: Warehouse | undefined) {
    return warehouse && { target: warehouse.id, targetLabel: warehouse.warehouseName };
  }

  async function refuseDuplicate(tenantId: number, warehouseName: string, exceptId?: number): Promise<void> {
    if (await findWarehouseNamed(app.db, tenantId, warehouseName, exceptId)) {
      throw new HttpError(409, warehouseNameTaken(warehouseName));
    }
  }
};

/** Each warehouse of a stock answer once, in SmartBill's order. */
function warehousesIn(stock: readonly StockWarehouse[]): { warehouseName: string; warehouseType: string }[] {
  const seen = new Map<string, string>();
  for (const { warehouse } of stock) {
    const name = typeof warehouse?.warehouseName === "string" ? warehouse.warehouseName : "";
    if (name && !seen.has(name)) seen.set(name, typeof warehouse.warehouseType === "string" ? warehouse.warehouseType : "");
  }
  return [...seen].map(([warehouseName, warehouseType]) => ({ warehouseName, warehouseType }));
}

/** Trimmed and checked: both fields present, and a type SmartBill knows. */
function warehouseFields(body: WarehouseBody): WarehouseFields {
  const warehouseName = body.warehouseName?.trim() ?? "";
  const warehouseType = body.warehouseType?.trim() ?? "";
  if (!warehouseName || !warehouseType) {
    const errors: Record<string, string> = {};
    if (!warehouseName) errors.warehouseName = messages.warehouseFieldsRequired;
    if (!warehouseType) errors.warehouseType = messages.warehouseFieldsRequired;
    throw new HttpError(400, messages.warehouseFieldsRequired, errors);
  }
  if (!isWarehouseType(warehouseType)) {
    throw new HttpError(400, messages.warehouseTypeInvalid, { warehouseType: messages.warehouseTypeInvalid });
  }
  return { warehouseName, warehouseType };
}

function isWarehouseType(value: string): value is WarehouseType {
  return (WAREHOUSE_TYPES as readonly string[]).includes(value);
}

/** Two requests creating the same name at once: the second meets the unique index. */
async function withDuplicateCheck<T>(warehouseName: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, warehouseNameTaken(warehouseName));
    throw error;
  }
}

export default routeFolder({ routes: warehouseRoutes });
