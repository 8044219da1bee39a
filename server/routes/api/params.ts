/** Path parameters shared by the /api routes (TypeBox, so the routes' types follow). */
import { type TInteger, type TObject, Type } from "typebox";

/** Ids are database integers (PostgreSQL `integer`): anything else is a 400, never a query. */
export const MAX_ID = 2_147_483_647;

export const IdSchema = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** `{ [name]: positive integer }`, e.g. `idParams("id")` for PUT /api/tenant/{id}. */
export function idParams<Name extends string>(name: Name): TObject<Record<Name, TInteger>> {
  return Type.Object({ [name]: IdSchema } as Record<Name, TInteger>);
}
