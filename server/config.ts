/**
 * The server's settings, read once from the environment. Everything else receives a `Config`
 * instead of reading `process.env`, so tests can build an app with any settings side by side.
 * Mistakes an operator can make (a missing secret in production, a malformed number) fail here,
 * at start-up, with a message that names the variable.
 */
import { isIP } from "node:net";
import { TOKEN_REFRESH_LEAD_MS } from "../contract/constants";
import { isEmailAddress } from "../contract/emailAddress";
import { anafBaseUrl, anafUrlProblem, DEFAULT_ANAF_URL } from "./anaf/allowedUrl";
import { DEMO_EFACTURA_CLIENT } from "./efactura/demoClient";
import { DEFAULT_SMARTBILL_ALLOWED_HOSTS, normalizedAllowedHost } from "./smartbill/allowedUrl";

export interface LoginThrottleConfig {
  /** Failed logins allowed per account (email) within the window before it is locked. */
  maxFailuresPerAccount: number;
  /** Failed logins allowed per client address within the window before it is locked. */
  maxFailuresPerAddress: number;
  /** Length of the counting window, and of the lock once the limit is reached. */
  windowSeconds: number;
}

/** Reset-link requests (POST /dmz-api/recover): every request counts, not only failures. */
export interface RecoverThrottleConfig {
  /** Requests allowed per email (known or not) within the window before it is locked. */
  maxRequestsPerAccount: number;
  /** Requests allowed per client address within the window before it is locked. */
  maxRequestsPerAddress: number;
  /** Length of the counting window, and of the lock once the limit is reached. */
  windowSeconds: number;
}

/** Wrong current passwords on change-password, per account (a signed-in caller). */
export interface PasswordChangeThrottleConfig {
  /** Wrong current passwords allowed within the window before the account's changes are locked. */
  maxFailuresPerAccount: number;
  /** Length of the counting window, and of the lock once the limit is reached. */
  windowSeconds: number;
}

/** The in-process task worker (server/tasks/worker.ts). */
export interface TaskConfig {
  /** TASK_WORKER=off: this process runs no tasks (they wait for a process that does). */
  worker: boolean;
  /** How often an idle worker looks for queued tasks (TASK_POLL_MS). */
  pollMs: number;
  /** A running task without a heartbeat for this long is failed as interrupted (TASK_STALE_SECONDS). */
  staleSeconds: number;
  /**
   * How many tasks this process runs at once (TASK_CONCURRENCY), each of a different tenant: a
   * task waiting on SmartBill does not hold up other tenants' tasks.
   */
  concurrency: number;
}

/**
 * The issue dates an invoice may have, around Romania's today (routes/api/invoices/invoiceDates.ts):
 * checked on import, on every save of the form and again at the send.
 */
export interface InvoiceDatesConfig {
  /** INVOICE_DATE_DAYS_BACK: how many days before today an issue date may be. */
  daysBack: number;
  /** INVOICE_DATE_DAYS_AHEAD: how many days after today an issue date may be. */
  daysAhead: number;
}

/** ANAF's public VAT-payer service (server/anaf/). */
export interface AnafConfig {
  /**
   * ANAF_URL: the service's base address (https; plain http only on 127.0.0.1 or localhost).
   * Unset: ANAF's own host in production, and in demo mode this server's ANAF emulator
   * (/anaf-emulator, on the port it listens on): undefined then.
   */
  url: string | undefined;
  /** ANAF_TIMEOUT_MS (default 15 s): how long one request may take before it counts as failed. */
  timeoutMs: number;
}

/**
 * ANAF's e-Factura (SPV), read with each company's own authorisation (server/efactura/). Every
 * address is checked like ANAF_URL (https; plain http only on 127.0.0.1 or localhost). In demo mode
 * an unset address is this server's e-Factura emulator (/anaf-efactura-emulator): undefined then.
 */
