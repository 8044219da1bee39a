/**
 * An emulator of ANAF's PlatitorTvaRest v9 (../shared/spec/anaf-api.md A.2–A.5) as a Fastify
 * plugin, mounted at /anaf-emulator in demo mode and tests (plugins/demoAnaf.ts), like SmartBill's.
 *
 *   POST /api/PlatitorTvaRest/v9/tva   [{cui: number, data: 'YYYY-MM-DD'}] → {found, notFound}
 *     - the fixed demo companies (companies.ts), any other CUI with a valid control digit as a
 *       generated active company marked `demonstrativ`, a wrong control digit in `notFound`;
 *     - more than 100 CUIs: 400; a body that is not that list: 400;
 *     - a request less than a second after the one before: ANAF-like refusal (429, or the
 *       firewall's HTML "Request Rejected" page with status 200: settings.rateRefusal).
 *
 * Admin API (no auth: the emulator never runs in production):
 *   GET/DELETE       /__emulator/requests  each request: when it came (epoch ms), how many CUIs, the status
 *   GET/POST/DELETE  /__emulator/faults    POST {fault: slow | hang | 429 | 503 | html, times?}
 *   GET/PUT          /__emulator/settings  {minIntervalMs, rateRefusal: "429" | "html", notFoundStatus: 200 | 404,
 *                                          slowMs, hangMs, unknownCuis: CUIs answered as notFound,
 *                                          companyStates: {<cui>: {inactiveSince?, struckOffOn?}}}
 *   POST             /__emulator/reset     faults, settings, log and the rate clock as at the start
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { HangingSockets } from "../../smartbill/emulator/hangingSockets";
import { ANAF_MAX_CUIS_PER_REQUEST, ANAF_VAT_PATH } from "../client";
import { ANAF_DEMO_COMPANIES, type EmulatedCompany, emulatedCompany, foundItem } from "./companies";

export { ANAF_DEMO_COMPANIES, ANAF_DEMO_CUIS, generatedCompany } from "./companies";

/** Where the app mounts the emulator in demo mode and tests. */
export const ANAF_EMULATOR_PREFIX = "/anaf-emulator";
export const ANAF_EMULATOR_ADMIN_PATH = "/__emulator";

export const ANAF_FAULT_KINDS = ["slow", "hang", "429", "503", "html"] as const;
export type AnafFaultKind = (typeof ANAF_FAULT_KINDS)[number];

export interface AnafFault {
  fault: AnafFaultKind;
  /** How many requests it strikes (default 1). */
  times?: number;
}

export interface AnafEmulatorSettings {
  /** The least time between two requests ANAF accepts (its rule: one per second). */
  minIntervalMs: number;
  /** How a request too soon is refused: HTTP 429, or the firewall's HTML page (status 200). */
  rateRefusal: "429" | "html";
  /** Status of an answer that found none of the CUIs: 200, or 404 with the same JSON (seen from v9). */
  notFoundStatus: 200 | 404;
  /** The "slow" fault's delay before a normal answer. */
  slowMs: number;
  /** How long the "hang" fault holds a connection before dropping it. */
  hangMs: number;
  /** CUIs with a valid control digit that ANAF does not know (a company that never existed). */
  unknownCuis: number[];
  /**
   * A valid CUI's state as a test wants it: inactive since a date, or struck off on one (null
   * clears it). A test can so make any company of an existing workbook inactive.
   */
  companyStates: Record<string, CompanyStateOverride>;
}

export interface CompanyStateOverride {
  inactiveSince?: string | null;
  struckOffOn?: string | null;
}

export interface AnafRequestLogEntry {
  /** When the request arrived (epoch ms, this process's clock). */
  at: number;
  /** How many CUIs it asked (0 for a body that was no list). */
  cuiCount: number;
  cuis: number[];
  /** The date asked for (the first item's `data`). */
  date: string;
  /** The answer's status. */
  status: number;
  /** What the emulator did: answered, refused for the rate, too many CUIs, bad body, or a fault's name. */
  outcome: "answered" | "rate" | "tooMany" | "badRequest" | AnafFaultKind;
}

export interface AnafEmulatorOptions extends Partial<AnafEmulatorSettings> {
  /** Default: ANAF_DEMO_COMPANIES. */
  companies?: readonly EmulatedCompany[];
}

