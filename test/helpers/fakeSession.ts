/**
 * A stored session for client tests that need a signed-in user but no server: a token whose
 * payload the client reads (it never checks the signature; the server does).
 */
import { SESSION_VERSION } from "../../contract/constants";
import type { StoredSession } from "../../src/providers/session";

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

export function unsignedToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}.signature`;
}

export function sessionWithRoles(roles: string[], { expiresInSeconds = 900, tenant = { id: 2, name: "Demo SRL" } } = {}): StoredSession {
  const now = Math.floor(Date.now() / 1000);
  return {
    version: SESSION_VERSION,
    authenticationToken: unsignedToken({ sub: "7", email: "test@demo.ro", tenant, roles, sid: "s", iat: now, exp: now + expiresInSeconds }),
    refreshToken: "refresh",
    userName: "test@demo.ro",
    tenant,
  };
}
