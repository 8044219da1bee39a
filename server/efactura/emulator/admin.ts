/**
 * The emulator's admin API (JSON, no auth: demo mode and tests only; shapes in index.ts's header):
 * its messages (list, add one), the request log, faults, the clock's offset, settings and reset.
 */
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { parseFault } from "./faults";
import { listedMessage, rejectionText, SPV_TIP, type SpvDocument, type SpvLine, type SpvMessage, type SpvTip } from "./messages";
import type { EfacturaEmulatorRuntime } from "./runtime";
import { changedSettings, cifDigits } from "./settings";
import { romanianDate } from "../../smartbill/bucharestTime";

/** A message as the admin API shows it: the listed fields plus what its ZIP holds. */
export function adminMessage(message: SpvMessage) {
  return {
    ...listedMessage(message),
    createdAt: message.createdAt,
    ...(message.document ? { document: message.document } : {}),
    ...(message.errors ? { errors: message.errors } : {}),
  };
}

const TIPS = Object.values(SPV_TIP) as string[];

type Body = Record<string, unknown>;
const isObject = (value: unknown): value is Body => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback = "") => (typeof value === "string" || typeof value === "number" ? String(value) : fallback);

/** POST /admin/messages: the message described, or what is wrong with the description. */
function describedMessage(runtime: EfacturaEmulatorRuntime, body: unknown): SpvMessage | string {
  if (!isObject(body)) return "Mesajul este un obiect JSON.";
  const tip = text(body.tip, SPV_TIP.received) as SpvTip;
  if (!TIPS.includes(tip)) return `tip este unul din: ${TIPS.join(", ")}.`;
  const number = text(body.number).trim();
  if (!number) return "number (seria și numărul facturii) este obligatoriu.";
  const supplierIn = isObject(body.supplier) ? body.supplier : {};
  const customerIn = isObject(body.customer) ? body.customer : {};
  const party = (p: Body, fallbackName: string, fallbackCif: string) => {
    const cif = cifDigits(text(p.cif, fallbackCif));
    return {
      name: text(p.name, fallbackName),
      cif,
      ...(p.vatPayer === false ? {} : { vatId: `RO${cif}` }),
      country: text(p.country, "RO"),
      city: text(p.city, "SECTOR1"),
      subdivision: text(p.subdivision, "RO-B"),
      street: text(p.street, "Str. Exemplu nr. 1"),
    };
  };
  const supplier = party(supplierIn, "FURNIZOR DEMO SRL", "45273124");
  const customer = party(customerIn, "CLIENT DEMO SRL", "24681350");
  const currency = text(body.currency, "RON");
  const vatPercent = typeof body.vatPercent === "number" ? body.vatPercent : 21;
  let lines: SpvLine[];
  if (Array.isArray(body.lines)) {
    lines = body.lines.filter(isObject).map((line) => ({
      name: text(line.name, "Produs"),
      quantity: Number(line.quantity ?? 1),
      unitCode: text(line.unitCode, "H87"),
      price: Number(line.price ?? 0),
      net: Number(line.net ?? Number(line.quantity ?? 1) * Number(line.price ?? 0)),
      vatPercent: Number(line.vatPercent ?? vatPercent),
    }));
  } else {
    const total = typeof body.total === "number" ? body.total : 121;
    const net = Math.round((total / (1 + vatPercent / 100)) * 100) / 100;
    lines = [{ name: text(body.lineName, "Servicii"), quantity: 1, unitCode: "H87", price: net, net, vatPercent }];
  }
  const totalNet = Math.round(lines.reduce((sum, l) => sum + l.net, 0) * 100) / 100;
  const totalVat = Math.round(lines.reduce((sum, l) => sum + (l.net * l.vatPercent) / 100, 0) * 100) / 100;
  const createdAt = typeof body.createdAt === "number" ? body.createdAt : runtime.now();
  const document: SpvDocument = {
    kind: body.creditNote === true ? "creditNote" : "invoice",
    number,
    issueDate: text(body.issueDate, romanianDate(createdAt)),
    ...(body.dueDate ? { dueDate: text(body.dueDate) } : {}),
    currency,
    supplier,
    customer,
    lines,
    totalNet,
    totalVat,
    total: typeof body.total === "number" && !Array.isArray(body.lines) ? body.total : Math.round((totalNet + totalVat) * 100) / 100,
    ...(body.billingReference ? { billingReference: text(body.billingReference) } : {}),
  };
  const ids = runtime.nextIds();
  const ownCif = tip === SPV_TIP.received || tip === SPV_TIP.buyerSent ? customer.cif : supplier.cif;
  const cif = body.cif === undefined ? ownCif : cifDigits(text(body.cif));
  const detalii =
    tip === SPV_TIP.errors
      ? `Erori de validare identificate la factura primita cu id_incarcare=${ids.idSolicitare}`
      : `Factura cu id_incarcare=${ids.idSolicitare} emisa de cif_emitent=${supplier.cif} pentru cif_beneficiar=${customer.cif}`;
  return {
    ...ids,
    tip,
    cif,
    issuerCif: supplier.cif,
    detalii: text(body.detalii, detalii),
    createdAt,
    ...(tip === SPV_TIP.errors
      ? { errors: Array.isArray(body.errors) ? body.errors.map((e) => text(e)) : [rejectionText(number)] }
      : { document }),
  };
}

