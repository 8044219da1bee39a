/** The answer of GET /api/first-steps (TypeBox); contract/api.ts derives FirstSteps from it. */
import { Type } from "typebox";

/** Which of a new tenant's set-up steps are done. */
export const FirstStepsSchema = Type.Object({
  smartBillConnection: Type.Boolean(),
  invoicingUser: Type.Boolean({ description: "a user of the tenant holds ROLE_SMARTBILL" }),
  warehouse: Type.Boolean(),
  customers: Type.Boolean(),
});
