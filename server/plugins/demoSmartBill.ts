/**
 * The SmartBill emulator at /smartbill-emulator, in demo mode only, so the demo tenant's
 * SmartBill settings have a SmartBill to talk to. Its own scope (not fastify-plugin): SmartBill's
 * Basic auth, not our tokens, anti-forgery or tenant checks, its own body limit and its own
 * not-found answers (never the UI's index.html). With the demo data, its demo company has issued
 * the invoices the demo seed wrote (demo/demoCompany.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import { BODY_LIMITS, defaultBodyLimit } from "../bodyLimits";
import { demoHistory, type IssuedDocuments, SMARTBILL_EMULATOR_PREFIX, smartBillEmulator } from "../smartbill/emulator/index";

export interface DemoSmartBillOptions {
  /** Where the emulator announces each invoice it issues (the e-Factura emulator listens). */
  issued?: IssuedDocuments;
}

export const demoSmartBillPlugin: FastifyPluginAsync<DemoSmartBillOptions> = async (app, options) => {
  defaultBodyLimit(app, BODY_LIMITS.emulator);
  await app.register(smartBillEmulator, {
    prefix: SMARTBILL_EMULATOR_PREFIX,
    ...(options.issued ? { issued: options.issued } : {}),
    ...(app.config.demoData ? { companies: [demoHistory().company] } : {}),
  });
};
