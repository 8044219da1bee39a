/**
 * The signed-in user as stored in the browser: localStorage key 'general', version 1
 * (product-spec sections 3, 4, 9). Everything else reads and writes it through `session`, so
 * that the refresh timer, the httpClient and the screens always agree on who is signed in.
 */
import { jwtDecode } from "jwt-decode";
import type { AccessTokenClaims, LoginResponse, TenantRef } from "../../contract/api";
import { SESSION_STORAGE_KEY, SESSION_VERSION } from "../../contract/constants";

export interface StoredSession {
  version: typeof SESSION_VERSION;
  authenticationToken: string;
  refreshToken: string;
  userName: string;
  tenant: TenantRef;
}

/** Why a session ended without the user asking: the screens send the browser to `/`. */
export type SessionEndReason = "expired" | "refresh-failed" | "no-token";

type Listener = (session: StoredSession | null, ended?: SessionEndReason) => void;

export function decodeClaims(token: string): AccessTokenClaims | null {
  try {
    return jwtDecode<AccessTokenClaims>(token);
  } catch {
    return null;
  }
}

/** Expiry is compared in whole seconds, as the token carries it (spec section 9). */
export const nowInSeconds = () => Math.floor(Date.now() / 1000);

export function isExpired(session: StoredSession): boolean {
  const claims = decodeClaims(session.authenticationToken);
  return !claims?.exp || claims.exp <= nowInSeconds();
}

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession>;
    if (value.version !== SESSION_VERSION || typeof value.authenticationToken !== "string") return null;
    if (typeof value.refreshToken !== "string" || !value.tenant) return null;
    return value as StoredSession;
  } catch {
    return null;
  }
}

export function fromLoginResponse(answer: LoginResponse): StoredSession {
  return {
    version: SESSION_VERSION,
    authenticationToken: answer.authenticationToken,
    refreshToken: answer.refreshToken,
    userName: answer.userName,
    tenant: answer.tenant,
  };
}

const REFRESH_ATTEMPT_KEY = `${SESSION_STORAGE_KEY}-refresh-attempt`;

class SessionStore {
  private listeners = new Set<Listener>();

  constructor() {
    // Another tab signing in or out changes what this tab may do.
    if (typeof window !== "undefined") {
      window.addEventListener("storage", (event) => {
        if (event.key === SESSION_STORAGE_KEY || event.key === null) this.emit(this.get());
      });
    }
  }

  get(): StoredSession | null {
    return parse(localStorage.getItem(SESSION_STORAGE_KEY));
  }

  set(session: StoredSession): void {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    this.emit(session);
  }

  /** Removes the stored user; `reason` tells listeners it was not the user's choice. */
  remove(reason?: SessionEndReason): void {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    this.emit(null, reason);
  }

  /**
   * The name of the exchange of this refresh token (POST /dmz-api/refresh `attempt`), made once
   * and kept until `refreshAnswered`: a page reloaded while its refresh was on the way asks the
   * same exchange again and gets the answer it lost, instead of presenting a used token.
   */
  refreshAttempt(refreshToken: string): string {
    try {
      const kept = JSON.parse(localStorage.getItem(REFRESH_ATTEMPT_KEY) ?? "null") as { refreshToken?: string; attempt?: string } | null;
      if (kept?.refreshToken === refreshToken && typeof kept.attempt === "string") return kept.attempt;
    } catch {
      // unreadable: a new name
    }
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const attempt = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    localStorage.setItem(REFRESH_ATTEMPT_KEY, JSON.stringify({ refreshToken, attempt }));
    return attempt;
  }

  /** The exchange's answer arrived (or the session ended): its name is no longer needed. */
  refreshAnswered(): void {
    localStorage.removeItem(REFRESH_ATTEMPT_KEY);
  }

  /** Logout: the spec clears all of localStorage, not only the session. */
  clearAll(): void {
    localStorage.clear();
    this.emit(null);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(session: StoredSession | null, ended?: SessionEndReason) {
    for (const listener of [...this.listeners]) listener(session, ended);
  }
}

export const session = new SessionStore();
export type { SessionStore };