export interface EfacturaConfig {
  /** ANAF_CLIENT_ID / ANAF_CLIENT_SECRET: the operator's application registered at ANAF; unset, no tenant can connect (demo: the emulator's). */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** ANAF_OAUTH_URL (default https://logincert.anaf.ro): authorize, token and revoke under /anaf-oauth2/v1/. */
  oauthUrl: string | undefined;
  /** ANAF_EFACTURA_URL (default https://api.anaf.ro): the REST API under /prod/FCTEL/rest/. */
  apiUrl: string | undefined;
  /** ANAF_EFACTURA_PUBLIC_URL (default https://webservicesp.anaf.ro): `transformare` (XML to PDF), no OAuth. */
  publicUrl: string | undefined;
  /**
   * EFACTURA_TOKEN_KEY: 32 bytes, base64 (`openssl rand -base64 32`), encrypting the tokens at
   * rest. Required with ANAF_CLIENT_ID outside demo mode; demo mode uses a fixed key.
   */
  tokenKey: Buffer;
  /** EFACTURA_ARCHIVE_DIR: where the signed ZIPs are kept as files; unset, in the database. */
  archiveDir: string | undefined;
  /** EFACTURA_SYNC_INTERVAL_SECONDS (default 900): how often each connected tenant's messages are read; 0 = never. */
  syncIntervalSeconds: number;
  /** EFACTURA_TOKEN_REFRESH_INTERVAL_SECONDS (default 86400): how often tokens near their end are refreshed; 0 = never. */
  tokenRefreshIntervalSeconds: number;
  /** EFACTURA_TIMEOUT_MS (default 30 s): how long one call to ANAF may take. */
  timeoutMs: number;
  /** EFACTURA_DAILY_LIST_LIMIT (default 1000): message-list pages the fleet asks per CIF and day (ANAF allows far more). */
  dailyListLimit: number;
  /** EFACTURA_DAILY_STATUS_LIMIT (default 1000): stareMesaj calls per CIF and day. */
  dailyStatusLimit: number;
  /** EFACTURA_DAILY_DOWNLOADS_PER_MESSAGE (default 8): downloads of one message per day; ANAF allows 10. */
  dailyDownloadsPerMessage: number;
}

/** PostgreSQL connections per process, unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

export interface Config {
  port: number;
  /**
   * HOST: the address to listen on. Unset, production listens on every interface (behind a load
   * balancer) and demo mode on loopback only: the demo's accounts, with their printed password,
   * and the emulator's admin API (which rewrites its state on a PUT) are for this machine.
   */
  host: string;
  /**
   * DRAIN_SECONDS (default 5): after SIGTERM the process keeps serving this long with
   * /health/ready answering 503, so load balancers take it out of rotation before it stops
   * accepting connections; then requests in flight finish.
   */
  drainSeconds: number;
  /** `sqlite:<path>` or `postgres://…` / `postgresql://…` */
  databaseUrl: string;
  /** DATABASE_POOL_SIZE: PostgreSQL connections this process keeps at most (default 10). */
  databasePoolSize: number;
  /** Demo mode seeds the demo tenant and accounts; on unless NODE_ENV=production. */
  demo: boolean;
  /**
   * DEMO_DATA (demo mode only; default on): the demo company starts with customers, a warehouse
   * and its stock, a catalogue and invoices in several states, and the emulator with the same
   * invoices issued. Off: both start empty (the tests' default: each makes what it needs).
   */
  demoData: boolean;
  /**
   * HS256 key for access tokens. Required in production; in demo mode, when absent, one is
   * generated on first start and kept in the database (see auth/jwtSecret.ts).
   */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * REFRESH_RETRY_WINDOW_SECONDS: how long after a refresh the same refresh token, sent again with
   * an exchange name, is answered with the same successor (a reload that lost the answer, another
   * tab) instead of counting as a stolen token's reuse (auth/sessions.ts).
   */
  refreshRetryWindowSeconds: number;
  /** First super-admin, created on an empty database in production. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** e.g. smtp://user:pass@mail.example.com:587; unset = mails go to the outbox table only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Public origin used in e-mailed links. Required in production, so links never come from a
   * request's Host header (which a caller chooses); in demo mode, unset = the request's origin.
   */
  appUrl: string | undefined;
  loginThrottle: LoginThrottleConfig;
  /** Fixed limits; the window is LOGIN_WINDOW_SECONDS. */
  recoverThrottle: RecoverThrottleConfig;
  /** A fixed limit; the window is LOGIN_WINDOW_SECONDS. */
  passwordChangeThrottle: PasswordChangeThrottleConfig;
  /**
   * The built UI (vite build output) served beside the API. "" (UI_DIR=) serves none, as in
   * `npm run dev`, where Vite serves the UI.
   */
  uiDir: string;
  logLevel: string;
  /**
   * The X-Forwarded-* entries to trust (behind a load balancer), so per-address throttling sees
   * the client: as many hops as there are proxies, never all (see TrustProxy).
   */
  trustProxy: TrustProxy;
  tasks: TaskConfig;
  /**
   * SMARTBILL_ALLOWED_HOSTS: the hosts (`host` or `host:port`) the SmartBill client may call over
   * https, whatever a tenant's smartbill.url says (smartbill/allowedUrl.ts).
   */
  smartBillAllowedHosts: readonly string[];
  anaf: AnafConfig;
  efactura: EfacturaConfig;
  /** METRICS_TOKEN: the Bearer token GET /metrics wants; unset, there is no /metrics. */
  metricsToken: string | undefined;
  /** CLEANUP_INTERVAL_SECONDS: how often expired tokens, old counters, mail and tasks go; 0 = never. */
  cleanUpIntervalSeconds: number;
  /** PAYMENT_STATUS_INTERVAL_SECONDS: how often each tenant's unpaid invoices are read from SmartBill; 0 = never. */
  paymentStatusIntervalSeconds: number;
  /** ANAF_REFRESH_INTERVAL_SECONDS: how often each tenant's customers' CUIs are read again from ANAF; 0 = never. */
  anafRefreshIntervalSeconds: number;
  /** AUDIT_RETENTION_DAYS: how long the audit log keeps a row (the clean-up removes older ones). */
  auditRetentionDays: number;
  invoiceDates: InvoiceDatesConfig;
  /**
   * The operator's contact details shown on /contact (CONTACT_EMAIL, CONTACT_PHONE); unset, the
   * page shows the form only. The form's messages go to CONTACT_EMAIL, else to the super-admins.
   */
  contact: { email: string | undefined; phone: string | undefined };
}

