/**
 * A SmartBill V1 emulator as a Fastify plugin (../shared/spec/smartbill-api.md §7). Under its
 * prefix it answers SmartBill's V1 routes (KNOWN_PATHS in api.ts: stocks, tax, series, invoice and
 * invoice/v2; after the send invoice/pdf, invoice/cancel, invoice/restore, invoice/reverse, DELETE
 * invoice, payment, DELETE payment/v2 and payment/chitanta, GET payment/text, invoice/paymentstatus and
 * document/send; proformas: estimate and estimate/v2, estimate/pdf, estimate/invoices,
 * estimate/cancel, estimate/restore and DELETE estimate) the way SmartBill does (api.ts: Basic auth and CIF checks with SmartBill's exact
 * bodies, validation texts, numbering, stock discharge, the 30 calls / 10 s limiter and its lockout),
 * keeps each company's state in memory (runtime.ts), and lets tests switch on faults.
 *
 * Admin API (admin.ts; no auth: the emulator is for development, demos and tests, never production):
 *   GET/PUT    /__emulator/state     accounts and companies (PUT replaces what it is given)
 *   POST       /__emulator/reset     back to the options: state, faults, limiter, log, settings
 *   GET/POST/DELETE /__emulator/faults  pending faults; POST {fault, times?, path?, method?, after?, text?, status?}
 *   GET/PUT    /__emulator/settings  limiter {limit, windowMs, blockMs}, lockoutStatus, validationStatus,
 *                                    unknownField, unknownLanguage, delays, hangMs, legacyNumbers
 *   GET/DELETE /__emulator/requests  the calls the API received
 *   GET/DELETE /__emulator/lockouts  blocked tokens; DELETE lifts every block
 *   GET/DELETE /__emulator/outbox    the mails POST /document/send "sent" (reset empties it too)
 */
import { HangingSockets } from "./hangingSockets";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { adminRoutes } from "./admin";
import { tomcatPage } from "./answers";
import { apiPathOf, apiRoutes, EMULATOR_API_PATH, KNOWN_PATHS, methodNotAllowed } from "./api";
import { EmulatorRuntime, type SmartBillEmulatorOptions } from "./runtime";

export { EMULATOR_API_PATH } from "./api";
export {
  DEMO_SMARTBILL_ACCOUNT,
  DEMO_SMARTBILL_CIF,
  DEMO_SMARTBILL_TOKEN,
  DEMO_SMARTBILL_USERNAME,
  DEMO_WAREHOUSES,
  demoHistory,
} from "./demoData";
export { type IssuedDocument, IssuedDocuments, type IssuedDocumentListener } from "./issuedDocuments";
export type { OutboxMail } from "./documentSend";
export type { Fault, FaultKind } from "./faults";
export { foldForPdf } from "./pdf";
export { PAYMENT_TYPES } from "./payments";
export type { EmulatorLimiterSettings } from "./limiter";
export type * from "./model";
export type { EmulatorEndpoint, EmulatorSettings, RequestLogEntry, SmartBillEmulatorOptions } from "./runtime";

/** Where the app mounts the emulator in demo mode. */
export const SMARTBILL_EMULATOR_PREFIX = "/smartbill-emulator";
export const EMULATOR_ADMIN_PATH = "/__emulator";

export const smartBillEmulator: FastifyPluginAsync<SmartBillEmulatorOptions> = async (app, options) => {
  const runtime = new EmulatorRuntime(options);
  const hanging = new HangingSockets();
  const prefix = app.prefix;

  app.addHook("preClose", async () => hanging.closeAll());

  // Unknown paths and wrong verbs under the prefix get the emulator's answers. A catch-all route
  // as well as the not-found handler: inside the app, @fastify/static's own catch-all would
  // otherwise take GET and HEAD and hand them to the app's not-found handler.
  const fallback = (request: FastifyRequest, reply: FastifyReply) => {
    const path = apiPathOf(prefix, request);
    if (path === undefined) {
      return reply.code(404).send({ message: "Nu există această adresă în emulatorul SmartBill." });
    }
    const known = KNOWN_PATHS[path];
    if (!known) return reply.code(404).type("text/html;charset=utf-8").send(tomcatPage(404, "Not Found"));
    return methodNotAllowed(request, reply, path);
  };
  app.setNotFoundHandler(fallback);
  app.all("/*", fallback);

  await app.register(apiRoutes({ runtime, prefix, hanging }), { prefix: EMULATOR_API_PATH });
  await app.register(adminRoutes(runtime), { prefix: EMULATOR_ADMIN_PATH });
};
