/** Shapes of the /api/tenant routes: requests (strict: unknown fields are refused) and answers. */
import { type Static, Type } from "typebox";
import { Nullable, Timestamp } from "./answers";

export const TENANT_NAME_MAX_LENGTH = 100;
export const TENANT_DESCRIPTION_MAX_LENGTH = 500;

/**
 * POST /add and PUT /{id}. The name is not `required` here: a missing or blank name gets the
 * spec's own 'Name is required.', checked by the route after trimming.
 */
export const tenantBody = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: TENANT_NAME_MAX_LENGTH }))),
    description: Type.Optional(Nullable(Type.String({ maxLength: TENANT_DESCRIPTION_MAX_LENGTH }))),
  },
  { additionalProperties: false },
);
export type TenantBody = Static<typeof tenantBody>;

export const TenantSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
