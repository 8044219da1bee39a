/**
 * SmartBill's V1 routes on the emulator's runtime. Every call, in order: logged; the token's
 * limiter (lockout answer); a wrong verb (405); Basic auth (401); Accept (406; the PDF has its
 * own rules); a pending fault; the configured delay; then the route, which checks the body (415,
 * invalid_request_error) and the company (401) before its own logic. The routes for an invoice
 * after its issue are in afterSendRoutes.ts; a proforma's (after POST /estimate) in estimateRoutes.ts.
 */
import type { HangingSockets } from "./hangingSockets";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { formatSmartBillTime } from "../bucharestTime";
import {
  acceptsJson,
  basicCredentials,
  documentLinks,
  envelope,
  HTML_ERROR_TEXT,
  isJsonContentType,
  MAINTENANCE_PAGE,
  NGINX_502,
  PLAIN_ERROR_TEXT,
  queryParam,
  requestError,
  tomcatPage,
  unauthorized,
} from "./answers";
import { afterSendRoutes, pdfContentType } from "./afterSendRoutes";
import { AFTER_STORE_FAULTS, type Fault } from "./faults";
import { type IssueKind, issueInvoice } from "./invoices";
import { paymentStatus } from "./payments";
import type { LimiterVerdict } from "./limiter";
import type { EmulatorAccount, EmulatorCompany } from "./model";
import { estimateRoutes } from "./estimateRoutes";
import { checkEstimateShape, checkInvoiceShape, isObject, toText } from "./requestShape";
import type { EmulatorEndpoint, EmulatorRuntime, RequestLogEntry } from "./runtime";
import { queryStocks } from "./stocks";
import { texts } from "./texts";

/** SmartBill's API path, under the emulator's prefix. */
export const EMULATOR_API_PATH = "/SBORO/api";

/** Every route the emulator serves, with its verbs: any other verb is a 405 naming them in Allow. */
export const KNOWN_PATHS: Record<string, { methods: string[]; endpoint: EmulatorEndpoint }> = {
  "/stocks": { methods: ["GET"], endpoint: "stocks" },
  "/tax": { methods: ["GET"], endpoint: "tax" },
  "/series": { methods: ["GET"], endpoint: "series" },
  "/invoice": { methods: ["POST", "DELETE"], endpoint: "invoice" },
  "/invoice/v2": { methods: ["POST"], endpoint: "invoice" },
  "/invoice/paymentstatus": { methods: ["GET"], endpoint: "paymentstatus" },
  "/invoice/pdf": { methods: ["GET"], endpoint: "pdf" },
  "/invoice/cancel": { methods: ["PUT"], endpoint: "cancel" },
  "/invoice/restore": { methods: ["PUT"], endpoint: "restore" },
  "/invoice/reverse": { methods: ["POST"], endpoint: "reverse" },
  "/payment": { methods: ["POST"], endpoint: "payment" },
  "/payment/v2": { methods: ["DELETE"], endpoint: "payment" },
  "/payment/chitanta": { methods: ["DELETE"], endpoint: "payment" },
  "/payment/text": { methods: ["GET"], endpoint: "payment" },
  "/document/send": { methods: ["POST"], endpoint: "documentSend" },
  // Proformas (§4.1, §10.b): their calls count as the invoice's for delays.
  "/estimate": { methods: ["POST", "DELETE"], endpoint: "invoice" },
  "/estimate/v2": { methods: ["POST"], endpoint: "invoice" },
  "/estimate/pdf": { methods: ["GET"], endpoint: "pdf" },
  "/estimate/invoices": { methods: ["GET"], endpoint: "estimateInvoices" },
  "/estimate/cancel": { methods: ["PUT"], endpoint: "cancel" },
  "/estimate/restore": { methods: ["PUT"], endpoint: "restore" },
};

/** The verbs a wrong-verb route answers (HEAD and OPTIONS fall to the plugin's own 405). */
const VERBS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

/** Paths that answer a PDF: their Accept rules are not the JSON ones (§4.1). */
export const PDF_PATHS = new Set(["/invoice/pdf", "/estimate/pdf"]);

/** The path after `<prefix>/SBORO/api` ("/stocks"), or undefined outside the API. */
export function apiPathOf(prefix: string, request: FastifyRequest): string | undefined {
  const path = request.url.split("?")[0];
  const base = `${prefix}${EMULATOR_API_PATH}`;
  if (path === base) return "";
  return path.startsWith(`${base}/`) ? path.slice(base.length).replace(/\/+$/, "") : undefined;
}

