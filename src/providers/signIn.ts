/**
 * Signing in (spec section 4): POST /dmz-api/login, then the session is stored and the refresh
 * timer armed. The public sign-in page calls it without react-admin, and the authProvider's
 * login is this same call, so both doors store the session one way.
 *
 * A super-admin's own tenant is 'system', the operator's, which has no SmartBill account and
 * invoices nothing; so unless they chose a tenant before on this browser, they start acting on
 * the first client company (the lowest id after system's), as the top bar's switcher shows.
 */
import type { LoginRequest, LoginResponse, Page, Tenant, TenantRef } from "../../contract/api";
import { SYSTEM_TENANT_ID, TENANT_HEADER } from "../../contract/constants";
import { DMZ_PATHS } from "../../contract/paths";
import { isSuperadmin } from "../../contract/roles";
import { HOME_PAGE } from "./nextPage";
import { requestJson } from "./requestJson";
import { RESOURCE_PATHS } from "./resourcePaths";
import { decodeClaims, fromLoginResponse, session, type SessionStore, type StoredSession } from "./session";
import { tokenRefresher, type TokenRefresher } from "./tokenRefresher";

export const NO_TOKEN_MESSAGE = "Serverul nu a trimis un token de acces.";

/** Where a successful sign-in lands when no page was asked for: the signed-in home. */
export const AFTER_SIGN_IN_PAGE = HOME_PAGE;

export async function signIn(
  { username, password }: LoginRequest,
  store: SessionStore = session,
  refresher: TokenRefresher = tokenRefresher,
  apiBase = "",
): Promise<StoredSession> {
  const { json } = await requestJson<LoginResponse>(`${apiBase}${DMZ_PATHS.login}`, {
    method: "POST",
    body: JSON.stringify({ username, password }),
  });
  if (!json?.authenticationToken) {
    store.remove("no-token");
    throw new Error(NO_TOKEN_MESSAGE);
  }
  const signedIn = fromLoginResponse(json);
  // Found before the session is stored, so the admin app opens already acting on it.
  const firstCompany = await firstCompanyFor(signedIn, store, apiBase);
  store.set(signedIn);
  if (firstCompany) store.chooseTenant(firstCompany);
  refresher.schedule();
  return signedIn;
}

/**
 * The company a super-admin without a stored choice starts acting on: the first client company,
 * if there is one. Best effort: when the list cannot be read, they stay in their own tenant and
 * choose in the top bar.
 */
async function firstCompanyFor(signedIn: StoredSession, store: SessionStore, apiBase: string): Promise<TenantRef | undefined> {
  if (signedIn.tenant.id !== SYSTEM_TENANT_ID || !isSuperadmin(decodeClaims(signedIn.authenticationToken)?.roles)) return undefined;
  if (store.actingTenant(signedIn)?.id !== signedIn.tenant.id) return undefined; // chose before, here
  const query = new URLSearchParams({ page: "0", size: "2", sort: "id,asc" });
  try {
    const { json } = await requestJson<Page<Tenant>>(`${apiBase}${RESOURCE_PATHS.tenants.list}?${query}`, {
      headers: { Authorization: `Bearer ${signedIn.authenticationToken}`, [TENANT_HEADER]: String(signedIn.tenant.id) },
    });
    const first = json?.content?.find((tenant) => tenant.id !== SYSTEM_TENANT_ID);
    return first && { id: first.id, name: first.name };
  } catch {
    return undefined; // the switcher is there
  }
}
