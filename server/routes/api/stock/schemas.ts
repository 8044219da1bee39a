/**
 * The /api/smartbill/stock routes' parameters, made from the list's spec; their answers are
 * contract/schemas/stock.ts.
 */
import { listQuerystringFor } from "../listQuery";
import { idParams } from "../params";
import { stockList } from "./stock.repository";

/** GET /: page, size, sort, q and `warehouseId`. */
export const stockQuerystring = listQuerystringFor(stockList);

export const stockImportParams = idParams("warehouseId");
