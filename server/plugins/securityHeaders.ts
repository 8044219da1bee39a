/**
 * The security headers every answer carries (helmet), registered first so that refusals,
 * not-found answers and the UI's files get them too:
 * - a Content-Security-Policy the built UI works under: scripts only from this origin (Vite emits
 *   no inline script), styles from this origin and inline (MUI's emotion injects <style> tags),
 *   images and fonts from this origin or data: URIs, calls only to this origin, no plugins, and
 *   `frame-ancestors 'none'` with `X-Frame-Options: DENY`, so no other site can frame the app
 *   (clickjacking);
 * - `X-Content-Type-Options: nosniff`, so an uploaded or downloaded file is never run as a script;
 * - `Referrer-Policy: no-referrer`: a set-password link carries its token in the address, and no
 *   page it leads to should receive it;
 * - HSTS only when the app's public address (APP_URL) is https: sent over plain http (the demo,
 *   `npm start` on localhost) it would be ignored at best, and at worst pin a name to https that
 *   does not serve it. `upgrade-insecure-requests` follows the same rule.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/** The headers' settings; HSTS and upgrade-insecure-requests only for an https APP_URL. */
export function securityHeaderOptions(appUrl: string | undefined) {
  const https = appUrl?.startsWith("https://") ?? false;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: "deny" as const },
    referrerPolicy: { policy: "no-referrer" as const },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

export const securityHeadersPlugin = fp(
  async (app) => {
    // helmet's middleware is made once. @fastify/helmet made it again for every request, its
    // Content-Security-Policy parsed anew each time: ~3 % of a busy server's CPU.
    const addHeaders = withSecurityHeaders(app.config.appUrl);
    app.addHook("onRequest", (request, reply, done) => {
      addHeaders(request, reply);
      done();
    });
  },
  { name: "securityHeaders" },
);

/**
 * The same headers for an answer no hook runs for: Fastify's own refusal of a request it cannot
 * route at all (an address with a broken %-escape), which it sends before any onRequest hook.
 */
export function withSecurityHeaders(appUrl: string | undefined): (request: FastifyRequest, reply: FastifyReply) => void {
  const headers = helmet(securityHeaderOptions(appUrl));
  return (request, reply) => headers(request.raw, reply.raw, () => {});
}

/**
 * An onRequest hook for the API's answers: tokens, customers, settings are nobody's to keep,
 * neither a shared proxy's nor the browser's disk cache (a route may still say otherwise).
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}
