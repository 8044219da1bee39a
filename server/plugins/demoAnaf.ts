/**
 * The ANAF emulator at /anaf-emulator, in demo mode only (and so in tests), so that 'Completează
 * din ANAF' and the checks against ANAF work without calling ANAF: its own scope (not
 * fastify-plugin), its own body limit and not-found answers, like the SmartBill emulator.
 */
import type { FastifyPluginAsync } from "fastify";
import { anafEmulator, ANAF_EMULATOR_PREFIX } from "../anaf/emulator/index";
import { BODY_LIMITS, defaultBodyLimit } from "../bodyLimits";

export const demoAnafPlugin: FastifyPluginAsync = async (app) => {
  defaultBodyLimit(app, BODY_LIMITS.emulator);
  await app.register(anafEmulator, { prefix: ANAF_EMULATOR_PREFIX });
};
