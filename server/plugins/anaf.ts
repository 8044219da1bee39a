/**
 * `app.anaf`: the ANAF client every route and task uses (server/anaf/client.ts), with the
 * fleet's budget kept in the app's database. Its address is ANAF_URL; unset in demo mode, this
 * server's own ANAF emulator on the port it is listening on (tests listen on port 0), so it is
 * resolved at each request, not at start-up.
 */
import type { AddressInfo } from "node:net";
import fp from "fastify-plugin";
import { type AnafClient, createAnafClient } from "../anaf/client";
import { ANAF_EMULATOR_PREFIX } from "../anaf/emulator/index";

declare module "fastify" {
  interface FastifyInstance {
    anaf: AnafClient;
  }
}

export const anafPlugin = fp(
  async (app) => {
    const { url, timeoutMs } = app.config.anaf;
    const ownEmulator = () => {
      const port = loopbackPort(app.server.address());
      return port === undefined ? undefined : `http://127.0.0.1:${port}${ANAF_EMULATOR_PREFIX}`;
    };
    app.decorate("anaf", createAnafClient({ baseUrl: url ?? ownEmulator, timeoutMs, budgetDb: app.db }));
  },
  { name: "anaf", dependencies: ["db"] },
);

/** The port this server answers on over loopback; none before it listens. */
export function loopbackPort(address: AddressInfo | string | null): number | undefined {
  if (!address || typeof address === "string") return undefined;
  const reachable = ["0.0.0.0", "::", "::1", "::ffff:127.0.0.1"].includes(address.address) || address.address.startsWith("127.");
  return reachable ? address.port : undefined;
}
