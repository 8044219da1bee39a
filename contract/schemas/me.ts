/** The answer of GET /api/me (TypeBox); contract/api.ts derives MeResponse from it. */
import { Type } from "typebox";
import { RoleNameSchema, TenantRefSchema } from "./answers";

export const MeAnswer = Type.Object({
  email: Type.String(),
  tenant: TenantRefSchema,
  roles: Type.Array(RoleNameSchema),
});