export const DEFAULT_DATABASE_URL = "sqlite:./data/app.db";
/** Where a process listens unless HOST says otherwise (see Config.host). */
export const DEFAULT_PRODUCTION_HOST = "0.0.0.0";
export const DEFAULT_DEMO_HOST = "127.0.0.1";
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
/** HS256 wants a key of at least 256 bits; 32 characters is the floor we accept. */
const MIN_JWT_SECRET_LENGTH = 32;
/** The client refreshes the access token this long before it expires (contract/constants.ts). */
const REFRESH_LEAD_SECONDS = TOKEN_REFRESH_LEAD_MS / 1000;
/** A shorter lifetime would have the client refresh again at once, in a loop. */
export const MIN_ACCESS_TOKEN_TTL_SECONDS = REFRESH_LEAD_SECONDS + 1;
const RECOVER_MAX_REQUESTS_PER_ACCOUNT = 5;
const RECOVER_MAX_REQUESTS_PER_ADDRESS = 20;
const PASSWORD_CHANGE_MAX_FAILURES = 10;
/**
 * A year back covers a late invoice and the corrections of the previous fiscal year; a month
 * ahead, an invoice prepared for the next one. The caps keep every day of the window, and its due
 * dates, a real date: wider than ten years back or one ahead is a typing mistake.
 */