export const adminRoutes =
  (runtime: EfacturaEmulatorRuntime): FastifyPluginAsync =>
  async (admin: FastifyInstance) => {
    admin.get("/messages", async (request) => {
      const { cif } = (request.query ?? {}) as { cif?: string };
      const messages = runtime.messages.filter((m) => !cif || m.cif === cifDigits(cif));
      return { messages: messages.map(adminMessage) };
    });
    admin.post("/messages", async (request, reply) => {
      const message = describedMessage(runtime, request.body);
      if (typeof message === "string") return reply.code(400).send({ message });
      runtime.messages.push(message);
      return reply.code(201).send({ message: adminMessage(message) });
    });

    admin.get("/requests", async () => ({ requests: runtime.requests }));
    admin.delete("/requests", async () => {
      runtime.requests.length = 0;
      return { requests: [] };
    });

    admin.get("/faults", async () => ({ faults: runtime.faults.pending }));
    admin.post("/faults", async (request, reply) => {
      const fault = parseFault(request.body);
      if (typeof fault === "string") return reply.code(400).send({ message: fault });
      runtime.faults.add(fault);
      return { faults: runtime.faults.pending };
    });
    admin.delete("/faults", async () => {
      runtime.faults.clear();
      return { faults: [] };
    });

    const clock = () => ({ now: runtime.now(), offsetMs: runtime.clockOffsetMs, today: runtime.today() });
    admin.get("/clock", async () => clock());
    admin.post("/clock", async (request, reply) => {
      const body = isObject(request.body) ? request.body : {};
      if (typeof body.offsetMs === "number" && Number.isFinite(body.offsetMs)) runtime.clockOffsetMs = body.offsetMs;
      else if (typeof body.advanceMs === "number" && Number.isFinite(body.advanceMs)) runtime.clockOffsetMs += body.advanceMs;
      else return reply.code(400).send({ message: "Trimiteți {offsetMs} sau {advanceMs}, în milisecunde." });
      return clock();
    });

    admin.get("/settings", async () => ({ settings: runtime.settings }));
    admin.post("/settings", async (request, reply) => {
      const next = changedSettings(runtime.settings, request.body);
      if (typeof next === "string") return reply.code(400).send({ message: next });
      runtime.settings = next;
      return { settings: runtime.settings };
    });

    admin.post("/reset", async () => {
      runtime.reset();
      return { ok: true };
    });
  };
