/** Request shapes of the /api/tenant routes. Strict: unknown fields are refused. */
import { idParams } from "../params";

export const TENANT_NAME_MAX_LENGTH = 100;
export const TENANT_DESCRIPTION_MAX_LENGTH = 500;

/**
 * POST /add and PUT /{id}. The name is not `required` here: a missing or blank name gets the
 * spec's own 'Name is required.', checked by the route after trimming.
 */
export const tenantBody = {
  type: "object",
  additionalProperties: false,
  properties: {
    name: { type: ["string", "null"], maxLength: TENANT_NAME_MAX_LENGTH },
    description: { type: ["string", "null"], maxLength: TENANT_DESCRIPTION_MAX_LENGTH },
  },
} as const;

export const tenantIdParams = idParams("id");
