/**
 * The SPV tokens at rest: AES-256-GCM under EFACTURA_TOKEN_KEY, a fresh 96-bit nonce per value,
 * stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). The tenant's id is the associated data,
 * so a ciphertext copied into another tenant's row does not decrypt there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";

export function encryptToken(key: Buffer, tenantId: number, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(`tenant:${tenantId}`));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The token, or an error when the value was not made with this key for this tenant (or was altered). */
export function decryptToken(key: Buffer, tenantId: number, stored: string): string {
  const [version, nonce, tag, ciphertext] = stored.split(".");
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined) throw new Error("not an encrypted e-Factura token");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
  decipher.setAAD(Buffer.from(`tenant:${tenantId}`));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
