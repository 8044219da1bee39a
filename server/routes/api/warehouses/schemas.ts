/** Request shapes of the /api/smartbill/warehouses routes. Strict: unknown fields are refused. */
import { idParams } from "../params";

export const WAREHOUSE_NAME_MAX_LENGTH = 100;

/**
 * POST / and PUT /{id}. Nothing is `required` and the type is not an `enum` here: a missing or
 * blank field gets the spec's 'Completati numele si tipul depozitului.', and an unknown type its
 * own sentence, both checked by the route after trimming.
 */
export const warehouseBody = {
  type: "object",
  additionalProperties: false,
  properties: {
    warehouseName: { type: ["string", "null"], maxLength: WAREHOUSE_NAME_MAX_LENGTH },
    warehouseType: { type: ["string", "null"], maxLength: 50 },
  },
} as const;

export const warehouseIdParams = idParams("id");
