/** The /api/tenant routes' path parameters; their bodies and answers are contract/schemas/tenants.ts. */
import { idParams } from "../params";

export const tenantIdParams = idParams("id");
