/**
 * `app.smartBillUrls`: the one policy that decides which addresses the SmartBill client may
 * call (smartbill/allowedUrl.ts), from SMARTBILL_ALLOWED_HOSTS and, in demo mode, this server's
 * own emulator on the port it is actually listening on (tests listen on port 0). Routes and the
 * task worker pass it down to every tenant's client; the properties routes check a new
 * smartbill.url against it.
 */
import type { AddressInfo } from "node:net";
import fp from "fastify-plugin";
import { type SmartBillUrlPolicy, smartBillUrlPolicy } from "../smartbill/allowedUrl";
import { EMULATOR_API_PATH, SMARTBILL_EMULATOR_PREFIX } from "../smartbill/emulator/index";

declare module "fastify" {
  interface FastifyInstance {
    smartBillUrls: SmartBillUrlPolicy;
  }
}

export const smartBillUrlsPlugin = fp(
  async (app) => {
    const emulator = {
      apiPath: `${SMARTBILL_EMULATOR_PREFIX}${EMULATOR_API_PATH}`,
      port: () => loopbackPort(app.server.address()),
    };
    // The emulator is mounted in demo mode only (app.ts, plugins/demoSmartBill.ts), so only then is it an address at all.
    const policy = smartBillUrlPolicy({
      allowedHosts: app.config.smartBillAllowedHosts,
      emulator: app.config.demo ? emulator : undefined,
    });
    app.decorate("smartBillUrls", policy);
  },
  { name: "smartBillUrls" },
);

/**
 * The port this server answers on over loopback: none before it listens, and none when it
 * listens on another address only (then whatever holds that port on loopback is not this
 * server, and must not be called as if it were).
 */
function loopbackPort(address: AddressInfo | string | null): number | undefined {
  if (!address || typeof address === "string") return undefined;
  const reachable = ["0.0.0.0", "::", "::1", "::ffff:127.0.0.1"].includes(address.address) || address.address.startsWith("127.");
  return reachable ? address.port : undefined;
}
