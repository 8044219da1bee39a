/**
 * The SmartBill V1 client (../shared/spec/smartbill-api.md): Basic auth with the account's
 * e-mail and API token, the company's CIF in the query (GET) or as `companyVatCode` in the body
 * (POST). Every answer goes through one reading: `errorText` decides success, whatever the
 * status; a lockout stops the token's calls until it ends; HTML pages and other non-JSON answers
 * become clear errors. Every failure is a SmartBillError whose `kind` says what happened.
 *
 * Only the addresses the policy allows are ever called (allowedUrl.ts): a tenant's smartbill.url
 * is checked when the client is made and every request's URL again just before it is sent, so
 * a value stored before the rule, or allowed by an older one, is never called.
 *
 * Nothing is retried here. POST /invoice in particular must never be sent twice on its own: a
 * lost answer may hide an invoice that SmartBill did issue, and a second send would issue a
 * second fiscal invoice.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { smartBillClientMessages as words, smartBillRedirectRefused, smartBillUrlRefused } from "../messages";
import { countLimiterWait, countLockout, countSmartBillCall } from "../metrics/processMetrics";
import { readTenantProperties } from "../routes/api/properties/properties.repository";
import { DEFAULT_SMARTBILL_ALLOWED_HOSTS, type SmartBillUrlPolicy, smartBillUrlPolicy } from "./allowedUrl";
import { parseSmartBillTime } from "./bucharestTime";
import { errorTextToPlain, htmlPageTitle } from "./errorText";
import {
  lockoutError,
  type RateLimitSettings,
  SMARTBILL_LOCKOUT_MS,
  SMARTBILL_RATE_LIMIT,
  type SmartBillRateLimiter,
} from "./rateLimiter";
import { budgetForToken } from "./sharedBudget";
import { SMARTBILL_INVOICE, type SmartBillDocumentPaths } from "./documentPaths";
import {
  type DocumentSendRequest,
  type EstimateInvoices,
  type InvoicePdf,
  type InvoiceRef,
  type InvoiceRequest,
  type InvoiceResult,
  type PaymentDeleteQuery,
  type PaymentRequest,
  type PaymentResult,
  type PaymentStatus,
  type ReverseRequest,
  type Series,
  type SeriesResponse,
  type SeriesType,
  SmartBillError,
  type StockQuery,
  type StockResponse,
  type StockWarehouse,
  type Tax,
  type TaxResponse,
} from "./types";

export { resetSmartBillLimiters } from "./rateLimiter";

export const DEFAULT_SMARTBILL_URL = "https://ws.smartbill.ro/SBORO/api";
export const DEFAULT_SMARTBILL_TIMEOUT_MS = 30_000;

export interface SmartBillConfig {
  /** e.g. https://ws.smartbill.ro/SBORO/api (no trailing slash needed). */
  baseUrl: string;
  /** The SmartBill account's login e-mail. */
  username: string;
  /** The account's API token. */
  token: string;
  /** The company's CIF exactly as configured in SmartBill (e.g. RO40671760). */
  cif: string;
}

export interface SmartBillClientOptions {
  /** Per call; default SMARTBILL_TIMEOUT_MS from the environment, else 30 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * The token's limit, used only when this token has no limiter yet in this process (tests
   * shorten the window). Default: SmartBill's 30 calls per 10 s.
   */
  rateLimit?: RateLimitSettings;
  /**
   * The app's database. On PostgreSQL the token's budget is kept there, shared by every process
   * of the fleet (sharedBudget.ts); on SQLite, or without it, the budget is this process's.
   */
  budgetDb?: Kysely<Database>;
  /**
   * The addresses this client may call. Default: SmartBill's own API host only. A tenant's
   * client always gets the app's policy (smartBillClientForTenant requires it).
   */
  smartBillUrls?: SmartBillUrlPolicy;
}

const SMARTBILL_ONLY = smartBillUrlPolicy({ allowedHosts: DEFAULT_SMARTBILL_ALLOWED_HOSTS });

