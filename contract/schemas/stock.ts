/** Answers of the /api/smartbill/stock routes (TypeBox); contract/api.ts derives its types from them. */
import { Type } from "typebox";
import { Nullable, pageOf } from "./answers";

/** One product's stock in one warehouse, as last imported from SmartBill. */
export const StockItemSchema = Type.Object({
  id: Type.Integer(),
  productCode: Nullable(Type.String({ description: "null when the company does not use product codes in SmartBill" })),
  productName: Type.String(),
  measuringUnit: Type.String(),
  quantity: Type.Number(),
  warehouseId: Type.Integer(),
});

/** GET /: always this shape (the spec's `{content}`, plus the count). */
export const StockPageSchema = pageOf(StockItemSchema);

/**
 * POST /import/{warehouseId}: answered at once (202); the import runs as a task. While an import
 * of the warehouse is queued or running, no second one is queued: the message says so, and
 * `taskId` is the existing task's.
 */
export const StockImportAnswer = Type.Object({ message: Type.String(), taskId: Type.Integer() });