interface CallContext {
  entry: RequestLogEntry;
  account?: EmulatorAccount;
  verdict?: LimiterVerdict;
}

export interface ApiRoutesOptions {
  runtime: EmulatorRuntime;
  /** The emulator's own prefix (e.g. /smartbill-emulator), for paths and fake document links. */
  prefix: string;
  /** Connections the "timeout" fault holds, so that closing the emulator can drop them. */
  hanging: HangingSockets;
}

export function apiRoutes({ runtime, prefix, hanging }: ApiRoutesOptions): FastifyPluginAsync {
  const contexts = new WeakMap<FastifyRequest, CallContext>();
  const apiPath = (request: FastifyRequest) => apiPathOf(prefix, request) ?? "";

  return async (api) => {
    api.setErrorHandler((error: FastifyError, request, reply) => {
      const path = apiPath(request);
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return unsupportedMediaType(reply, path, request);
      if (
        error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
        error instanceof SyntaxError
      ) {
        return reply.code(400).send(requestError(400, path, "json_parse_error", "Error parsing JSON request input."));
      }
      request.log.error({ err: error }, "SmartBill emulator: unexpected error");
      return reply.code(500).type("text/html;charset=utf-8").send(tomcatPage(500, "Internal Server Error"));
    });

    api.addHook("onRequest", async (request, reply) => {
      const path = apiPath(request);
      const credentials = basicCredentials(request.headers.authorization);
      const entry: RequestLogEntry = {
        at: new Date().toISOString(),
        method: request.method,
        path,
        query: request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "",
        ...(credentials ? { username: credentials.username } : {}),
      };
      runtime.log(entry);
      const context: CallContext = { entry };
      contexts.set(request, context);

      if (credentials) {
        const verdict = runtime.limiter.take(credentials.token, Date.now());
        context.verdict = verdict;
        if (!verdict.allowed) return lockoutAnswer(reply, path, verdict);
      }
      // A wrong verb is answered before the credentials are looked at, but it counts against the token.
      const known = KNOWN_PATHS[path];
      const verb = request.method === "HEAD" ? "GET" : request.method;
      if (known && !known.methods.includes(verb)) return methodNotAllowed(request, reply, path);

      const account =
        credentials &&
        runtime.state.accounts.find(
          (a) => a.username.toLowerCase() === credentials.username.toLowerCase() && a.token === credentials.token,
        );
      if (!account) return reply.code(401).send(unauthorized(texts.authFailed));
      context.account = account;

      const acceptable = PDF_PATHS.has(path) ? pdfContentType(request.headers.accept) : acceptsJson(request.headers.accept);
      if (!acceptable) {
        const message = "The requested resource is not available in the requested format.";
        return reply.code(406).send(requestError(406, path, "invalid_accept_header", message));
      }

      const fault = runtime.faults.take(request.method, path, (kind) => !AFTER_STORE_FAULTS.includes(kind));
      if (fault) return sendFault(fault, request, reply);

      const endpoint = KNOWN_PATHS[path]?.endpoint;
      const { delays } = runtime.settings;
      const delay = (endpoint && delays[endpoint]) ?? delays.all ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return undefined;
    });

    // The body as parsed, for tests that check what a client sent.
    api.addHook("preHandler", async (request) => {
      const entry = contexts.get(request)?.entry;
      if (entry && request.body !== undefined) entry.body = request.body;
    });

    // X-RateLimit-* on answers that are not errors (SmartBill sends none on errors).
    api.addHook("onSend", async (request, reply, payload) => {
      const verdict = contexts.get(request)?.verdict;
      if (verdict?.allowed && reply.statusCode < 400) {
        reply.header("x-ratelimit-limit", String(verdict.limit));
        reply.header("x-ratelimit-remaining", String(verdict.remaining));
        reply.header("x-ratelimit-reset", String(Math.ceil(verdict.resetAt / 1000)));
      }
      return payload;
    });

    api.get("/stocks", async (request, reply) => {
      const { validationStatus, legacyNumbers } = runtime.settings;
      const cif = queryParam(request, "cif");
      if (!cif) return reply.code(validationStatus).send(envelope({ errorText: texts.cifRequired }));
      const company = companyFor(request, reply, cif);
      if (!company) return reply;
      const outcome = queryStocks(company, {
        date: queryParam(request, "date"),
        warehouseName: queryParam(request, "warehouseName"),
        productName: queryParam(request, "productName"),
        productCode: queryParam(request, "productCode"),
      });
      if (!outcome.ok) return reply.code(validationStatus).send(envelope({ errorText: outcome.errorText }));
      if (!legacyNumbers) return envelope({ list: outcome.list });
      return envelope({
        list: outcome.list.map((entry) => ({
          ...entry,
          products: entry.products.map((product) => ({ ...product, quantity: String(product.quantity) })),
        })),
      });
    });

    api.get("/tax", async (request, reply) => {
      const company = companyFor(request, reply, queryParam(request, "cif"));
      if (!company) return reply;
      return envelope({ taxes: company.taxes.map(({ name, percentage }) => ({ name, percentage })) });
    });

    api.get("/series", async (request, reply) => {
      const company = companyFor(request, reply, queryParam(request, "cif"));
      if (!company) return reply;
      const type = queryParam(request, "type");
      if (type && !["f", "p", "c"].includes(type)) {
        return reply.code(400).send(envelope({ errorText: texts.badSeriesType(type) }));
      }
      return envelope({
        list: company.series
          .filter((series) => !type || series.type === type)
          .map(({ name, nextNumber, type: seriesType }) => ({
            name,
            nextNumber: runtime.settings.legacyNumbers ? String(nextNumber).padStart(4, "0") : nextNumber,
            type: seriesType,
          })),
      });
    });

    api.get("/invoice/paymentstatus", async (request, reply) => {
      const company = companyFor(request, reply, queryParam(request, "cif"));
      if (!company) return reply;
      const number = queryParam(request, "number");
      // SPEC26's 400 examples here carry `paid: false` as well.
      if (!number) return reply.code(400).send(envelope({ errorText: texts.invoiceNumberRequired, paid: false }));
      const invoice = company.invoices.find(
        (i) => i.series === queryParam(request, "seriesname") && i.number === number && !i.isDraft,
      );
      if (!invoice) return reply.code(400).send(envelope({ errorText: texts.invoiceNotFound, paid: false }));
      return envelope(paymentStatus(invoice));
    });

    // POST /invoice[/v2] and POST /estimate[/v2] (a proforma: its own body shape and texts).
    const createInvoice = (v2: boolean, kind: IssueKind = "invoice") => async (request: FastifyRequest, reply: FastifyReply) => {
      const path = apiPath(request);
      const { settings } = runtime;
      if (!isJsonContentType(request.headers["content-type"])) return unsupportedMediaType(reply, path, request);
      const body = request.body;
      if (!isObject(body)) {
        return reply.code(400).send(requestError(400, path, "json_parse_error", "Error parsing JSON request input."));
      }
      const shapeError = kind === "estimate" ? checkEstimateShape(body) : checkInvoiceShape(body);
      if (shapeError) {
        if (settings.unknownField === "html500") {
          return reply.code(500).type("text/html;charset=utf-8").send(tomcatPage(500, "Internal Server Error"));
        }
        return reply.code(400).send(requestError(400, path, shapeError.code, shapeError.message, shapeError.param));
      }
      const failure = (errorText: string) =>
        v2
          ? { errorText, message: "", number: "", series: "", documentUrl: "", documentId: -1, documentViewUrl: "" }
          : envelope({ errorText });
      if (body.companyVatCode === null) {
        return reply.code(500).send({ ...failure(texts.internalServerError), documentId: null });
      }
      const cif = toText(body.companyVatCode);
      if (!cif) return reply.code(settings.validationStatus).send(failure(texts.companyVatCodeRequired));
      const company = companyFor(request, reply, cif);
      if (!company) return reply;

      const origin = `${request.protocol}://${request.host}${prefix}`;
      const { unknownLanguage } = settings;
      const outcome = issueInvoice(company, body, { now: Date.now(), unknownLanguage, origin, kind });
      if (!outcome.ok) {
        return reply.code(outcome.status ?? settings.validationStatus).send(failure(outcome.errorText));
      }

      // Issued: SmartBill uploads it to e-Factura, even when a fault keeps the answer from the caller.
      if (kind !== "estimate") runtime.issued.announce({ cif: company.cif, companyName: company.name, invoice: outcome.invoice });
      // The invoice is stored and numbered; with a fault the caller never hears of it.
      if (dropsAfterStore(request, reply)) return reply;
      const { invoice, url } = outcome;
      const answer = envelope({ number: invoice.number, series: invoice.series, url });
      if (!v2) return answer;
      return { ...answer, ...documentLinks(origin, invoice.documentId, kind) };
    };
    api.post("/invoice", createInvoice(false));
    api.post("/invoice/v2", createInvoice(true));
    api.post("/estimate", createInvoice(false, "estimate"));
    api.post("/estimate/v2", createInvoice(true, "estimate"));
    estimateRoutes(api, { runtime, companyFor, dropsAfterStore });

    afterSendRoutes(api, { runtime, prefix, apiPath, companyFor, dropsAfterStore, unsupportedMediaType });

    // The wrong verbs of every known path: routes of this plugin, so that its hooks log them
    // and count them against the token (a real route of the path takes its own verbs).
    for (const [path, { methods }] of Object.entries(KNOWN_PATHS)) {
      const wrong = VERBS.filter((verb) => !methods.includes(verb));
      if (wrong.length > 0) {
        api.route({ method: wrong, url: path, handler: (request, reply) => methodNotAllowed(request, reply, path) });
      }
    }
  };

  /**
   * Takes a pending after-store fault for this call: the work is done, and the caller never
   * hears of it (the connection drops, or hangs). True when the reply is thus taken care of.
   */
  function dropsAfterStore(request: FastifyRequest, reply: FastifyReply): boolean {
    const fault = runtime.faults.take(request.method, apiPath(request), (kind) => AFTER_STORE_FAULTS.includes(kind));
    if (!fault) return false;
    reply.hijack();
    if (fault.fault === "drop-after-store") request.raw.socket.destroy();
    else hanging.hold(request.raw.socket, runtime.settings.hangMs);
    return true;
  }

  /** The company for a call, or undefined after answering SmartBill's 401. */
  function companyFor(request: FastifyRequest, reply: FastifyReply, cif: string): EmulatorCompany | undefined {
    const account = contexts.get(request)?.account;
    const company = cif ? runtime.state.companies.find((c) => c.cif === cif) : undefined;
    if (!company) {
      reply.code(401).send(unauthorized(texts.companyGone));
      return undefined;
    }
    if (!account?.cifs.includes(company.cif)) {
      reply.code(401).send(unauthorized(texts.companyNotForUser));
      return undefined;
    }
    return company;
  }

  function lockoutAnswer(reply: FastifyReply, path: string, verdict: Extract<LimiterVerdict, { allowed: false }>) {
    const { lockoutStatus, limiter } = runtime.settings;
    if (lockoutStatus === 429) {
      return reply
        .code(429)
        .header("retry-after", String(Math.max(1, Math.ceil((verdict.blockedUntil - Date.now()) / 1000))))
        .send(requestError(429, path, "rate_limit_exceeded", texts.rateLimitExceeded));
    }
    const minutes = Math.max(1, Math.round(limiter.blockMs / 60_000));
    const errorText = texts.lockout(minutes, formatSmartBillTime(verdict.blockedAt));
    return reply.code(403).send(envelope({ errorText }));
  }

  function sendFault(fault: Fault, request: FastifyRequest, reply: FastifyReply) {
    switch (fault.fault) {
      case "html500":
        return reply.code(500).type("text/html;charset=utf-8").send(tomcatPage(500, "Internal Server Error"));
      case "html502":
        return reply.code(502).type("text/html").send(NGINX_502);
      case "html200":
        return reply.code(200).type("text/html;charset=utf-8").send(MAINTENANCE_PAGE);
      case "errortext-200":
        return reply.code(fault.status ?? 200).send(envelope({ errorText: fault.text ?? PLAIN_ERROR_TEXT }));
      case "errortext-html":
        return reply.code(fault.status ?? 400).send(envelope({ errorText: fault.text ?? HTML_ERROR_TEXT }));
      case "timeout":
      default: {
        // Never answer; the caller's time limit ends it (or hangMs, or closing the emulator).
        reply.hijack();
        hanging.hold(request.raw.socket, runtime.settings.hangMs);
        return reply;
      }
    }
  }
}

/** 405 with Allow naming the path's verbs (for a path the emulator knows). */
export function methodNotAllowed(request: FastifyRequest, reply: FastifyReply, path: string) {
  const known = KNOWN_PATHS[path];
  const message = `Request method '${request.method}' is not supported.`;
  return reply
    .code(405)
    .header("allow", (known?.methods ?? []).join(", "))
    .send(requestError(405, path, "method_not_allowed", message));
}

export function unsupportedMediaType(reply: FastifyReply, path: string, request: FastifyRequest) {
  const type = request.headers["content-type"];
  const message = type ? `Content-Type '${type}' is not supported.` : "Content-Type is missing.";
  return reply.code(415).send(requestError(415, path, "invalid_content_type", message));
}