export interface SmartBillClient {
  /** GET /stocks: the warehouses with their products, quantities as numbers. */
  getStocks(query: StockQuery): Promise<StockWarehouse[]>;
  /** GET /tax: the company's VAT rates. */
  getTaxes(): Promise<Tax[]>;
  /** GET /series: the company's document series, optionally of one type. */
  getSeries(type?: SeriesType): Promise<Series[]>;
  /**
   * POST /invoice/v2 (or, with `document`, /estimate/v2: a proforma, its body without what a
   * proforma does not take), sent once: never retried, whatever happens. The answer carries
   * documentId and the links when SmartBill gives them.
   */
  createInvoice(request: InvoiceRequest, document?: SmartBillDocumentPaths): Promise<InvoiceResult>;
  /** GET /invoice/pdf or /estimate/pdf (Accept: application/octet-stream; SmartBill answers application/pdf with 406). */
  invoicePdf(invoice: InvoiceRef, document?: SmartBillDocumentPaths): Promise<InvoicePdf>;
  /** PUT /invoice/cancel or /estimate/cancel: SmartBill's message (a repeat is no error: "… este deja anulata."). */
  cancelInvoice(invoice: InvoiceRef, document?: SmartBillDocumentPaths): Promise<string>;
  /** PUT /invoice/restore or /estimate/restore: SmartBill's message (a repeat: "… nu necesita restaurare."). */
  restoreInvoice(invoice: InvoiceRef, document?: SmartBillDocumentPaths): Promise<string>;
  /** POST /invoice/reverse: the storno invoice, sent once like an invoice. */
  reverseInvoice(request: ReverseRequest): Promise<InvoiceResult>;
  /** DELETE /invoice or /estimate, the last of its series only (else SmartBill's 403, a "provider" error, not a lockout). */
  deleteInvoice(invoice: InvoiceRef, document?: SmartBillDocumentPaths): Promise<string>;
  /**
   * GET /estimate/invoices: the invoices SmartBill issued from the proforma (none yet: SmartBill's
   * 200 with an errorText, answered as `areInvoicesCreated: false`); an unknown proforma is its
   * 410, a "provider" error.
   */
  estimateInvoices(estimate: InvoiceRef): Promise<EstimateInvoices>;
  /** POST /payment, sent once. */
  addPayment(request: PaymentRequest): Promise<PaymentResult>;
  /** DELETE /payment/v2: SmartBill's message. */
  deletePayment(query: PaymentDeleteQuery): Promise<string>;
  /** GET /invoice/paymentstatus. */
  paymentStatus(invoice: InvoiceRef): Promise<PaymentStatus>;
  /** POST /document/send (its own {status} envelope): SmartBill's message. */
  sendDocument(request: DocumentSendRequest): Promise<string>;
}

/** The tenant settings the client reads (tenant properties). */
export const SMARTBILL_SETTINGS = {
  username: "smartbill.username",
  token: "smartbill.token",
  cif: "smartbill.cif",
  url: "smartbill.url",
} as const;

const REQUIRED_SETTINGS = [SMARTBILL_SETTINGS.username, SMARTBILL_SETTINGS.token, SMARTBILL_SETTINGS.cif];

/**
 * A client for the tenant's SmartBill company, from its settings; "config" error when they are
 * incomplete or smartbill.url is not allowed by `smartBillUrls` (the app's, `app.smartBillUrls`).
 */
export async function smartBillClientForTenant(
  db: Kysely<Database>,
  tenantId: number,
  smartBillUrls: SmartBillUrlPolicy,
  options: Omit<SmartBillClientOptions, "smartBillUrls"> = {},
): Promise<SmartBillClient> {
  const settings = await readTenantProperties(db, tenantId, "smartbill.");
  return createSmartBillClient(smartBillConfigFromSettings(settings), { budgetDb: db, ...options, smartBillUrls });
}

