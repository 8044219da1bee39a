/** Shapes of the /api/property routes (TypeBox): requests (strict: unknown fields are refused) and answers. */
import { Type } from "typebox";
import { Nullable } from "./answers";

export const PROPERTY_NAME_MAX_LENGTH = 100;
export const PROPERTY_VALUE_MAX_LENGTH = 2000;
/** Letters, digits, dot, hyphen and underscore (e.g. smartbill.token). */
export const PROPERTY_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

const name = Type.Optional(Nullable(Type.String({ maxLength: PROPERTY_NAME_MAX_LENGTH })));
const value = Type.Optional(Nullable(Type.String({ maxLength: PROPERTY_VALUE_MAX_LENGTH })));
const strict = { additionalProperties: false } as const;

/**
 * POST /properties. Nothing is `required` here: a missing or blank name or value gets the
 * spec's 'Introduceți câmpurile necesare (nume și valoare).', checked after trimming.
 */
export const propertyBody = Type.Object({ name, value }, strict);

/** PUT /properties/{name}: the value only; the name cannot change. */
export const propertyValueBody = Type.Object({ value }, strict);

/** A tenant's setting; a secret's value is masked (maskSecret.ts) in every answer. */
export const PropertySchema = Type.Object({ name: Type.String(), value: Type.String() });
