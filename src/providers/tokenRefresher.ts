/**
 * Keeps the access token fresh (spec section 4): a timer refreshes it 10 s before it expires,
 * and any call made with an expiring token refreshes first. At most one refresh is in flight;
 * every caller waiting meanwhile gets the same answer. The session lives as long as its refresh
 * token, not its access token: a browser closed for longer than the access token's life finds
 * it expired on its return, refreshes first and carries on. Only a refused refresh removes the
 * stored user (the screens then go to the sign-in form).
 *
 * Tabs share the stored session, and the server ends a login whose refresh token is presented
 * twice; so a refresh runs under a browser-wide lock and first looks whether another tab has
 * already refreshed while it waited. Where the browser has no locks (plain http off localhost),
 * the server answers a tab that presents the just-exchanged token within its retry window with the
 * successor the first tab got, and the tabs end up storing the same session.
 */
import { HttpError } from "./HttpError";
import type { LoginResponse } from "../../contract/api";
import { TOKEN_REFRESH_LEAD_MS } from "../../contract/constants";
import { DMZ_PATHS } from "../../contract/paths";
import { requestJson } from "./requestJson";
import { decodeClaims, fromLoginResponse, session, type SessionStore, type StoredSession } from "./session";

export interface TokenRefresher {
  /** The session to call with: refreshed first when its token expires within the lead time. */
  ensureFresh(): Promise<StoredSession | null>;
  /** Refreshes now (shared with any refresh already in flight, here or in another tab). */
  refresh(): Promise<StoredSession>;
  /** (Re)arms the timer for the stored session; called after login, refresh and start-up. */
  schedule(): void;
  stop(): void;
}

const REFRESH_LOCK = "smartbill-backoffice-token-refresh";
/** A passing failure (no network, a server restarting) is tried again before the user is signed out. */
const RETRY_DELAYS_MS = [1_000, 2_000];
/**
 * The least time between two refreshes. A fresh token is normally good for minutes; one that is
 * already expiring when it arrives means the browser's clock is ahead of the server's, and
 * refreshing again at once would only ask the server in a loop. The calls are then made with it
 * (the server, whose clock counts, accepts it).
 */
const MIN_REFRESH_GAP_MS = 5_000;

export const SESSION_CHANGED_MESSAGE = "Sesiunea s-a schimbat în timpul reîmprospătării.";

function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? (locks.request(REFRESH_LOCK, work) as Promise<T>) : work();
}

const isPassing = (error: unknown) =>
  error instanceof HttpError && (error.status === 0 || error.status >= 500);

export function createTokenRefresher(store: SessionStore = session, apiBase = ""): TokenRefresher {
  let inFlight: Promise<StoredSession> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When this tab last stored a refreshed session (Date.now()), or 0. */
  let lastRefreshedAt = 0;
  const msSinceRefresh = () => Date.now() - lastRefreshedAt;

  const msUntilExpiry = (current: StoredSession) => {
    const exp = decodeClaims(current.authenticationToken)?.exp ?? 0;
    return exp * 1000 - Date.now();
  };

  async function askServer(refreshToken: string): Promise<StoredSession> {
    // Named before it is sent, so that a reload before the answer asks the same exchange again.
    const body = JSON.stringify({ refreshToken, attempt: store.refreshAttempt(refreshToken) });
    for (let attempt = 0; ; attempt += 1) {
      try {
        const { json } = await requestJson<LoginResponse>(`${apiBase}${DMZ_PATHS.refresh}`, { method: "POST", body });
        if (!json?.authenticationToken) throw new Error("Răspuns fără token de acces.");
        return fromLoginResponse(json);
      } catch (error) {
        if (!isPassing(error) || attempt >= RETRY_DELAYS_MS.length) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
      }
    }
  }

  const refresh = (): Promise<StoredSession> => {
    if (inFlight) return inFlight;
    const started = store.get();
    if (!started) return Promise.reject(new Error("Nu sunteți autentificat!"));
    inFlight = withRefreshLock(async () => {
      const latest = store.get();
      if (!latest) throw new Error(SESSION_CHANGED_MESSAGE);
      // Another tab refreshed while this one waited for the lock: its tokens are ours too.
      if (latest.refreshToken !== started.refreshToken) return latest;
      let next: StoredSession;
      try {
        next = await askServer(latest.refreshToken);
      } catch (error) {
        if (store.get()?.refreshToken === latest.refreshToken) {
          stop();
          store.refreshAnswered();
          store.remove("refresh-failed");
        }
        throw error;
      }
      store.refreshAnswered();
      const stored = store.get();
      // Another tab exchanged the same token (where the browser has no locks) and stored the same successor first.
      if (stored?.refreshToken === next.refreshToken) {
        schedule();
        return stored;
      }
      // Logged out (or in as someone else) meanwhile: the old login must not come back.
      if (stored?.refreshToken !== latest.refreshToken) throw new Error(SESSION_CHANGED_MESSAGE);
      lastRefreshedAt = Date.now();
      store.set(next);
      schedule();
      return next;
    }).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const ensureFresh = async (): Promise<StoredSession | null> => {
    if (inFlight) return inFlight;
    const current = store.get();
    if (!current) return null;
    // Expired too (the browser was closed for a while): the refresh token still holds the session.
    if (msUntilExpiry(current) <= TOKEN_REFRESH_LEAD_MS && msSinceRefresh() >= MIN_REFRESH_GAP_MS) return refresh();
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
    // An expired token is refreshed at once; never sooner than the gap after the last refresh.
    const delay = Math.max(0, msUntilExpiry(current) - TOKEN_REFRESH_LEAD_MS, MIN_REFRESH_GAP_MS - msSinceRefresh());
    timer = setTimeout(() => {
      timer = undefined;
      // Another tab may have refreshed since this was armed: then only the timer moves on.
      const latest = store.get();
      if (latest && latest.refreshToken !== current.refreshToken && msUntilExpiry(latest) > TOKEN_REFRESH_LEAD_MS) {
        schedule();
        return;
      }
      refresh().catch(() => undefined /* the store already announced the end */);
    }, delay);
  }

  return { ensureFresh, refresh, schedule, stop };
}

export const tokenRefresher = createTokenRefresher();
