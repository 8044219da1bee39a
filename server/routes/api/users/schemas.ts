/** Request bodies of the /api/user routes. Strict: unknown fields are refused. */
import { PASSWORD_MAX_LENGTH } from "../../dmz/schemas";

const password = { type: "string", minLength: 1, maxLength: PASSWORD_MAX_LENGTH } as const;

export const changePasswordBody = {
  type: "object",
  required: ["currentPassword", "newPassword"],
  additionalProperties: false,
  properties: { currentPassword: password, newPassword: password },
} as const;
