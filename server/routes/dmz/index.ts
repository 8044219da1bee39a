/**
 * The public API under /dmz-api: everything done without an access token (signing in, refreshing
 * and ending a session, the password links, the contact page). No access token, no tenant header, no anti-forgery
 * check (see plugins/xsrf.ts for why).
 */
import type { FastifyPluginAsync } from "fastify";
import { BODY_LIMITS, defaultBodyLimit } from "../../bodyLimits";
import { refuseControlCharacters } from "../../controlCharacters";
import { documentAccessOf } from "../../plugins/requireRole";
import { noStore } from "../../plugins/securityHeaders";
import { contactRoutes } from "./contact";
import { loginRoute } from "./login";
import { logoutRoute } from "./logout";
import { passwordTokenRoutes } from "./passwordToken";
import { passwordTokenCheckRoute } from "./passwordTokenCheck";
import { recoverRoute } from "./recover";
import { refreshRoute } from "./refresh";

export const dmzRoutes: FastifyPluginAsync = async (app) => {
  app.addHook("onRequest", noStore);
  documentAccessOf(app, "public");
  app.addHook("preValidation", refuseControlCharacters);
  defaultBodyLimit(app, BODY_LIMITS.public);
  await app.register(loginRoute);
  await app.register(refreshRoute);
  await app.register(logoutRoute);
  await app.register(passwordTokenRoutes);
  await app.register(passwordTokenCheckRoute);
  await app.register(recoverRoute);
  await app.register(contactRoutes);
};