/** The client configuration from `smartbill.*` settings; names every missing one. */
export function smartBillConfigFromSettings(settings: Record<string, string | undefined>): SmartBillConfig {
  const value = (name: string) => settings[name]?.trim() ?? "";
  const missing = REQUIRED_SETTINGS.filter((name) => !value(name));
  if (missing.length > 0) {
    throw new SmartBillError("config", words.settingsMissing(missing));
  }
  return {
    baseUrl: value(SMARTBILL_SETTINGS.url) || DEFAULT_SMARTBILL_URL,
    username: value(SMARTBILL_SETTINGS.username),
    token: value(SMARTBILL_SETTINGS.token),
    cif: value(SMARTBILL_SETTINGS.cif),
  };
}

export function createSmartBillClient(config: SmartBillConfig, options: SmartBillClientOptions = {}): SmartBillClient {
  const smartBillUrls = options.smartBillUrls ?? SMARTBILL_ONLY;
  if (!smartBillUrls.allowsBaseUrl(config.baseUrl)) {
    throw new SmartBillError("config", smartBillUrlRefused(smartBillUrls.allowed()));
  }
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? smartBillTimeoutMs();
  const doFetch = options.fetch ?? fetch;
  const limiter = budgetForToken(config.token, options.rateLimit ?? SMARTBILL_RATE_LIMIT, options.budgetDb);
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.token}`, "utf8").toString("base64")}`;

  const common = { baseUrl, smartBillUrls, authorization, timeoutMs, doFetch, limiter };
  const call = (
    method: Method,
    path: string,
    query: Record<string, string | undefined>,
    body?: object,
    /** What a lost answer may hide, added to a time-out or a dropped connection. */
    lostAnswer?: string,
  ) => countSmartBillCall(send({ method, path, query, body, lostAnswer, ...common }));
  const invoiceQuery = (invoice: InvoiceRef) => ({
    cif: config.cif,
    seriesname: invoice.seriesName,
    number: invoice.number,
  });
  const message = (answer: Record<string, unknown>) => (typeof answer.message === "string" ? answer.message : "");

  return {
    async getStocks(query) {
      const answer = await call("GET", "/stocks", {
        cif: config.cif,
        date: query.date,
        warehouseName: query.warehouseName,
        productName: query.productName,
        productCode: query.productCode,
      });
      return readStocks(answer);
    },
    async getTaxes() {
      const answer = (await call("GET", "/tax", { cif: config.cif })) as Partial<TaxResponse>;
      if (!Array.isArray(answer.taxes)) throw unexpected("GET /tax", words.noTaxList);
      return answer.taxes.map((tax) => ({ name: String(tax.name), percentage: toNumber(tax.percentage) }));
    },
    async getSeries(type) {
      const answer = (await call("GET", "/series", { cif: config.cif, type })) as Partial<SeriesResponse>;
      if (!Array.isArray(answer.list)) throw unexpected("GET /series", words.noSeriesList);
      return answer.list.map((series) => ({
        name: String(series.name),
        nextNumber: toNumber(series.nextNumber),
        type: series.type,
      }));
    },
    async createInvoice(request, document = SMARTBILL_INVOICE) {
      const estimate = document.name === "estimate";
      const body = { ...(estimate ? estimateBody(request) : request), companyVatCode: config.cif };
      const answer = await call("POST", document.create, {}, body, estimate ? words.mayHaveIssuedProforma : words.mayHaveIssued);
      return readInvoiceResult(answer, `POST ${document.create}`);
    },
    async invoicePdf(invoice, document = SMARTBILL_INVOICE) {
      const what = `GET ${document.pdf}`;
      const { status, headers, bytes } = await countSmartBillCall(
        exchange({ method: "GET", path: document.pdf, query: invoiceQuery(invoice), accept: "application/octet-stream", ...common }),
      );
      if (status === 200 && bytes.subarray(0, 5).toString("latin1") === "%PDF-") {
        const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(headers.get("content-disposition") ?? "");
        const fileName = named ? decodeURIComponent(named[1].trim()) : `factura${invoice.seriesName}${invoice.number}.pdf`;
        return { pdf: bytes, fileName };
      }
      // SmartBill's nginx page (unknown invoice), its JSON errors, a lockout: read as any answer.
      await interpret(status, headers, bytes.toString("utf8"), what, limiter);
      throw unexpected(what, words.noPdf);
    },
    async cancelInvoice(invoice, document = SMARTBILL_INVOICE) {
      return message(await call("PUT", document.cancel, invoiceQuery(invoice)));
    },
    async restoreInvoice(invoice, document = SMARTBILL_INVOICE) {
      return message(await call("PUT", document.restore, invoiceQuery(invoice)));
    },
    async reverseInvoice(request) {
      const body = { ...request, companyVatCode: config.cif };
      const answer = await call("POST", "/invoice/reverse", {}, body, words.mayHaveReversed);
      return readInvoiceResult(answer, "POST /invoice/reverse");
    },
    async deleteInvoice(invoice, document = SMARTBILL_INVOICE) {
      return message(await call("DELETE", document.delete, invoiceQuery(invoice), undefined, words.mayHaveDeleted));
    },
    async estimateInvoices(estimate) {
      const path = "/estimate/invoices";
      const what = `GET ${path}`;
      const { status, headers, bytes } = await countSmartBillCall(exchange({ method: "GET", path, query: invoiceQuery(estimate), ...common }));
      const text = bytes.toString("utf8");
      const json = parseJsonObject(text);
      // Not invoiced yet: SmartBill says so in errorText, on a 200, beside areInvoicesCreated false.
      if (status === 200 && json?.areInvoicesCreated === false) return { areInvoicesCreated: false, invoices: [] };
      const answer = await interpret(status, headers, text, what, limiter);
      if (!Array.isArray(answer.invoices)) throw unexpected(what, words.noEstimateInvoices);
      const invoices = (answer.invoices as { series?: unknown; number?: unknown }[]).map((invoice) => ({
        series: String(invoice?.series ?? ""),
        number: String(invoice?.number ?? ""),
      }));
      return { areInvoicesCreated: answer.areInvoicesCreated === true || invoices.length > 0, invoices };
    },
    async addPayment(request) {
      const body = { ...request, companyVatCode: config.cif };
      const answer = await call("POST", "/payment", {}, body, words.mayHaveRecordedPayment);
      return {
        errorText: "",
        message: message(answer),
        number: String(answer.number ?? ""),
        series: String(answer.series ?? ""),
        url: String(answer.url ?? ""),
        ...(answer.id === undefined || answer.id === null ? {} : { id: String(answer.id) }),
      };
    },
    async deletePayment(query) {
      const values = Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
      return message(await call("DELETE", "/payment/v2", { cif: config.cif, ...values }, undefined, words.mayHaveDeletedPayment));
    },
    async paymentStatus(invoice) {
      const answer = await call("GET", "/invoice/paymentstatus", invoiceQuery(invoice));
      if (answer.invoiceTotalAmount === undefined || answer.paidAmount === undefined) {
        throw unexpected("GET /invoice/paymentstatus", words.noPaymentStatus);
      }
      const invoiceTotalAmount = toNumber(answer.invoiceTotalAmount);
      const paidAmount = toNumber(answer.paidAmount);
      return {
        invoiceTotalAmount,
        paidAmount,
        unpaidAmount: answer.unpaidAmount === undefined ? invoiceTotalAmount - paidAmount : toNumber(answer.unpaidAmount),
        paid: answer.paid === true || answer.paid === "true",
      };
    },
    async sendDocument(request) {
      const base64 = (text: string | undefined) =>
        text === undefined ? undefined : Buffer.from(text, "utf8").toString("base64");
      const body = {
        ...request,
        type: request.type ?? "factura",
        subject: base64(request.subject),
        bodyText: base64(request.bodyText),
        companyVatCode: config.cif,
      };
      const answer = await call("POST", "/document/send", {}, body, words.mayHaveSentEmail);
      // Its own envelope, {status: {code, message}}; a refusal (code ≠ 0) was thrown by interpret.
      const status = answer.status as { code?: unknown; message?: unknown } | undefined;
      if (!status || typeof status !== "object" || Number(status.code) !== 0) {
        throw unexpected("POST /document/send", words.noDocumentSendStatus);
      }
      return typeof status.message === "string" ? status.message : "";
    },
  };
}

