/**
 * The security headers every answer carries (@fastify/helmet), registered first so that refusals,
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
import helmet from "@fastify/helmet";
import fp from "fastify-plugin";

export const securityHeadersPlugin = fp(
  async (app) => {
    const https = app.config.appUrl?.startsWith("https://") ?? false;
    await app.register(helmet, {
      global: true,
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
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "no-referrer" },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: "securityHeaders" },
);
