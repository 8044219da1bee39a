/** Request shapes of the /api/smartbill/stock routes. */
import { idParams } from "../params";
import { listQuerystringFor } from "../listQuery";
import { stockList } from "./stock.repository";

/** GET /: page, size, sort, q and `warehouseId`. */
export const stockQuerystring = listQuerystringFor(stockList);

export const stockImportParams = idParams("warehouseId");
