/**
 * The ANAF e-Factura emulator at /anaf-efactura-emulator, in demo mode only (and so in tests):
 * 'Conectare la ANAF (SPV)', the SPV status of sent invoices and 'Facturi primite' then work
 * without calling ANAF. Its own scope (not fastify-plugin), its own body limit and not-found
 * answers, like the SmartBill and ANAF emulators. It runs on the server's clock (app.now), hears
 * of the invoices the SmartBill emulator issues (with the demo's data, also of those it had issued
 * before), and gives the demo company three supplier invoices.
 */
import type { FastifyPluginAsync } from "fastify";
import { BODY_LIMITS, defaultBodyLimit } from "../bodyLimits";
import { DEMO_COMPANY_NAME } from "../demo/demoCompany";
import { EFACTURA_EMULATOR_PREFIX } from "../efactura/demoClient";
import { efacturaEmulator } from "../efactura/emulator/index";
import { DEMO_SMARTBILL_CIF, demoHistory, type IssuedDocuments } from "../smartbill/emulator/index";

export interface DemoEfacturaOptions {
  /** The SmartBill emulator's announcements of the invoices it issues. */
  issued?: IssuedDocuments;
}

export const demoEfacturaPlugin: FastifyPluginAsync<DemoEfacturaOptions> = async (app, options) => {
  defaultBodyLimit(app, BODY_LIMITS.emulator);
  const { clientId, clientSecret } = app.config.efactura;
  await app.register(efacturaEmulator, {
    prefix: EFACTURA_EMULATOR_PREFIX,
    issued: options.issued,
    now: () => app.now(),
    seedBuyers: [{ cif: DEMO_SMARTBILL_CIF, name: DEMO_COMPANY_NAME }],
    // With the demo's data, the invoices the demo company issued (demoSmartBill.ts) are in SPV too.
    history: app.config.demoData ? demoHistoryDocuments() : [],
    // An operator's own registration, set in demo mode without ANAF's addresses, works with it too.
    clients: clientId && clientSecret ? [{ id: clientId, secret: clientSecret }] : [],
  });
};

function demoHistoryDocuments() {
  const { company } = demoHistory();
  return company.invoices.map((invoice) => ({ cif: company.cif, companyName: company.name, invoice }));
}
