/** Request shapes of the /api/smartbill/connection routes. Strict: unknown fields are refused. */
import { PROPERTY_VALUE_MAX_LENGTH } from "../properties/schemas";

const setting = { type: ["string", "null"], maxLength: PROPERTY_VALUE_MAX_LENGTH } as const;

/**
 * PUT / and POST /test. Nothing is `required` here: every missing or blank field gets its own
 * sentence from the route, all of them in one answer.
 */
export const connectionBody = {
  type: "object",
  additionalProperties: false,
  properties: { username: setting, token: setting, cif: setting, url: setting },
} as const;
