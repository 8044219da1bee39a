/**
 * The short-lived access token: an HS256 JWT with exactly the claims of contract/api.ts
 * AccessTokenClaims. The client reads `exp` and `roles` from it; the server trusts it only
 * after checking the signature, the expiry and that its session (`sid`) is not revoked.
 */
import { SignJWT, jwtVerify } from "jose";
import type { AccessTokenClaims, TenantRef } from "../../contract/api";
import { ROLES, type RoleName } from "../../contract/roles";

export interface AccessTokenSubject {
  id: number;
  email: string;
  tenant: TenantRef;
  roles: RoleName[];
}

export async function signAccessToken(
  key: Uint8Array,
  subject: AccessTokenSubject,
  sessionId: string,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: subject.email,
    tenant: subject.tenant,
    roles: subject.roles,
    sid: sessionId,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(subject.id))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key);
}

/** The token's claims, or undefined when it is malformed, forged or expired. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
): Promise<AccessTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub"],
    });
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
