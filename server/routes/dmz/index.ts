/**
 * The public API under /dmz-api: everything a caller without a session may do. No token, no
 * tenant header, no anti-forgery check (see plugins/xsrf.ts for why).
 */
import type { FastifyPluginAsync } from "fastify";
import { loginRoute } from "./login";
import { passwordTokenRoutes } from "./passwordToken";
import { recoverRoute } from "./recover";
import { refreshRoute } from "./refresh";

export const dmzRoutes: FastifyPluginAsync = async (app) => {
  await app.register(loginRoute);
  await app.register(refreshRoute);
  await app.register(passwordTokenRoutes);
  await app.register(recoverRoute);
};
