/**
 * Keeps the access token fresh (spec section 4): a timer refreshes it 10 s before it expires,
 * and any call made with an expiring token refreshes first. At most one refresh is in flight;
 * every caller waiting meanwhile gets the same answer. An already expired token or a failed
 * refresh removes the stored user (the screens then go to `/`).
 */
import type { LoginResponse } from "../../contract/api";
import { TOKEN_REFRESH_LEAD_MS } from "../../contract/constants";
import { DMZ_PATHS } from "../../contract/paths";
import { requestJson } from "./requestJson";
import { decodeClaims, fromLoginResponse, isExpired, session, type SessionStore, type StoredSession } from "./session";

export interface TokenRefresher {
  /** The session to call with: refreshed first when its token expires within the lead time. */
  ensureFresh(): Promise<StoredSession | null>;
  /** Refreshes now (shared with any refresh already in flight). */
  refresh(): Promise<StoredSession>;
  /** (Re)arms the timer for the stored session; called after login, refresh and start-up. */
  schedule(): void;
  stop(): void;
}

export function createTokenRefresher(store: SessionStore = session, apiBase = ""): TokenRefresher {
  let inFlight: Promise<StoredSession> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const msUntilExpiry = (current: StoredSession) => {
    const exp = decodeClaims(current.authenticationToken)?.exp ?? 0;
    return exp * 1000 - Date.now();
  };

  const refresh = (): Promise<StoredSession> => {
    if (inFlight) return inFlight;
    const current = store.get();
    if (!current) return Promise.reject(new Error("Nu sunteți autentificat!"));
    inFlight = requestJson<LoginResponse>(`${apiBase}${DMZ_PATHS.refresh}`, {
      method: "POST",
      body: JSON.stringify({ refreshToken: current.refreshToken }),
    })
      .then(({ json }) => {
        if (!json?.authenticationToken) throw new Error("Răspuns fără token de acces.");
        const next = fromLoginResponse(json);
        store.set(next);
        schedule();
        return next;
      })
      .catch((error) => {
        stop();
        store.remove("refresh-failed");
        throw error;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const ensureFresh = async (): Promise<StoredSession | null> => {
    if (inFlight) return inFlight;
    const current = store.get();
    if (!current) return null;
    if (isExpired(current)) {
      stop();
      store.remove("expired");
      return null;
    }
    if (msUntilExpiry(current) <= TOKEN_REFRESH_LEAD_MS) return refresh();
    return current;
  };

  function stop() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function schedule() {
    stop();
    const current = store.get();
    if (!current) return;
    if (isExpired(current)) {
      store.remove("expired");
      return;
    }
    const delay = Math.max(0, msUntilExpiry(current) - TOKEN_REFRESH_LEAD_MS);
    timer = setTimeout(() => {
      timer = undefined;
      refresh().catch(() => undefined /* the store already announced the end */);
    }, delay);
  }

  return { ensureFresh, refresh, schedule, stop };
}

export const tokenRefresher = createTokenRefresher();
