/**
 * The client of ANAF's public VAT-payer service, PlatitorTvaRest v9 (../shared/spec/anaf-api.md
 * A.1–A.5): one POST of at most 100 CUIs, `[{cui: number, data: 'YYYY-MM-DD'}]` with Romania's
 * date, answered with `found[]` and `notFound[]`. Only the base address ANAF_URL gives is called
 * (allowedUrl.ts), no redirect is followed, and every request waits for the fleet's budget of one
 * request per second first: ANAF's own rule, whose breach it "punishes".
 *
 * Every failure (time-out, 429, 5xx, an HTML page, an answer that is not ANAF's JSON) is an
 * AnafUnavailable with a clear Romanian message. Nothing is retried here: the caller decides
 * (a lookup that fails never blocks a save).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { anafMessages as words } from "../messages";
import type { RateLimitSettings, SmartBillRateLimiter } from "../smartbill/rateLimiter";
import { romanianDate } from "../smartbill/bucharestTime";
import { budgetForToken } from "../smartbill/sharedBudget";
import { anafBaseUrl, anafUrlProblem } from "./allowedUrl";
import { AnafUnavailable } from "./anafUnavailable";
import { type AnafAnswer, readAnafAnswer } from "./readAnswer";

/** The v9 service's path under ANAF_URL. */
export const ANAF_VAT_PATH = "/api/PlatitorTvaRest/v9/tva";
/** ANAF's limits (v9 documentation): at most 100 CUIs per request, 1 request per second. */
export const ANAF_MAX_CUIS_PER_REQUEST = 100;
/**
 * One call per 1000 ms for the whole fleet, through SmartBill's budget (a call counts from when it
 * leaves until a second after its answer arrived, so two requests never reach ANAF closer than a
 * second). On PostgreSQL the budget's own margin of two calls leaves it at one.
 */
export const ANAF_RATE_LIMIT: RateLimitSettings = { limit: 1, windowMs: 1_000 };
/** The budget's key: SmartBill's keys are tokens, which this is not. */
export const ANAF_BUDGET_KEY = "anaf:PlatitorTvaRest";
export const DEFAULT_ANAF_TIMEOUT_MS = 15_000;

export interface AnafClient {
  /** One request for ≤ 100 CUIs (digits), paced by the fleet's budget. */
  ask(cuis: readonly string[]): Promise<AnafAnswer>;
}

export interface AnafClientOptions {
  /**
   * ANAF_URL, or a function that gives it at each call (demo mode: this server's own emulator,
   * on the port it listens on; undefined while it does not listen).
   */
  baseUrl: string | (() => string | undefined);
  timeoutMs?: number;
  /** The app's database: on PostgreSQL the budget is the fleet's, kept there; else this process's. */
  budgetDb?: Kysely<Database>;
  fetch?: typeof fetch;
  /** Tests: a budget of their own instead of the fleet's. */
  budget?: SmartBillRateLimiter;
}

export function createAnafClient(options: AnafClientOptions): AnafClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_ANAF_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const budget = options.budget ?? budgetForToken(ANAF_BUDGET_KEY, ANAF_RATE_LIMIT, options.budgetDb);
  if (typeof options.baseUrl === "string") serviceUrl(options.baseUrl);

  return {
    async ask(cuis) {
      if (cuis.length === 0) return { found: [], notFound: [] };
      if (cuis.length > ANAF_MAX_CUIS_PER_REQUEST) throw new Error(`at most ${ANAF_MAX_CUIS_PER_REQUEST} CUIs per request`);
      const base = typeof options.baseUrl === "string" ? options.baseUrl : options.baseUrl();
      if (base === undefined) throw new AnafUnavailable("config", words.emulatorNotListening);
      const url = serviceUrl(base);
      const release = await budget.acquire(timeoutMs);
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), timeoutMs);
      let status: number;
      let contentType: string;
      let body: string;
      try {
        const data = romanianDate(Date.now());
        const response = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(cuis.map((cui) => ({ cui: Number(cui), data }))),
          signal: abort.signal,
          // Never followed: a redirect could lead away from ANAF_URL.
          redirect: "manual",
        });
        status = response.status;
        contentType = response.headers.get("content-type") ?? "";
        body = await response.text();
      } catch (error) {
        throw abort.signal.aborted
          ? new AnafUnavailable("timeout", words.timedOut(Math.round(timeoutMs / 100) / 10), { cause: error })
          : new AnafUnavailable("network", words.unreachable(url.host), { cause: error });
      } finally {
        clearTimeout(timer);
        await release();
      }
      return interpret(status, contentType, body);
    },
  };
}

/** The service's address under a base address ANAF_URL may hold; a "config" failure otherwise. */
function serviceUrl(base: string): URL {
  const problem = anafUrlProblem(base);
  if (problem) throw new AnafUnavailable("config", words.urlRefused(base));
  return new URL(`${anafBaseUrl(base)}${ANAF_VAT_PATH}`);
}

function interpret(status: number, contentType: string, body: string): AnafAnswer {
  if (status === 429) throw new AnafUnavailable("tooManyRequests", words.tooManyRequests, { status });
  if (status >= 500) throw new AnafUnavailable("serverError", words.serverError(status), { status });
  const html = /text\/html/i.test(contentType) || /^\s*</.test(body);
  // A firewall's "Request Rejected" page comes with status 200.
  if (html) throw new AnafUnavailable("htmlPage", words.htmlPage, { status });
  // ANAF's JSON also comes with 404 when it found none of the CUIs (anaf-api.md A.3).
  if (status !== 200 && status !== 404) throw new AnafUnavailable("refused", words.refused(status), { status });
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new AnafUnavailable("notJson", words.notJson, { status });
  }
  const answer = readAnafAnswer(json, new Date().toISOString());
  if (!answer) throw new AnafUnavailable(status === 404 ? "refused" : "notJson", status === 404 ? words.refused(404) : words.notJson, { status });
  return answer;
}