const INVOICE_DATE_DAYS_BACK = 365;
const INVOICE_DATE_DAYS_AHEAD = 30;
const MAX_INVOICE_DATE_DAYS_BACK = 3650;
const MAX_INVOICE_DATE_DAYS_AHEAD = 365;

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const demo = env.NODE_ENV !== "production";
  const jwtSecret = optional(env, "JWT_SECRET");
  if (!demo && !jwtSecret) {
    throw new ConfigError(
      "JWT_SECRET is required when NODE_ENV=production: set it to a random string of at least " +
        `${MIN_JWT_SECRET_LENGTH} characters (e.g. \`openssl rand -base64 48\`).`,
    );
  }
  if (!demo && jwtSecret && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long.`);
  }

  const databaseUrl = optional(env, "DATABASE_URL") ?? DEFAULT_DATABASE_URL;
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError(
      `DATABASE_URL must be sqlite:<path> or postgres://…, got "${databaseUrl}".`,
    );
  }

  const appUrl = optional(env, "APP_URL")?.replace(/\/+$/, "");
  if (appUrl && !/^https?:\/\/[^/]+$/.test(appUrl)) {
    throw new ConfigError(`APP_URL must be an origin like https://app.example.ro, got "${appUrl}".`);
  }
  if (!demo && !appUrl) {
    throw new ConfigError(
      "APP_URL is required when NODE_ENV=production: set it to the app's public origin " +
        "(e.g. https://app.example.ro); e-mailed password links are built from it, never from " +
        "the Host header of a request.",
    );
  }

  const accessTokenTtlSeconds = integer(env, "ACCESS_TOKEN_TTL_SECONDS", 900, 1);
  if (accessTokenTtlSeconds < MIN_ACCESS_TOKEN_TTL_SECONDS) {
    throw new ConfigError(
      `ACCESS_TOKEN_TTL_SECONDS must be at least ${MIN_ACCESS_TOKEN_TTL_SECONDS}, got ` +
        `${accessTokenTtlSeconds}: the client refreshes the access token ${REFRESH_LEAD_SECONDS} s ` +
        "before it expires, so a shorter lifetime would make it refresh in a loop.",
    );
  }

  const logLevel = optional(env, "LOG_LEVEL") ?? "info";
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${logLevel}".`);
  }

  const windowSeconds = integer(env, "LOGIN_WINDOW_SECONDS", 900, 1);
  return {
    port: integer(env, "PORT", 8080, 0),
    host: optional(env, "HOST") ?? (demo ? DEFAULT_DEMO_HOST : DEFAULT_PRODUCTION_HOST),
    databaseUrl,
    databasePoolSize: integer(env, "DATABASE_POOL_SIZE", DEFAULT_DATABASE_POOL_SIZE, 1),
    demo,
    demoData: demo && !/^(0|off|false|no)$/i.test(env.DEMO_DATA?.trim() ?? ""),
    jwtSecret,
    accessTokenTtlSeconds,
    refreshTokenTtlSeconds: integer(env, "REFRESH_TOKEN_TTL_SECONDS", 7 * 24 * 3600, 1),
    refreshRetryWindowSeconds: integer(env, "REFRESH_RETRY_WINDOW_SECONDS", 60, 0),
    adminEmail: optional(env, "ADMIN_EMAIL")?.toLowerCase(),
    adminPassword: optional(env, "ADMIN_PASSWORD"),
    smtpUrl: optional(env, "SMTP_URL"),
    mailFrom: optional(env, "MAIL_FROM") ?? "SmartBill back office <no-reply@localhost>",
    appUrl,
    loginThrottle: {
      maxFailuresPerAccount: integer(env, "LOGIN_MAX_FAILURES", 5, 1),
      maxFailuresPerAddress: integer(env, "LOGIN_MAX_FAILURES_PER_ADDRESS", 20, 1),
      windowSeconds,
    },
    recoverThrottle: {
      maxRequestsPerAccount: RECOVER_MAX_REQUESTS_PER_ACCOUNT,
      maxRequestsPerAddress: RECOVER_MAX_REQUESTS_PER_ADDRESS,
      windowSeconds,
    },
    passwordChangeThrottle: { maxFailuresPerAccount: PASSWORD_CHANGE_MAX_FAILURES, windowSeconds },
    // Unlike other variables, an explicitly empty UI_DIR means something: no UI.
    uiDir: env.UI_DIR === undefined ? "./dist" : env.UI_DIR.trim(),
    logLevel,
    trustProxy: trustProxy(env, "TRUST_PROXY"),
    drainSeconds: integer(env, "DRAIN_SECONDS", 5, 0),
    tasks: {
      worker: !/^(0|off|false|no)$/i.test(env.TASK_WORKER?.trim() ?? ""),
      pollMs: integer(env, "TASK_POLL_MS", 500, 10),
      staleSeconds: integer(env, "TASK_STALE_SECONDS", 60, 1),
      concurrency: integer(env, "TASK_CONCURRENCY", 4, 1),
    },
    smartBillAllowedHosts: allowedHosts(env, "SMARTBILL_ALLOWED_HOSTS"),
    anaf: {
      url: anafUrl(env, "ANAF_URL", demo),
      timeoutMs: integer(env, "ANAF_TIMEOUT_MS", 15_000, 1),
    },
    efactura: efacturaConfig(env, demo),
    metricsToken: optional(env, "METRICS_TOKEN"),
    cleanUpIntervalSeconds: integer(env, "CLEANUP_INTERVAL_SECONDS", 3600, 0),
    auditRetentionDays: integer(env, "AUDIT_RETENTION_DAYS", 365, 1),
    paymentStatusIntervalSeconds: integer(env, "PAYMENT_STATUS_INTERVAL_SECONDS", 900, 0),
    anafRefreshIntervalSeconds: integer(env, "ANAF_REFRESH_INTERVAL_SECONDS", 3600, 0),
    invoiceDates: {
      daysBack: integer(env, "INVOICE_DATE_DAYS_BACK", INVOICE_DATE_DAYS_BACK, 0, MAX_INVOICE_DATE_DAYS_BACK),
      daysAhead: integer(env, "INVOICE_DATE_DAYS_AHEAD", INVOICE_DATE_DAYS_AHEAD, 0, MAX_INVOICE_DATE_DAYS_AHEAD),
    },
    contact: contactDetails(env),
  };
}

