/**
 * The emulator's admin API, for tests and demos (no auth: the emulator never runs in
 * production). See index.ts for the list of endpoints.
 */
import type { FastifyError, FastifyPluginAsync } from "fastify";
import { FAULT_KINDS, type Fault } from "./faults";
import type { EmulatorAccount, EmulatorCompanySeed } from "./model";
import { isObject } from "./requestShape";
import type { EmulatorRuntime, EmulatorSettings } from "./runtime";

export function adminRoutes(runtime: EmulatorRuntime): FastifyPluginAsync {
  return async (admin) => {
    admin.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      return reply.code(status).send({ message: error.message });
    });

    admin.get("/state", async () => runtime.state);
    admin.put("/state", async (request, reply) => {
      const body = request.body as Partial<{ accounts: EmulatorAccount[]; companies: EmulatorCompanySeed[] }> | null;
      const valid =
        isObject(body) &&
        (body.accounts === undefined || Array.isArray(body.accounts)) &&
        (body.companies === undefined || Array.isArray(body.companies)) &&
        (body.companies ?? []).every((c) => isObject(c) && typeof c.cif === "string" && c.cif !== "");
      if (!valid) return reply.code(400).send({ message: "Trimiteți {accounts?: [...], companies?: [{cif, ...}]}." });
      runtime.replaceState(body.accounts, body.companies);
      return runtime.state;
    });
    admin.post("/reset", async (_request, reply) => {
      runtime.reset();
      return reply.code(204).send();
    });

    admin.get("/faults", async () => runtime.faults.list());
    admin.post("/faults", async (request, reply) => {
      const body = request.body as Partial<Fault> | null;
      const valid =
        isObject(body) &&
        FAULT_KINDS.includes(body.fault as never) &&
        (body.times === undefined || (Number.isInteger(body.times) && body.times >= 1)) &&
        (body.after === undefined || typeof body.after === "string");
      if (!valid) {
        const kinds = FAULT_KINDS.join(" | ");
        return reply.code(400).send({ message: `Trimiteți {fault: ${kinds}, times?, path?, method?, after?, text?, status?}.` });
      }
      runtime.faults.add(body as Fault);
      return reply.code(201).send(runtime.faults.list());
    });
    admin.delete("/faults", async (_request, reply) => {
      runtime.faults.clear();
      return reply.code(204).send();
    });

    admin.get("/settings", async () => runtime.settings);
    admin.put("/settings", async (request, reply) => {
      const body = request.body as Partial<EmulatorSettings> | null;
      if (!isObject(body)) return reply.code(400).send({ message: "Trimiteți setările ca obiect JSON." });
      runtime.changeSettings(body);
      return runtime.settings;
    });

    admin.get("/requests", async () => ({ count: runtime.requests.length, requests: runtime.requests }));
    admin.delete("/requests", async (_request, reply) => {
      runtime.requests.length = 0;
      return reply.code(204).send();
    });

    admin.get("/outbox", async () => ({ count: runtime.outbox.length, mails: runtime.outbox }));
    admin.delete("/outbox", async (_request, reply) => {
      runtime.outbox.length = 0;
      return reply.code(204).send();
    });

    admin.get("/lockouts", async () =>
      runtime.limiter.blocked().map(({ token, blockedAt, blockedUntil }) => ({
        token,
        blockedAt: new Date(blockedAt).toISOString(),
        blockedUntil: new Date(blockedUntil).toISOString(),
      })),
    );
    admin.delete("/lockouts", async (_request, reply) => {
      runtime.limiter.clear();
      return reply.code(204).send();
    });
  };
}
