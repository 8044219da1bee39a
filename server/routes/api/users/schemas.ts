/** The /api/user routes' path parameters; their bodies and answers are contract/schemas/users.ts. */
import { idParams } from "../params";

export const userIdParams = idParams("id");
export const roleUserIdParams = idParams("userId");