/** What a proforma's body may not carry (SmartBill's EstimateRequest): the rest is an invoice's. */
function estimateBody(request: InvoiceRequest): Omit<InvoiceRequest, "payment" | "useStock" | "estimate" | "usePaymentTax"> {
  const { payment: _payment, useStock: _useStock, estimate: _estimate, usePaymentTax: _usePaymentTax, ...body } = request;
  return body;
}

/** POST /invoice[/v2]'s, /estimate/v2's and /invoice/reverse's answer: the envelope with series and number. */
function readInvoiceResult(answer: Record<string, unknown>, what: string): InvoiceResult {
  const result = answer as Partial<InvoiceResult>;
  if (typeof result.series !== "string" || result.number === undefined) {
    throw unexpected(what, words.noInvoiceNumber);
  }
  return {
    ...result,
    errorText: result.errorText ?? "",
    message: result.message ?? "",
    number: String(result.number ?? ""),
    series: result.series,
    url: result.url ?? "",
  };
}

/** SMARTBILL_TIMEOUT_MS, else 30 s; a "config" error when it is not a whole number ≥ 1. */
export function smartBillTimeoutMs(): number {
  const raw = process.env.SMARTBILL_TIMEOUT_MS?.trim();
  if (!raw) return DEFAULT_SMARTBILL_TIMEOUT_MS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new SmartBillError("config", words.timeoutSettingInvalid(raw));
  }
  return Number(raw);
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

