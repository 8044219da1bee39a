/**
 * Guards a page: a visitor without a session goes to the sign-in form (which returns here); a
 * user who may not open it sees the not-found page in its place, so restricted routes look
 * exactly like routes that do not exist (spec section 2).
 */
import type { ReactNode } from "react";
import { canAccess } from "../providers/canAccess";
import { NotFound } from "../pages/NotFound";
import { SignInFirst } from "../pages/SignInFirst";
import { useRoles } from "./useRoles";
import { useSession } from "./useSession";

export function RequireAccess({ resource, children }: { resource?: string; children: ReactNode }) {
  const current = useSession();
  const roles = useRoles();
  if (!current) return <SignInFirst />;
  const allowed = resource ? canAccess(roles, resource) : true;
  return allowed ? <>{children}</> : <NotFound />;
}
