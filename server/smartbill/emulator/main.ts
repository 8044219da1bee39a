/**
 * The SmartBill emulator on its own port (`npm run emulator`), for development against a
 * SmartBill that costs nothing and issues no fiscal documents. PORT (default 8090) and HOST
 * (default 127.0.0.1) choose where it listens; LOG_LEVEL its logging (default info).
 */
import Fastify from "fastify";
import {
  DEMO_SMARTBILL_CIF,
  DEMO_SMARTBILL_TOKEN,
  DEMO_SMARTBILL_USERNAME,
  EMULATOR_ADMIN_PATH,
  EMULATOR_API_PATH,
  smartBillEmulator,
} from "./index";

const port = Number(process.env.PORT?.trim() || 8090);
const host = process.env.HOST?.trim() || "127.0.0.1";
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}

const app = Fastify({ logger: { level: process.env.LOG_LEVEL?.trim() || "info" } });
app.register(smartBillEmulator);

try {
  await app.listen({ port, host });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const address = app.server.address();
const actualPort = typeof address === "object" && address ? address.port : port;
const origin = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
console.log(`SmartBill emulator: ${origin}${EMULATOR_API_PATH}`);
console.log(`  username (e-mail): ${DEMO_SMARTBILL_USERNAME}`);
console.log(`  token:             ${DEMO_SMARTBILL_TOKEN}`);
console.log(`  cif:               ${DEMO_SMARTBILL_CIF}`);
console.log(`  admin API:         ${origin}${EMULATOR_ADMIN_PATH}/{state,reset,faults,settings,requests,lockouts,outbox}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
