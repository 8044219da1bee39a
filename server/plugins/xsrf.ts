/**
 * Anti-forgery (spec section 7): the server hands every browser a random `XSRF-TOKEN` cookie
 * that page scripts can read; state-changing /api calls must echo it in `X-XSRF-TOKEN`. A forged
 * cross-site request carries the cookie but cannot read it, so it cannot send the header.
 * /dmz-api is exempt: its calls prove themselves by a password or token in the body, which a
 * forged request cannot know (login and the password links act on no existing session; refresh
 * and logout act only on the session whose refresh token is sent), and a first visit has no
 * cookie yet.
 */
import { randomBytes } from "node:crypto";
import cookie from "@fastify/cookie";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { XSRF_COOKIE, XSRF_HEADER } from "../../contract/constants";
import { HttpError } from "../errors";
import { messages } from "../messages";
import { sameSecret } from "../sameSecret";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook for a scope whose state-changing routes need the anti-forgery header. */
    verifyXsrf: (request: FastifyRequest) => Promise<void>;
  }
}

export const xsrfPlugin = fp(
  async (app) => {
    await app.register(cookie);

    app.addHook("onRequest", async (request, reply) => {
      if (request.cookies[XSRF_COOKIE]) return;
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString("base64url"), {
        path: "/",
        sameSite: "lax",
        httpOnly: false, // the client's script must read it to echo it
        secure: request.protocol === "https",
      });
    });

    app.decorate("verifyXsrf", async (request: FastifyRequest) => {
      if (SAFE_METHODS.has(request.method)) return;
      const cookieValue = request.cookies[XSRF_COOKIE];
      const header = request.headers[XSRF_HEADER.toLowerCase()];
      if (!cookieValue || typeof header !== "string" || !sameSecret(cookieValue, header)) {
        throw new HttpError(403, messages.xsrfRejected);
      }
    });
  },
  { name: "xsrf" },
);
