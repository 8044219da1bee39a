/**
 * The short-lived access token: an HS256 JWT with exactly the claims of contract/api.ts
 * AccessTokenClaims. The client reads `exp` and `roles` from it; the server trusts it only
 * after checking the signature, the expiry and that its session (`sid`) is not revoked.
 *
 * fast-jwt checks it with node:crypto's HMAC, synchronously: every authenticated request is
 * checked, and an HMAC of a few hundred bytes costs microseconds, less than a trip through
 * WebCrypto's thread pool and back (which also gave the request's work a new turn to wait for).
 */
import { createSigner, createVerifier } from "fast-jwt";
import type { AccessTokenClaims, TenantRef } from "../../contract/api";
import { ROLES, type RoleName } from "../../contract/roles";

export interface AccessTokenSubject {
  id: number;
  email: string;
  tenant: TenantRef;
  roles: RoleName[];
}

interface KeyTools {
  sign: (payload: Record<string, unknown>) => string;
  verify: (token: string) => Record<string, unknown>;
}

// One signer and one verifier per key, made once: making them parses their options.
const toolsByKey = new WeakMap<Uint8Array, KeyTools>();

function toolsFor(key: Uint8Array): KeyTools {
  let tools = toolsByKey.get(key);
  if (!tools) {
    const secret = Buffer.from(key);
    tools = {
      sign: createSigner({ key: secret, algorithm: "HS256" }),
      // Only HS256: a token naming another algorithm (or none) is refused, whatever it carries.
      verify: createVerifier({ key: secret, algorithms: ["HS256"], requiredClaims: ["exp", "sub"] }),
    };
    toolsByKey.set(key, tools);
  }
  return tools;
}

export async function signAccessToken(
  key: Uint8Array,
  subject: AccessTokenSubject,
  sessionId: string,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return toolsFor(key).sign({
    email: subject.email,
    tenant: subject.tenant,
    roles: subject.roles,
    sid: sessionId,
    sub: String(subject.id),
    iat,
    exp: iat + ttlSeconds,
  });
}

/** The token's claims, or undefined when it is malformed, forged or expired. */
export function verifyAccessToken(key: Uint8Array, token: string): AccessTokenClaims | undefined {
  try {
    const payload = toolsFor(key).verify(token);
    // Expired from its `exp` on (RFC 7519 §4.1.4); fast-jwt still accepts that very millisecond.
    if (typeof payload.exp !== "number" || payload.exp * 1000 <= Date.now()) return undefined;
    return isClaims(payload) ? payload : undefined;
  } catch {
    return undefined;
  }
}

function isClaims(payload: Record<string, unknown>): payload is AccessTokenClaims & Record<string, unknown> {
  const tenant = payload.tenant as Partial<TenantRef> | undefined;
  return (
    typeof payload.sub === "string" &&
    /^\d+$/.test(payload.sub) &&
    typeof payload.email === "string" &&
    typeof payload.sid === "string" &&
    typeof tenant?.id === "number" &&
    typeof tenant.name === "string" &&
    Array.isArray(payload.roles) &&
    payload.roles.every((role) => (ROLES as readonly unknown[]).includes(role))
  );
}
