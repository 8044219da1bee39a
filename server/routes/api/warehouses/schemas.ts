/** The /api/smartbill/warehouses routes' path parameters; their bodies and answers are contract/schemas/warehouses.ts. */
import { idParams } from "../params";

export const warehouseIdParams = idParams("id");