interface Request {
  method: Method;
  path: string;
  query: Record<string, string | undefined>;
  body?: object;
  /** Default application/json. */
  accept?: string;
  /** Added to a time-out or dropped connection: what the lost answer may hide. */
  lostAnswer?: string;
  baseUrl: string;
  smartBillUrls: SmartBillUrlPolicy;
  authorization: string;
  timeoutMs: number;
  doFetch: typeof fetch;
  limiter: SmartBillRateLimiter;
}

async function send(request: Request): Promise<Record<string, unknown>> {
  const { status, headers, bytes } = await exchange(request);
  return interpret(status, headers, bytes.toString("utf8"), `${request.method} ${request.path}`, request.limiter);
}

/** One call through the token's limiter: the answer's status, headers and bytes, or a time-out / network error. */
async function exchange(request: Request): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const { method, path, baseUrl, smartBillUrls, limiter } = request;
  const url = new URL(`${baseUrl}${path}`);
  for (const [key, value] of Object.entries(request.query)) {
    if (value !== undefined && value !== "") url.searchParams.set(key, value);
  }
  // The very URL that is fetched, checked again: before the token's limiter, before any byte leaves.
  if (!smartBillUrls.allowsRequest(url)) {
    throw new SmartBillError("config", smartBillUrlRefused(smartBillUrls.allowed()));
  }
  const headers: Record<string, string> = {
    authorization: request.authorization,
    accept: request.accept ?? "application/json",
  };
  if (request.body) headers["content-type"] = "application/json; charset=utf-8";
  const what = `${method} ${path}`;

  const asked = Date.now();
  const release = await limiter.acquire(request.timeoutMs);
  // A slot given at once is no wait; anything longer is the limit holding the call back.
  const waited = Date.now() - asked;
  if (waited >= 5) countLimiterWait(waited);
  let status: number;
  let responseHeaders: Headers;
  let bytes: Buffer;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), request.timeoutMs);
  try {
    const response = await request.doFetch(url, {
      method,
      headers,
      body: request.body ? JSON.stringify(request.body) : undefined,
      signal: abort.signal,
      // Never followed: a redirect could lead off the allowed host (interpret refuses it).
      redirect: "manual",
    });
    status = response.status;
    responseHeaders = response.headers;
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw abort.signal.aborted
      ? new SmartBillError(
          "timeout",
          words.timedOut(formatSeconds(request.timeoutMs), what) + lostAnswerHint(request),
          { cause: error },
        )
      : new SmartBillError(
          "network",
          words.unreachable(url.host, networkReason(error), what) + lostAnswerHint(request),
          { cause: error },
        );
  } finally {
    clearTimeout(timer);
    await release();
  }
  await noteRateLimitHeaders(limiter, responseHeaders);
  return { status, headers: responseHeaders, bytes };
}