const DEFAULT_SETTINGS: AnafEmulatorSettings = {
  minIntervalMs: 1_000,
  rateRefusal: "429",
  notFoundStatus: 200,
  slowMs: 3_000,
  hangMs: 120_000,
  unknownCuis: [],
  companyStates: {},
};
const MAX_LOGGED = 1_000;

/** ANAF's firewall page (anaf-api.md A.3: "Request Rejected … Your support ID is"). */
export const REQUEST_REJECTED_PAGE =
  "<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. " +
  "Please consult with your administrator.<br><br>Your support ID is: 1234567890123456789<br><br>" +
  '<a href="javascript:history.back();">[Go Back]</a></body></html>';

export const anafEmulator: FastifyPluginAsync<AnafEmulatorOptions> = async (app, options) => {
  const companies = options.companies ?? ANAF_DEMO_COMPANIES;
  const initial = (): AnafEmulatorSettings => ({ ...DEFAULT_SETTINGS, ...pickSettings(options) });
  let settings = initial();
  let faults: Required<AnafFault>[] = [];
  const requests: AnafRequestLogEntry[] = [];
  let lastArrival = -Infinity;
  const hanging = new HangingSockets();
  app.addHook("preClose", async () => hanging.closeAll());

  const log = (entry: AnafRequestLogEntry) => {
    requests.push(entry);
    if (requests.length > MAX_LOGGED) requests.splice(0, requests.length - MAX_LOGGED);
  };

  app.post(ANAF_VAT_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const at = Date.now();
    const tooSoon = at - lastArrival < settings.minIntervalMs;
    lastArrival = at;
    const list = requestedCuis(request.body);
    const cuis = list ?? [];
    const date = list?.[0] === undefined ? "" : (request.body as { data: string }[])[0].data;
    // A slow answer is logged as it arrives: a test that gave up on it may have reset the log since.
    let logged = false;
    const entry = (status: number, outcome: AnafRequestLogEntry["outcome"]) => {
      if (!logged) log({ at, cuiCount: cuis.length, cuis, date, status, outcome });
      logged = true;
    };

    const fault = faults[0];
    if (fault) {
      fault.times -= 1;
      if (fault.times <= 0) faults.shift();
      if (fault.fault === "hang") {
        entry(0, "hang");
        reply.hijack();
        hanging.hold(request.raw.socket, settings.hangMs);
        return reply;
      }
      if (fault.fault === "429") {
        entry(429, "429");
        return reply.code(429).type("text/plain").send("Too Many Requests");
      }
      if (fault.fault === "503") {
        entry(503, "503");
        return reply.code(503).type("text/html").send("<html><body><h1>503 Service Unavailable</h1></body></html>");
      }
      if (fault.fault === "html") {
        entry(200, "html");
        return reply.code(200).type("text/html").send(REQUEST_REJECTED_PAGE);
      }
      entry(200, "slow");
      await new Promise((resolve) => setTimeout(resolve, settings.slowMs));
    }
    if (tooSoon) {
      entry(settings.rateRefusal === "429" ? 429 : 200, "rate");
      return settings.rateRefusal === "429"
        ? reply.code(429).type("text/plain").send("Too Many Requests")
        : reply.code(200).type("text/html").send(REQUEST_REJECTED_PAGE);
    }
    if (!list) {
      entry(400, "badRequest");
      return reply.code(400).type("text/plain").send("Cererea trebuie sa fie o lista de obiecte {cui: numar, data: AAAA-LL-ZZ}.");
    }
    if (list.length > ANAF_MAX_CUIS_PER_REQUEST) {
      entry(400, "tooMany");
      return reply.code(400).type("text/plain").send(`Numarul maxim de CUI-uri intr-o cerere este ${ANAF_MAX_CUIS_PER_REQUEST}.`);
    }
    const found: Record<string, unknown>[] = [];
    const notFound: number[] = [];
    for (const cui of list) {
      const known = settings.unknownCuis.includes(cui) ? undefined : emulatedCompany(String(cui), companies);
      const company = known && Object.hasOwn(settings.companyStates, String(cui)) ? { ...known, ...settings.companyStates[String(cui)] } : known;
      if (company) found.push(foundItem(company, date));
      else notFound.push(cui);
    }
    const status = found.length === 0 && notFound.length > 0 ? settings.notFoundStatus : 200;
    entry(status, "answered");
    return reply.code(status).type("application/json").send({ found, notFound });
  });

  app.get(`${ANAF_EMULATOR_ADMIN_PATH}/requests`, async () => ({ count: requests.length, requests }));
  app.delete(`${ANAF_EMULATOR_ADMIN_PATH}/requests`, async (_request, reply) => {
    requests.length = 0;
    return reply.code(204).send();
  });
  app.get(`${ANAF_EMULATOR_ADMIN_PATH}/faults`, async () => faults);
  app.post(`${ANAF_EMULATOR_ADMIN_PATH}/faults`, async (request, reply) => {
    const body = request.body as Partial<AnafFault> | null;
    const valid =
      !!body &&
      typeof body === "object" &&
      ANAF_FAULT_KINDS.includes(body.fault as AnafFaultKind) &&
      (body.times === undefined || (Number.isInteger(body.times) && body.times >= 1));
    if (!valid) return reply.code(400).send({ message: `Trimiteți {fault: ${ANAF_FAULT_KINDS.join(" | ")}, times?}.` });
    faults.push({ fault: body.fault as AnafFaultKind, times: body.times ?? 1 });
    return reply.code(201).send(faults);
  });
  app.delete(`${ANAF_EMULATOR_ADMIN_PATH}/faults`, async (_request, reply) => {
    faults = [];
    return reply.code(204).send();
  });
  app.get(`${ANAF_EMULATOR_ADMIN_PATH}/settings`, async () => settings);
  app.put(`${ANAF_EMULATOR_ADMIN_PATH}/settings`, async (request, reply) => {
    const body = request.body;
    if (!body || typeof body !== "object") return reply.code(400).send({ message: "Trimiteți setările ca obiect JSON." });
    settings = { ...settings, ...pickSettings(body as Partial<AnafEmulatorSettings>) };
    return settings;
  });
  app.post(`${ANAF_EMULATOR_ADMIN_PATH}/reset`, async (_request, reply) => {
    settings = initial();
    faults = [];
    requests.length = 0;
    lastArrival = -Infinity;
    return reply.code(204).send();
  });
  // Anything else under the prefix is the emulator's 404, never the UI's page.
  const notFound = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ message: "Nu există această adresă în emulatorul ANAF." });
  app.setNotFoundHandler(notFound);
  app.all("/*", notFound);
};

