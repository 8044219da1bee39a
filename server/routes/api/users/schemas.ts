/** Request shapes of the /api/user routes. Strict: unknown fields are refused. */
import { ROLES } from "../../../../contract/roles";
import { EMAIL_MAX_LENGTH, password } from "../../dmz/schemas";
import { idParams } from "../params";



export const changePasswordBody = {
  type: "object",
  required: ["currentPassword", "newPassword"],
  additionalProperties: false,
  properties: { currentPassword: password, newPassword: password },
} as const;

/** Generous for any real address of the app (origin + '/dmz'). */
export const BASE_URL_MAX_LENGTH = 500;

/**
 * POST /add and PUT /{id}. Neither field is `required` here: a missing or blank one gets the
 * spec's own 'Email is required.' / 'Tenant is required.' (tenant 0 or null = none chosen).
 */
export const userBody = {
  type: "object",
  additionalProperties: false,
  properties: {
    email: { type: ["string", "null"], maxLength: EMAIL_MAX_LENGTH },
    tenantId: { type: ["integer", "null"], minimum: 0, maximum: 2_147_483_647 },
  },
} as const;

export const roleAssignmentBody = {
  type: "object",
  required: ["roles"],
  additionalProperties: false,
  properties: {
    roles: { type: "array", maxItems: ROLES.length, uniqueItems: true, items: { type: "string", enum: ROLES } },
  },
} as const;

export const generateSetUrlBody = {
  type: "object",
  required: ["email", "baseUrl"],
  additionalProperties: false,
  properties: {
    email: { type: "string", maxLength: EMAIL_MAX_LENGTH },
    baseUrl: { type: "string", maxLength: BASE_URL_MAX_LENGTH },
  },
} as const;

export const userIdParams = idParams("id");
export const roleUserIdParams = idParams("userId");
