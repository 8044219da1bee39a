/** Shapes of the /api/smartbill/warehouses routes (TypeBox): requests (strict: unknown fields are refused) and answers. */
import { type Static, Type } from "typebox";
import { WAREHOUSE_TYPES } from "../warehouseTypes";
import { Nullable } from "./answers";

export const WAREHOUSE_NAME_MAX_LENGTH = 100;

/**
 * POST / and PUT /{id}. Nothing is `required` and the type is not an `enum` here: a missing or
 * blank field gets the spec's 'Completați numele și tipul depozitului.', and an unknown type its
 * own sentence, both checked by the route after trimming.
 */
export const warehouseBody = Type.Object(
  {
    warehouseName: Type.Optional(Nullable(Type.String({ maxLength: WAREHOUSE_NAME_MAX_LENGTH }))),
    warehouseType: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  },
  { additionalProperties: false },
);
export type WarehouseBody = Static<typeof warehouseBody>;

/** Its name is the SmartBill warehouse's, matched exactly. */
export const WarehouseSchema = Type.Object({
  id: Type.Integer(),
  warehouseName: Type.String(),
  warehouseType: Type.String({ description: `one of: ${WAREHOUSE_TYPES.join(", ")}` }),
});

/** The answer to POST and PUT: the warehouse as stored, plus the success message to show. */
export const WarehouseSavedAnswer = Type.Object({ ...WarehouseSchema.properties, message: Type.String() });

/**
 * GET /smartbill: SmartBill's warehouses, as its stock answer (GET /stocks without filters) names
 * them. A warehouse without any product in it is not in that answer.
 */
export const SmartBillWarehousesAnswer = Type.Object({
  warehouses: Type.Array(
    Type.Object({
      warehouseName: Type.String({ description: "exactly as SmartBill spells it (it compares names case-sensitively)" }),
      warehouseType: Type.String({ description: "as SmartBill says: en gros or en detail" }),
    }),
  ),
});
