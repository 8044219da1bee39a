/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that has signed in to an account carries a cookie only the server can make, naming that
 * account, and its sign-ins to that account are not subject to the account's lock. That lock is
 * set by anyone who types the address with wrong passwords, so without the cookie a stranger who
 * knows an address could keep its owner, the super-admin included, out for as long as they
 * liked. A known browser has a failure counter of its own instead (loginThrottle.ts,
 * `deviceThrottleKeys`), with the account's limit, so its own wrong guesses are limited as before;
 * strangers' guesses stay counted per account and per address, as slow as without the cookie.
 *
 * The cookie holds a random id, its expiry and an HMAC over both and the account's email, under
 * the server's key: it cannot be made up, moved to another account or kept past its expiry, and
 * it tells whoever reads it nothing about whose it is. HttpOnly, SameSite=Strict and scoped to
 * /dmz-api, where only the sign-in reads it; Secure when the request came over https. One browser
 * keeps the cookie of the last account that signed in on it.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DMZ_API } from "../../contract/paths";
import { sameSecret } from "../sameSecret";

export const DEVICE_COOKIE = "known-device";

/** How long a browser stays known without signing in again (each sign-in renews it). */
export const DEVICE_COOKIE_TTL_SECONDS = 365 * 24 * 3600;

/** The id of the known browser the request comes from, for this email; undefined: a stranger. */
export function knownDevice(key: Uint8Array, request: FastifyRequest, email: string): string | undefined {
  const value = request.cookies[DEVICE_COOKIE];
  const parts = value?.split(".");
  if (!parts || parts.length !== 3) return undefined;
  const [id, expires, mac] = parts;
  if (!/^[A-Za-z0-9_-]{22}$/.test(id) || !/^\d{1,12}$/.test(expires)) return undefined;
  if (Number(expires) * 1000 <= Date.now()) return undefined;
  return sameSecret(mac, deviceMac(key, id, expires, email)) ? id : undefined;
}

/** Marks the browser as known for this email from now on (a successful sign-in). */
export function rememberDevice(key: Uint8Array, request: FastifyRequest, reply: FastifyReply, email: string): void {
  const id = randomBytes(16).toString("base64url");
  const expires = String(Math.floor(Date.now() / 1000) + DEVICE_COOKIE_TTL_SECONDS);
  reply.setCookie(DEVICE_COOKIE, `${id}.${expires}.${deviceMac(key, id, expires, email)}`, {
    path: DMZ_API,
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    maxAge: DEVICE_COOKIE_TTL_SECONDS,
  });
}

function deviceMac(key: Uint8Array, id: string, expires: string, email: string): string {
  return createHmac("sha256", key).update(`known device ${id} ${expires} ${email}`).digest("base64url");
}