/** CONTACT_EMAIL must be an address (messages are sent to it); CONTACT_PHONE is shown as written. */
function contactDetails(env: Env): Config["contact"] {
  const email = optional(env, "CONTACT_EMAIL");
  if (email !== undefined && !isEmailAddress(email)) {
    throw new ConfigError(`CONTACT_EMAIL must be an e-mail address (e.g. contact@firma.ro), got "${email}".`);
  }
  const phone = optional(env, "CONTACT_PHONE");
  if (phone !== undefined && !/^[0-9+() .\-/]{3,40}$/.test(phone)) {
    throw new ConfigError(`CONTACT_PHONE must be a phone number of digits, spaces and + ( ) . - / (e.g. +40 21 123 4567), got "${phone}".`);
  }
  return { email: email?.toLowerCase(), phone };
}

/** A comma-separated list of `host` or `host:port`; unset = SmartBill's own API host. */
function allowedHosts(env: Env, name: string): readonly string[] {
  const raw = optional(env, name);
  if (raw === undefined) return DEFAULT_SMARTBILL_ALLOWED_HOSTS;
  const entries = raw.split(",").map((entry) => entry.trim()).filter(Boolean);
  const hosts = entries.map((entry) => normalizedAllowedHost(entry));
  const bad = entries.filter((_entry, index) => hosts[index] === undefined);
  if (entries.length === 0 || bad.length > 0) {
    throw new ConfigError(
      `${name} must be a comma-separated list of host names, each optionally with :port ` +
        `(e.g. ws.smartbill.ro), got "${raw}".`,
    );
  }
  return [...new Set(hosts as string[])];
}

/** The demo's key: tokens the emulator gave are not secret, and a demo database moves between machines. */
const DEMO_EFACTURA_TOKEN_KEY = Buffer.alloc(32, "demo-efactura-key");
const EFACTURA_DEFAULTS = { oauthUrl: "https://logincert.anaf.ro", apiUrl: "https://api.anaf.ro", publicUrl: DEFAULT_ANAF_URL };

