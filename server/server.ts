/**
 * Runs the app on a port: listen, print where, close gracefully on SIGINT/SIGTERM. Importing
 * this module starts nothing; `startServer(config)` does (scripts/start.ts calls it after
 * building the UI). Run directly (`tsx server/server.ts`), it starts with the environment's
 * config.
 */
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { ANAF_DEMO_CUIS, ANAF_EMULATOR_PREFIX } from "./anaf/emulator/index";
import { EFACTURA_EMULATOR_PREFIX } from "./efactura/demoClient";
import { buildApp, type BuildAppOptions } from "./app";
import { type Config, loadConfig } from "./config";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/seed";
import { DEMO_SMARTBILL_ACCOUNT } from "./demo/demoCompany";
import { listenOrigin } from "./listenOrigin";

/** How long a stopping server lets requests in flight finish, once it stops accepting. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = buildApp(config, options);
  let draining: NodeJS.Timeout | undefined;
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal (Ctrl-C again) skips what is left of the drain.
    if (draining) return close();
    app.log.info({ signal, drainSeconds: config.drainSeconds }, "shutting down");
    // First out of the balancer's rotation: /health/ready answers 503 while the process still
    // accepts and serves, for DRAIN_SECONDS, so the balancer's probes see it and stop sending
    // before any connection is refused.
    app.startDraining();
    draining = setTimeout(() => close(), config.drainSeconds * 1000);
  };
  const close = () => {
    if (closing) return;
    closing = true;
    clearTimeout(draining);
    app.log.info("no longer accepting connections; finishing requests in flight");
    // Requests in flight may finish, but a request waiting on SmartBill (its rate limiter can
    // hold a call for 10 s, a call may take 30 s) must not keep a stopping server alive.
    setTimeout(() => {
      app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, "requests still running after the grace period; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  app.addHook("onClose", async () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close(); // e.g. port in use: release the database before giving up
    throw error;
  }
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`SmartBill back office: ${listenOrigin(config.host, port)}`);
  if (config.demo) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(20)} ${account.role}`);
    // The one account the emulator knows: what any company enters in 'Conexiune SmartBill' in demo mode.
    const { emulatorUrl } = app.smartBillUrls.allowed();
    if (emulatorUrl) {
      console.log("SmartBill emulator account (any company connects with it in 'Conexiune SmartBill'):");
      console.log(`  e-mail   ${DEMO_SMARTBILL_ACCOUNT.username}`);
      console.log(`  token    ${DEMO_SMARTBILL_ACCOUNT.token}`);
      console.log(`  CIF      ${DEMO_SMARTBILL_ACCOUNT.cif}`);
      console.log(`  address  ${emulatorUrl}`);
    }
    if (config.anaf.url === undefined) {
      console.log(`ANAF: this server's emulator (${listenOrigin(config.host, port)}${ANAF_EMULATOR_PREFIX}); try CIF RO${ANAF_DEMO_CUIS.vatPayerBucharest}, or any valid CIF.`);
    }
    if (config.efactura.apiUrl === undefined) {
      console.log(`ANAF e-Factura (SPV): this server's emulator (${listenOrigin(config.host, port)}${EFACTURA_EMULATOR_PREFIX}); 'Conectare la ANAF (SPV)' opens its consent page.`);
    }
  }
  return app;
}

function isEntryModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isEntryModule()) {
  startServer(loadConfig()).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