/** The CUIs of a v9 request body, or undefined when it is not `[{cui: integer, data: 'YYYY-MM-DD'}]`. */
function requestedCuis(body: unknown): number[] | undefined {
  if (!Array.isArray(body)) return undefined;
  const cuis: number[] = [];
  for (const item of body) {
    const { cui, data } = (item ?? {}) as { cui?: unknown; data?: unknown };
    if (typeof cui !== "number" || !Number.isSafeInteger(cui) || cui <= 0) return undefined;
    if (typeof data !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(data)) return undefined;
    cuis.push(cui);
  }
  return cuis;
}

function pickSettings(source: Partial<AnafEmulatorSettings>): Partial<AnafEmulatorSettings> {
  const picked: Partial<AnafEmulatorSettings> = {};
  if (typeof source.minIntervalMs === "number" && source.minIntervalMs >= 0) picked.minIntervalMs = source.minIntervalMs;
  if (source.rateRefusal === "429" || source.rateRefusal === "html") picked.rateRefusal = source.rateRefusal;
  if (source.notFoundStatus === 200 || source.notFoundStatus === 404) picked.notFoundStatus = source.notFoundStatus;
  if (typeof source.slowMs === "number" && source.slowMs >= 0) picked.slowMs = source.slowMs;
  if (typeof source.hangMs === "number" && source.hangMs >= 0) picked.hangMs = source.hangMs;
  if (Array.isArray(source.unknownCuis) && source.unknownCuis.every((cui) => Number.isSafeInteger(cui))) {
    picked.unknownCuis = [...source.unknownCuis];
  }
  if (isCompanyStates(source.companyStates)) picked.companyStates = { ...source.companyStates };
  return picked;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCompanyStates(value: unknown): value is Record<string, CompanyStateOverride> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const dateOrNull = (date: unknown) => date === undefined || date === null || (typeof date === "string" && DAY.test(date));
  return Object.entries(value).every(
    ([cui, state]) => /^\d+$/.test(cui) && !!state && typeof state === "object" && dateOrNull(state.inactiveSince) && dateOrNull(state.struckOffOn),
  );
}