/** The answer's JSON object when it is a success; a SmartBillError otherwise. */
async function interpret(
  status: number,
  headers: Headers,
  text: string,
  what: string,
  limiter: SmartBillRateLimiter,
): Promise<Record<string, unknown>> {
  const json = parseJsonObject(text);
  const errorText = typeof json?.errorText === "string" ? json.errorText : "";

  // The observed lockout is a 403 with its own errorText; SWAGGER's is another 403 text;
  // SPEC26 says 429. The text is specific enough to be trusted whatever the status.
  const lockoutText = isLockoutText(errorText) ? errorText : !json && isLockoutText(text) ? text : undefined;
  if (status === 429 || lockoutText !== undefined) {
    const until = lockoutEnd(lockoutText ?? "", headers);
    countLockout();
    await limiter.lock(until);
    throw lockoutError(until);
  }
  if (status >= 300 && status < 400) {
    // Where it points (Location) is not repeated: the policy judged this host, not that one.
    throw new SmartBillError("http", smartBillRedirectRefused(status, what), { status });
  }
  if (!json) {
    // A page's title may be repeated to the user only because the page came from an allowed
    // host: send() calls no other (allowedUrl.ts) and follows no redirect. Without that rule
    // this line would read out any internal page a tenant admin pointed smartbill.url at.
    const title = /<(html|body|head|h1|title)\b/i.test(text) ? htmlPageTitle(text) : undefined;
    if (status >= 300) {
      throw new SmartBillError("http", words.httpError(status, what, title), { status });
    }
    throw new SmartBillError("invalid-response", words.notJson(status, what, title), { status });
  }
  if (errorText.trim()) {
    const message = errorTextToPlain(errorText) || errorText.trim();
    throw new SmartBillError(status === 401 ? "auth" : "provider", message, { status });
  }
  if (status === 401) {
    throw new SmartBillError("auth", words.authRefused(what), { status });
  }
  const shapeError = requestErrorText(json);
  if (shapeError) throw new SmartBillError("provider", shapeError, { status });
  if (status >= 300) {
    throw new SmartBillError("http", words.httpError(status, what), { status });
  }
  return json;
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * SmartBill's other error shapes, which carry no errorText: `invalid_request_error` (unknown
 * field, wrong type, bad JSON, 405, 406, 415) and /document/send's `{status: {code, message}}`.
 */
function requestErrorText(json: Record<string, unknown>): string | undefined {
  if (Array.isArray(json.errors) && json.errors.length > 0) {
    const texts = json.errors
      .map((error) => {
        const { message, param } = (error ?? {}) as { message?: unknown; param?: unknown };
        if (typeof message === "string" && message) return message;
        return typeof param === "string" ? param : "";
      })
      .filter(Boolean);
    return texts.length > 0 ? texts.join(" ") : String(json.type ?? "invalid_request_error");
  }
  const status = json.status as { code?: unknown; message?: unknown } | undefined;
  if (status && typeof status === "object" && Number(status.code) !== 0 && typeof status.message === "string") {
    return status.message;
  }
  return undefined;
}

