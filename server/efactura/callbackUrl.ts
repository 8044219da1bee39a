/**
 * Where ANAF's consent page sends the browser back: `${APP_URL}/api/efactura/callback`, the
 * address registered with ANAF for the operator's application. In demo mode APP_URL may be unset;
 * then the origin the server listens on (as `npm start` prints it) — never a request's Host
 * header, which a caller chooses. Undefined before the server listens.
 */
import type { FastifyInstance } from "fastify";
import { API_PATHS } from "../../contract/paths";
import { listenOrigin } from "../listenOrigin";

export function efacturaCallbackUrl(app: Pick<FastifyInstance, "config" | "server">): string | undefined {
  if (app.config.appUrl) return `${app.config.appUrl}${API_PATHS.efacturaCallback}`;
  const address = app.server.address();
  if (!address || typeof address === "string") return undefined;
  return `${listenOrigin(address.address, address.port)}${API_PATHS.efacturaCallback}`;
}
