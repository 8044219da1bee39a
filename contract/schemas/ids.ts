/** Record ids as the API takes them (TypeBox), in paths and bodies alike. */
import { Type } from "typebox";

/** Ids are database integers (PostgreSQL `integer`): anything else is a 400, never a query. */
export const MAX_ID = 2_147_483_647;

export const IdSchema = Type.Integer({ minimum: 1, maximum: MAX_ID });
