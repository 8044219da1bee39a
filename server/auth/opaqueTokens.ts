/**
 * Opaque tokens handed to clients (refresh tokens, password links): 32 random bytes, base64url.
 * Only their sha256 is stored, so a leaked database cannot be replayed as sessions or links.
 * A fast hash is enough here because the tokens carry 256 bits of randomness.
 */
import { createHash, randomBytes } from "node:crypto";

export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
