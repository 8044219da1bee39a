/**
 * Password hashing with argon2id (the library's default algorithm) at its default cost
 * (19 MiB, 2 passes): OWASP's recommended minimum, about 20-40 ms per hash here.
 */
import { hash, verify } from "@node-rs/argon2";

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let decoy: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. With no hash (unknown user, or a user who has
 * not set a password yet) it still runs one verification against a decoy, so the answer takes
 * as long as for a real account and timing does not reveal which emails exist.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hash("decoy password that never matches");
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}
