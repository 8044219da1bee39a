/** Shapes of the /api/user routes (TypeBox): requests (strict: unknown fields are refused) and answers. */
import { type Static, Type } from "typebox";
import { ROLES } from "../roles";
import { Nullable, RoleNameSchema, Timestamp } from "./answers";
import { EMAIL_MAX_LENGTH, password } from "./dmz";
import { MAX_ID } from "./ids";

const strict = { additionalProperties: false } as const;

export const changePasswordBody = Type.Object({ currentPassword: password, newPassword: password }, strict);

/** Generous for any real address of the app (origin + '/dmz'). */
export const BASE_URL_MAX_LENGTH = 500;

/**
 * PUT /{id} (and POST /add, below). Neither field is `required` here: a missing or blank one gets
 * the product's own sentence beside its field (tenant 0 or null = none chosen).
 */
export const userBody = Type.Object(
  {
    email: Type.Optional(Nullable(Type.String({ maxLength: EMAIL_MAX_LENGTH }))),
    tenantId: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_ID }))),
  },
  strict,
);
export type UserBody = Static<typeof userBody>;

/** The roles of a user, each once: no more than there are. */
const roleSet = Type.Array(RoleNameSchema, { maxItems: ROLES.length, uniqueItems: true });

/**
 * POST /add: the spec's body, and optionally the new user's roles, granted with the user (the
 * caller must be able to grant each, and the tenant must take it). Without them, no roles.
 */
export const newUserBody = Type.Object({ ...userBody.properties, roles: Type.Optional(roleSet) }, strict);
export type NewUserBody = Static<typeof newUserBody>;

export const RoleListSchema = Type.Array(RoleNameSchema);

/** PUT /role/assign/{userId}: the user's roles from now on. */
export const roleAssignmentBody = Type.Object({ roles: roleSet }, strict);

export const generateSetUrlBody = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
    baseUrl: Type.String({ maxLength: BASE_URL_MAX_LENGTH, description: "the app's origin + '/dmz'" }),
  },
  strict,
);

export const GenerateSetUrlAnswer = Type.Object({
  url: Type.String({
    description: "`${baseUrl}/set-password?email=…&token=…` for a user without a password, else /reset-password",
  }),
});

export const UserSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  /** with its description, for the users screen's group headings */
  tenant: Type.Object({ id: Type.Integer(), name: Type.String(), description: Nullable(Type.String()) }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  roles: RoleListSchema,
});

/** The answer to PUT /role/assign/{userId}: the roles now held, and the sentence to show. */
export const RolesAssignedAnswer = Type.Object({ message: Type.String(), roles: RoleListSchema });
