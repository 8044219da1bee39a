/**
 * Signing in (spec section 4): POST /dmz-api/login, then the session is stored and the refresh
 * timer armed. The public sign-in page calls it without react-admin, and the authProvider's
 * login is this same call, so both doors store the session one way.
 */
import type { LoginRequest, LoginResponse } from "../../contract/api";
import { DMZ_PATHS } from "../../contract/paths";
import { requestJson } from "./requestJson";
import { fromLoginResponse, session, type SessionStore, type StoredSession } from "./session";
import { tokenRefresher, type TokenRefresher } from "./tokenRefresher";

export const NO_TOKEN_MESSAGE = "Serverul nu a trimis un token de acces.";

/** Where a successful sign-in lands (spec section 2). */
export const AFTER_SIGN_IN_PAGE = "/profile";

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
  store.set(signedIn);
  refresher.schedule();
  return signedIn;
}
