/** Path parameters shared by the /api routes. */

/** Ids are database integers (PostgreSQL `integer`): anything else is a 400, never a query. */
export const MAX_ID = 2_147_483_647;

/** `{ [name]: positive integer }`, e.g. `idParams("id")` for PUT /api/tenant/{id}. */
export function idParams<Name extends string>(name: Name) {
  return {
    type: "object",
    required: [name],
    properties: { [name]: { type: "integer", minimum: 1, maximum: MAX_ID } } as Record<
      Name,
      { type: "integer"; minimum: 1; maximum: number }
    >,
  } as const;
}