/** The observed 403 text, and SWAGGER's. An ordinary 403 (rights, "not last in series") is not one. */
function isLockoutText(text: string): boolean {
  return /limita maxima de (requesturi|apeluri)/i.test(text);
}

const LOCKOUT_END =
  /dupa\s+(\d+)\s*min\w*\s+de la momentul blocarii\s+(\d{1,2}\/\d{1,2}\/\d{4}\s+\d{1,2}:\d{2}(?::\d{2})?)/i;

/**
 * When the block ends: "dupa 10 min de la momentul blocarii dd/MM/yyyy HH:mm:ss" (Romanian
 * time) when SmartBill says so, else Retry-After, else ten minutes from now.
 */
function lockoutEnd(text: string, headers: Headers): number {
  const now = Date.now();
  const stated = LOCKOUT_END.exec(text);
  if (stated) {
    const blockedAt = parseSmartBillTime(stated[2]);
    if (blockedAt !== undefined) {
      const until = blockedAt + Number(stated[1]) * 60_000;
      // A clock far from SmartBill's could put the end in the past; the block is real, so
      // fall through to the other sources then.
      if (until > now) return until;
    }
  }
  const retryAfter = headers.get("retry-after")?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return now + Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date) && date > now) return date;
  }
  return now + SMARTBILL_LOCKOUT_MS;
}

/** X-RateLimit-Remaining 0: SmartBill's window is full, so wait for its reset (another process may share the token). */
async function noteRateLimitHeaders(limiter: SmartBillRateLimiter, headers: Headers): Promise<void> {
  if (headers.get("x-ratelimit-remaining")?.trim() !== "0") return;
  const reset = Number(headers.get("x-ratelimit-reset"));
  if (!Number.isFinite(reset) || reset <= 0) return;
  const resetMs = reset > 1e12 ? reset : reset * 1000;
  // Never trust it for longer than SmartBill's own window (plus a margin for clocks).
  await limiter.hold(Math.min(resetMs, Date.now() + SMARTBILL_RATE_LIMIT.windowMs + 1000));
}

function readStocks(answer: Record<string, unknown>): StockWarehouse[] {
  const { list } = answer as Partial<StockResponse>;
  if (!Array.isArray(list)) throw unexpected("GET /stocks", words.noStockList);
  return list.map((entry) => ({
    warehouse: {
      warehouseName: String(entry.warehouse?.warehouseName ?? ""),
      warehouseType: String(entry.warehouse?.warehouseType ?? ""),
    },
    products: (entry.products ?? []).map((product) => ({
      productName: String(product.productName ?? ""),
      ...(product.productCode === undefined || product.productCode === null
        ? {}
        : { productCode: String(product.productCode) }),
      measuringUnit: String(product.measuringUnit ?? ""),
      quantity: toNumber(product.quantity),
    })),
  }));
}

/** A number from a JSON number or a string ("100", "0117", "12,5"). */
function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  const parsed = Number(String(value ?? "").trim().replace(",", "."));
  if (!Number.isFinite(parsed)) throw unexpected("SmartBill", words.notANumber(String(value)));
  return parsed;
}

function unexpected(what: string, detail: string): SmartBillError {
  return new SmartBillError("invalid-response", words.unexpected(what, detail));
}

function lostAnswerHint(request: Request): string {
  return request.lostAnswer ? ` ${request.lostAnswer}` : "";
}

function formatSeconds(ms: number): string {
  return `${String(Number((ms / 1000).toFixed(2))).replace(".", ",")} s`;
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  switch (code) {
    case "ECONNREFUSED":
      return words.network.refused;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return words.network.notFound;
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
    case "EPIPE":
      return words.network.closed;
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
      return words.network.connectTimeout;
    case "CERT_HAS_EXPIRED":
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
      return words.network.certificate;
    default:
      return cause?.message ?? (error instanceof Error ? error.message : String(error));
  }
}
