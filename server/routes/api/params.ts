/** Path parameters shared by the /api routes (TypeBox, so the routes' types follow). */
import { type TInteger, type TObject, Type } from "typebox";
import { IdSchema } from "../../../contract/schemas/ids";

/** `{ [name]: positive integer }`, e.g. `idParams("id")` for PUT /api/tenant/{id}. */
export function idParams<Name extends string>(name: Name): TObject<Record<Name, TInteger>> {
  return Type.Object({ [name]: IdSchema } as Record<Name, TInteger>);
}
