/** The /api/property routes' path parameters; their bodies and answers are contract/schemas/properties.ts. */
import { Type } from "typebox";
import { PROPERTY_NAME_MAX_LENGTH } from "../../../../contract/schemas/properties";

export const propertyNameParams = Type.Object({
  name: Type.String({ minLength: 1, maxLength: PROPERTY_NAME_MAX_LENGTH }),
});
