/**
 * react-admin's authProvider over the spec's sign-in calls (sections 4, 6, 7). Login stores the
 * session and goes to the signed-in home; logout clears all of localStorage and goes to `/`. A
 * page that needs a session, opened without one (or whose session the server refused), sends the
 * browser to the sign-in form, which returns to that page. Permissions are the access token's
 * roles, and canAccess reads the role matrix the server enforces too.
 */
import type { AuthProvider, UserIdentity } from "react-admin";
import type { LoginRequest, TenantRef } from "../../contract/api";
import { DMZ_PATHS } from "../../contract/paths";
import { requestJson } from "./requestJson";
import { decodeClaims, session, type SessionStore } from "./session";
import { signInPageFor } from "./nextPage";
import { AFTER_SIGN_IN_PAGE, signIn } from "./signIn";
import { tokenRefresher, type TokenRefresher } from "./tokenRefresher";
import { canAccess } from "./canAccess";

const LOGOUT_TIMEOUT_MS = 3_000;

export interface AppIdentity extends UserIdentity {
  fullName: string;
  tenant: TenantRef;
}

export function rolesOf(store: SessionStore = session): string[] {
  const current = store.get();
  return current ? (decodeClaims(current.authenticationToken)?.roles ?? []) : [];
}

/** The page the browser shows (the admin app's router keeps the address). */
const currentPage = () => (typeof window === "undefined" ? "/" : window.location.pathname + window.location.search);

export function createAuthProvider(
  store: SessionStore = session,
  refresher: TokenRefresher = tokenRefresher,
  apiBase = "",
): AuthProvider {
  return {
    async login(credentials: LoginRequest) {
      await signIn(credentials, store, refresher, apiBase);
      return { redirectTo: AFTER_SIGN_IN_PAGE };
    },

    async logout() {
      refresher.stop();
      const current = store.get();
      store.clearAll();
      // Best effort: end the login on the server too, so its refresh token is dead at once.
      if (current) {
        await requestJson(`${apiBase}${DMZ_PATHS.logout}`, {
          method: "POST",
          body: JSON.stringify({ refreshToken: current.refreshToken }),
          timeoutMs: LOGOUT_TIMEOUT_MS,
        }).catch(() => undefined);
      }
      return "/";
    },

    async checkAuth() {
      const current = await refresher.ensureFresh();
      // message false: a signed-out visitor is sent to sign in quietly, not scolded.
      if (!current) throw { redirectTo: signInPageFor(currentPage()), message: false };
    },

    async checkError(error) {
      if (error?.status === 401) throw { redirectTo: signInPageFor(currentPage()), message: false };
    },

    async getIdentity(): Promise<AppIdentity> {
      const current = store.get();
      if (!current) throw new Error("Nu sunteți autentificat!");
      const claims = decodeClaims(current.authenticationToken);
      return { id: claims?.sub ?? current.userName, fullName: current.userName, tenant: current.tenant };
    },

    async getPermissions() {
      return rolesOf(store);
    },

    async canAccess({ resource }) {
      return canAccess(rolesOf(store), resource);
    },
  };
}

export const authProvider = createAuthProvider();
