/**
 * `app.efacturaUrls()`: the base addresses of ANAF's e-Factura services this server calls: OAuth
 * (logincert), the REST API and the public `transformare`. Each is its setting (config.efactura);
 * unset in demo mode, this server's own e-Factura emulator on the port it listens on (tests listen
 * on port 0), so they are resolved at each call, not at start-up. Undefined before it listens.
 */
import fp from "fastify-plugin";
import { EFACTURA_EMULATOR_PREFIX } from "../efactura/demoClient";
import { loopbackPort } from "./anaf";

export interface EfacturaUrls {
  oauth: string;
  api: string;
  public: string;
}

declare module "fastify" {
  interface FastifyInstance {
    efacturaUrls(): EfacturaUrls | undefined;
  }
}

export const efacturaUrlsPlugin = fp(
  async (app) => {
    const { oauthUrl, apiUrl, publicUrl } = app.config.efactura;
    app.decorate("efacturaUrls", () => {
      const port = loopbackPort(app.server.address());
      const ownEmulator = port === undefined ? undefined : `http://127.0.0.1:${port}${EFACTURA_EMULATOR_PREFIX}`;
      const oauth = oauthUrl ?? ownEmulator;
      const api = apiUrl ?? ownEmulator;
      const publicBase = publicUrl ?? ownEmulator;
      return oauth && api && publicBase ? { oauth, api, public: publicBase } : undefined;
    });
  },
  { name: "efactura-urls" },
);
