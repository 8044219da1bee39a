/**
 * Opaque tokens handed to clients (refresh tokens, password links): 32 random bytes, base64url.
 * Only their sha256 is stored, so a leaked database cannot be replayed as sessions or links.
 * A fast hash is enough here because the tokens carry 256 bits of randomness.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";

export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * A token only the holder of `secret` can name, the same each time for the same `label`: a
 * refresh token's successor for one exchange (sessions.ts).
 */
export function derivedOpaqueToken(secret: string | Uint8Array, label: string): string {
  return createHmac("sha256", secret).update(label).digest("base64url");
}

export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
