/**
 * Binds an authorisation to the browser that began it. The `state` alone proves the callback
 * belongs to an authorisation, not that the person consenting at ANAF is the admin who began it:
 * an admin of another company could begin one, send ANAF's consent address to someone holding a
 * victim company's certificate, and have that company's SPV tokens land in their own tenant.
 * So beginning also leaves the state in an HttpOnly cookie that only our callback receives
 * (SameSite=Lax: sent on the top-level navigation back from ANAF, never on another site's
 * request), and the callback accepts a state only from the browser holding it.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { EFACTURA_AUTHORIZATION_MINUTES } from "../../contract/efacturaConnection";
import { API_PATHS } from "../../contract/paths";
import { sameSecret } from "../sameSecret";

export const AUTHORIZATION_COOKIE = "efactura_authorization";

const cookieOptions = (request: FastifyRequest) => ({
  path: API_PATHS.efacturaCallback,
  httpOnly: true,
  sameSite: "lax" as const,
  secure: request.protocol === "https",
});

/** Leaves the state with the browser that began the authorisation. */
export function rememberAuthorization(request: FastifyRequest, reply: FastifyReply, state: string): void {
  reply.setCookie(AUTHORIZATION_COOKIE, state, { ...cookieOptions(request), maxAge: EFACTURA_AUTHORIZATION_MINUTES * 60 });
}

/** Whether this browser began the authorisation with this state. */
export function beganHere(request: FastifyRequest, state: string): boolean {
  const held = request.cookies[AUTHORIZATION_COOKIE];
  return held !== undefined && sameSecret(held, state);
}

/** The authorisation is over, whatever its end: the browser keeps nothing of it. */
export function forgetAuthorization(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(AUTHORIZATION_COOKIE, cookieOptions(request));
}
