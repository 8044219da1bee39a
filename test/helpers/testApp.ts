/**
 * The real app, built with `buildApp` on a fresh database, plus the few moves every server test
 * makes: sign in, and call the API the way the client does (Bearer token, X-Tenant-ID, the
 * anti-forgery cookie echoed in X-XSRF-TOKEN).
 *
 *   const t = await testApp(dialect);
 *   const session = await t.signIn("admin@demo.ro");
 *   const res = await t.api("POST", "/api/user/change-password", { session, body: {...} });
 *   await t.close();
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import type { LoginResponse } from "../../contract/api";
import { XSRF_COOKIE, XSRF_HEADER } from "../../contract/constants";
import { buildApp, type BuildAppOptions } from "../../server/app";
import { type Config, loadConfig } from "../../server/config";
import type { Database } from "../../server/db/database";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { freshDatabaseUrl } from "./databases";
import type { Dialect } from "./dialects";

/** Known to the tests, so they can sign tokens of their own (expired, forged, …). */
export const TEST_JWT_SECRET = "test-secret-that-is-at-least-32-characters-long";

export interface TestAppOptions {
  /** Environment for loadConfig, on top of the test defaults; "" unsets a default. */
  env?: Record<string, string>;
  /** Reuse a database (e.g. to restart on the same data) instead of a fresh one. */
  databaseUrl?: string;
  logger?: BuildAppOptions["logger"];
  /** The task kinds the app's worker runs, instead of the real ones. */
  taskKinds?: BuildAppOptions["taskKinds"];
  /** The server's clock (app.now), for the routes that name "today". */
  now?: BuildAppOptions["now"];
  /** Extra routes (test-only), registered before the app is ready. */
  plugin?: FastifyPluginAsync;
  /** Called with the app before its plugins load, e.g. to add an onRoute hook that sees every route. */
  prepare?: (app: FastifyInstance) => void;
}

export interface ApiCall {
  session?: Pick<LoginResponse, "authenticationToken">;
  /** Raw Authorization header, instead of `session`. */
  authorization?: string;
  tenantId?: number | string;
  body?: unknown;
  /** true (default): send a matching cookie and header on state-changing calls. */
  xsrf?: boolean | { cookie?: string; header?: string };
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Kysely<Database>;
  databaseUrl: string;
  /** POST /dmz-api/login; the raw response. */
  login(email: string, password?: string, remoteAddress?: string): Promise<LightMyRequestResponse>;
  /** Logs in and returns the session, failing the test if login does not succeed. */
  signIn(email: string, password?: string): Promise<LoginResponse>;
  /** Any call, with the client's headers. */
  api(method: HttpMethod, url: string, call?: ApiCall): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";

export async function testApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await freshDatabaseUrl(dialect));
  const config = loadConfig({
    NODE_ENV: "test",
    JWT_SECRET: TEST_JWT_SECRET,
    DATABASE_URL: databaseUrl,
    UI_DIR: "./test/.no-ui-build",
    // The demo company starts empty: each test makes the data it counts on (seed.test.ts checks the demo's).
    DEMO_DATA: "off",
    // The fixtures' invoices are dated fixed days of 2026 and must stay importable and sendable in
    // whatever year the suite runs: the widest issue-date window. Its own tests set it themselves.
    INVOICE_DATE_DAYS_BACK: "3650",
    ...options.env,
  });
  const app = buildApp(config, { logger: options.logger ?? false, taskKinds: options.taskKinds, now: options.now });
  options.prepare?.(app);
  if (options.plugin) app.register(options.plugin);
  await app.ready();

  const api: TestApp["api"] = (method, url, call = {}) => {
    const headers: Record<string, string> = { ...call.headers };
    if (call.session) headers.authorization = `Bearer ${call.session.authenticationToken}`;
    if (call.authorization !== undefined) headers.authorization = call.authorization;
    if (call.tenantId !== undefined) headers["x-tenant-id"] = String(call.tenantId);
    const xsrf = call.xsrf ?? true;
    const cookies: Record<string, string> = {};
    if (xsrf) {
      const token = randomBytes(16).toString("base64url");
      const { cookie = token, header = token } = xsrf === true ? {} : xsrf;
      if (cookie) cookies[XSRF_COOKIE] = cookie;
      if (header) headers[XSRF_HEADER] = header;
    }
    return app.inject({
      method,
      url,
      headers,
      cookies,
      remoteAddress: call.remoteAddress,
      ...(call.body === undefined ? {} : { payload: call.body as object }),
    });
  };

  const login: TestApp["login"] = (email, password = DEMO_PASSWORD, remoteAddress) =>
    api("POST", "/dmz-api/login", { body: { username: email, password }, remoteAddress, xsrf: false });

  return {
    app,
    config,
    db: app.db,
    databaseUrl,
    login,
    async signIn(email, password) {
      const response = await login(email, password);
      if (response.statusCode !== 200) {
        throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
      }
      return response.json<LoginResponse>();
    },
    api,
    close: () => app.close(),
  };
}
