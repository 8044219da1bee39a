/** The client's access check: the role matrix in contract/, the same one the server enforces. */
import { rolesAllow } from "../../contract/roles";

export function canAccess(roles: readonly string[] | undefined, resource: string): boolean {
  return rolesAllow(roles, resource);
}
