/** The signed-in user's roles, read from the access token. */
import { decodeClaims } from "../providers/session";
import { useSession } from "./useSession";

export function useRoles(): string[] {
  const current = useSession();
  return current ? (decodeClaims(current.authenticationToken)?.roles ?? []) : [];
}
