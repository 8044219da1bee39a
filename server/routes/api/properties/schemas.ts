/** Request shapes of the /api/property routes. Strict: unknown fields are refused. */

export const PROPERTY_NAME_MAX_LENGTH = 100;
export const PROPERTY_VALUE_MAX_LENGTH = 2000;
/** Letters, digits, dot, hyphen and underscore (e.g. smartbill.token). */
export const PROPERTY_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

const name = { type: ["string", "null"], maxLength: PROPERTY_NAME_MAX_LENGTH } as const;
const value = { type: ["string", "null"], maxLength: PROPERTY_VALUE_MAX_LENGTH } as const;

/**
 * POST /properties. Nothing is `required` here: a missing or blank name or value gets the
 * spec's 'Introduceți câmpurile necesare (nume și valoare).', checked after trimming.
 */
export const propertyBody = {
  type: "object",
  additionalProperties: false,
  properties: { name, value },
} as const;

/** PUT /properties/{name}: the value only; the name cannot change. */
export const propertyValueBody = {
  type: "object",
  additionalProperties: false,
  properties: { value },
} as const;

export const propertyNameParams = {
  type: "object",
  required: ["name"],
  properties: { name: { type: "string", minLength: 1, maxLength: PROPERTY_NAME_MAX_LENGTH } },
} as const;