function efacturaConfig(env: Env, demo: boolean): EfacturaConfig {
  const clientId = optional(env, "ANAF_CLIENT_ID") ?? (demo ? DEMO_EFACTURA_CLIENT.id : undefined);
  const clientSecret = optional(env, "ANAF_CLIENT_SECRET") ?? (demo ? DEMO_EFACTURA_CLIENT.secret : undefined);
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new ConfigError("ANAF_CLIENT_ID and ANAF_CLIENT_SECRET go together: set both (the application registered at ANAF) or neither.");
  }
  const rawKey = optional(env, "EFACTURA_TOKEN_KEY");
  let tokenKey = DEMO_EFACTURA_TOKEN_KEY;
  if (rawKey !== undefined) {
    tokenKey = Buffer.from(rawKey, "base64");
    if (tokenKey.length !== 32) {
      throw new ConfigError("EFACTURA_TOKEN_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`).");
    }
  } else if (!demo && clientId) {
    throw new ConfigError(
      "EFACTURA_TOKEN_KEY is required with ANAF_CLIENT_ID when NODE_ENV=production: 32 bytes in base64 (e.g. `openssl rand -base64 32`); it encrypts the companies' ANAF tokens at rest.",
    );
  }
  const url = (name: string, fallback: string) => {
    const raw = optional(env, name);
    if (raw === undefined) return demo ? undefined : fallback;
    const problem = anafUrlProblem(raw);
    if (problem) throw new ConfigError(`${name} must be an ANAF address, e.g. ${fallback} (${problem}), got "${raw}".`);
    return anafBaseUrl(raw);
  };
  return {
    clientId,
    clientSecret,
    oauthUrl: url("ANAF_OAUTH_URL", EFACTURA_DEFAULTS.oauthUrl),
    apiUrl: url("ANAF_EFACTURA_URL", EFACTURA_DEFAULTS.apiUrl),
    publicUrl: url("ANAF_EFACTURA_PUBLIC_URL", EFACTURA_DEFAULTS.publicUrl),
    tokenKey,
    archiveDir: optional(env, "EFACTURA_ARCHIVE_DIR"),
    syncIntervalSeconds: integer(env, "EFACTURA_SYNC_INTERVAL_SECONDS", 900, 0),
    tokenRefreshIntervalSeconds: integer(env, "EFACTURA_TOKEN_REFRESH_INTERVAL_SECONDS", 86_400, 0),
    timeoutMs: integer(env, "EFACTURA_TIMEOUT_MS", 30_000, 1),
    dailyListLimit: integer(env, "EFACTURA_DAILY_LIST_LIMIT", 1000, 1),
    dailyStatusLimit: integer(env, "EFACTURA_DAILY_STATUS_LIMIT", 1000, 1),
    dailyDownloadsPerMessage: integer(env, "EFACTURA_DAILY_DOWNLOADS_PER_MESSAGE", 8, 1, 10),
  };
}

/** ANAF_URL checked (allowedUrl.ts); unset: ANAF's host, or in demo mode the server's own emulator (undefined). */
function anafUrl(env: Env, name: string, demo: boolean): string | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return demo ? undefined : DEFAULT_ANAF_URL;
  const problem = anafUrlProblem(raw);
  if (problem) {
    throw new ConfigError(`${name} must be ANAF's service address, e.g. ${DEFAULT_ANAF_URL} (${problem}), got "${raw}".`);
  }
  return anafBaseUrl(raw);
}

/**
 * Which proxies' X-Forwarded-For entries to believe (Fastify's `trustProxy`, read by proxy-addr
 * from the right): false, or the proxies' addresses, CIDR ranges or proxy-addr's names for
 * ranges. Never "everyone": the left-most entries are whatever the client wrote, and the
 * per-address sign-in limits would count those. (Fastify no longer believes a bare hop count.)
 */
export type TrustProxy = false | string[];

/** Load balancers on a private network: what TRUST_PROXY=on means. */
const PRIVATE_PROXIES = ["loopback", "linklocal", "uniquelocal"];
const PROXY_RANGE_NAMES = new Set(PRIVATE_PROXIES);

/** TRUST_PROXY: off; on (proxies on loopback and private networks); or addresses / CIDR ranges. */
function trustProxy(env: Env, name: string): TrustProxy {
  const raw = optional(env, name);
  if (raw === undefined || /^(0|off|false|no)$/i.test(raw)) return false;
  if (/^(1|on|true|yes)$/i.test(raw)) return PRIVATE_PROXIES;
  const entries = raw.split(",").map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return false;
    const [address, bits, ...rest] = entry.split("/");
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    return version === 0 || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits));
  });
  if (entries.length === 0 || bad.length > 0) {
    throw new ConfigError(
      `${name} must be off, on (proxies on loopback and private networks), or the proxies' ` +
        `addresses and ranges (e.g. 10.0.0.0/8,192.168.1.10), got "${raw}".`,
    );
  }
  return entries;
}

/** An empty variable counts as unset: `FOO= npm start` should not mean "the empty string". */
function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range}, got "${raw}".`);
  }
  return Number(raw);
}
