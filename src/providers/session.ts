/**
 * The signed-in user as stored in the browser: localStorage key 'general', version 1
 * (product-spec sections 3, 4, 9). Everything else reads and writes it through `session`, so
 * that the refresh timer, the httpClient and the screens always agree on who is signed in.
 *
 * Beside it, under 'general-tenant', the tenant a super-admin chose to act on (the top bar's
 * switcher): kept across reloads, bound to the user who chose it, and honoured only while that
 * user is a super-admin (`actingTenant`), so a stored choice is never sent for anyone else.
 */
import { jwtDecode } from "jwt-decode";
import type { AccessTokenClaims, LoginResponse, TenantRef } from "../../contract/api";
import { SESSION_STORAGE_KEY, SESSION_VERSION } from "../../contract/constants";
import { isSuperadmin } from "../../contract/roles";

export interface StoredSession {
  version: typeof SESSION_VERSION;
  authenticationToken: string;
  refreshToken: string;
  userName: string;
  tenant: TenantRef;
}

/**
 * Why a session ended without the user asking: the front door sends the browser to the sign-in
 * form. (An expired access token is no reason: the refresh token renews it.)
 */
export type SessionEndReason = "refresh-failed" | "no-token";

type Listener = (session: StoredSession | null, ended?: SessionEndReason) => void;

/** A super-admin's choice of the tenant to act on, as stored. */
export interface StoredTenantChoice {
  version: typeof SESSION_VERSION;
  /** Who chose it: another user signing in on this browser does not inherit it. */
  userName: string;
  tenant: TenantRef;
}

/** Why the choice changed: a choice made or ended, or the chosen tenant no longer exists. */
export type TenantChoiceChange = "changed" | "tenant-gone";

type TenantChoiceListener = (change: TenantChoiceChange, dropped?: TenantRef) => void;

export function decodeClaims(token: string): AccessTokenClaims | null {
  try {
    return jwtDecode<AccessTokenClaims>(token);
  } catch {
    return null;
  }
}

/** Expiry is compared in whole seconds, as the token carries it (spec section 9). */
export const nowInSeconds = () => Math.floor(Date.now() / 1000);

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

function parseTenantChoice(raw: string | null): StoredTenantChoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredTenantChoice>;
    if (value.version !== SESSION_VERSION || typeof value.userName !== "string") return null;
    if (!Number.isSafeInteger(value.tenant?.id) || typeof value.tenant?.name !== "string") return null;
    return value as StoredTenantChoice;
  } catch {
    return null;
  }
}

const REFRESH_ATTEMPT_KEY = `${SESSION_STORAGE_KEY}-refresh-attempt`;
const TENANT_CHOICE_KEY = `${SESSION_STORAGE_KEY}-tenant`;

class SessionStore {
  private listeners = new Set<Listener>();
  private tenantChoiceListeners = new Set<TenantChoiceListener>();

  constructor() {
    // Another tab signing in or out changes what this tab may do; another tab switching
    // tenant switches this one too (they share the stored choice, so they share the header).
    if (typeof window !== "undefined") {
      window.addEventListener("storage", (event) => {
        if (event.key === SESSION_STORAGE_KEY || event.key === null) this.emit(this.get());
        if (event.key === TENANT_CHOICE_KEY || event.key === null) this.emitTenantChoice("changed");
      });
    }
  }

  get(): StoredSession | null {
    return parse(localStorage.getItem(SESSION_STORAGE_KEY));
  }

  set(session: StoredSession): void {
    const choice = parseTenantChoice(localStorage.getItem(TENANT_CHOICE_KEY));
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    if (choice && choice.userName !== session.userName) {
      localStorage.removeItem(TENANT_CHOICE_KEY);
      this.emitTenantChoice("changed");
    }
    this.emit(session);
  }

  /**
   * The tenant the stored user acts on, whose id every API call carries in X-Tenant-ID: the
   * super-admin's stored choice, else the user's own tenant.
   */
  actingTenant(current: StoredSession | null = this.get()): TenantRef | null {
    if (!current) return null;
    const choice = parseTenantChoice(localStorage.getItem(TENANT_CHOICE_KEY));
    const roles = decodeClaims(current.authenticationToken)?.roles;
    if (!choice || choice.userName !== current.userName || !isSuperadmin(roles)) return current.tenant;
    return choice.tenant;
  }

  /** The super-admin acts on `tenant` from now on; their own tenant (or null) ends the choice. */
  chooseTenant(tenant: TenantRef | null): void {
    const current = this.get();
    const before = this.actingTenant(current)?.id;
    if (!current || !tenant || tenant.id === current.tenant.id) {
      localStorage.removeItem(TENANT_CHOICE_KEY);
    } else {
      const choice: StoredTenantChoice = { version: SESSION_VERSION, userName: current.userName, tenant };
      localStorage.setItem(TENANT_CHOICE_KEY, JSON.stringify(choice));
    }
    // The same tenant again changes nothing on screen: no reload of every answer for it.
    if (this.actingTenant(current)?.id !== before) this.emitTenantChoice("changed");
  }

  /** The chosen tenant was deleted meanwhile: back to the user's own, and listeners say so. */
  dropTenantChoice(gone: TenantRef): void {
    const choice = parseTenantChoice(localStorage.getItem(TENANT_CHOICE_KEY));
    if (choice?.tenant.id !== gone.id) return; // already changed (another call saw it first)
    localStorage.removeItem(TENANT_CHOICE_KEY);
    this.emitTenantChoice("tenant-gone", choice.tenant);
  }

  subscribeTenantChoice(listener: TenantChoiceListener): () => void {
    this.tenantChoiceListeners.add(listener);
    return () => this.tenantChoiceListeners.delete(listener);
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

  private emitTenantChoice(change: TenantChoiceChange, dropped?: TenantRef) {
    for (const listener of [...this.tenantChoiceListeners]) listener(change, dropped);
  }
}

export const session = new SessionStore();
export type { SessionStore };
