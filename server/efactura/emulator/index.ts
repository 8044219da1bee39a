/**
 * An emulator of ANAF's e-Factura (SPV) for demo mode and tests (../shared/spec/anaf-api.md part
 * C), mounted at EFACTURA_EMULATOR_PREFIX (/anaf-efactura-emulator) on the server's own port by
 * plugins/demoEfactura.ts. OAuth, the REST API and `transformare` live under the one prefix, at
 * ANAF's own paths, so `app.efacturaUrls()` gives the same base for all three.
 *
 * OAuth (oauth.ts):
 *   GET  /anaf-oauth2/v1/authorize?response_type=code&client_id&redirect_uri&state&code_challenge
 *        &code_challenge_method=S256[&token_content_type=jwt]
 *        → 200 consent page ('Autorizează accesul' / 'Refuză'): a form POSTing the same fields plus
 *        decision=allow|deny back to /anaf-oauth2/v1/authorize → 302 redirect_uri?code=…&state=…
 *        or ?error=access_denied&state=…. Unknown client_id or a redirect_uri off 127.0.0.1 /
 *        localhost → 400 HTML page; no S256 code_challenge → 302 ?error=invalid_request.
 *   POST /anaf-oauth2/v1/token  (form; client_id/client_secret in the body or HTTP Basic)
 *        grant_type=authorization_code&code&redirect_uri&code_verifier
 *        grant_type=refresh_token&refresh_token
 *        → 200 {access_token (JWT HS256, exp), token_type: "Bearer", refresh_token, expires_in, scope: ""}
 *        → 400 {error: invalid_request | invalid_grant | unsupported_grant_type, error_description},
 *          401 {error: "invalid_client", error_description}. A code is spent by its first exchange
 *          (whatever the outcome); a refresh token by its first use (rotation).
 *   POST /anaf-oauth2/v1/revoke (form token=…: an access or refresh token) → 200 {}
 *
 * REST (rest.ts, transform.ts), under /prod/FCTEL/rest and /test/FCTEL/rest; Bearer access token,
 * else 401 {timestamp, status: 401, error: "Unauthorized", message}:
 *   GET listaMesajePaginatieFactura?cif&startTime&endTime&pagina[&filtru=E|T|P|R]
 *   GET listaMesajeFactura?cif&zile[&filtru]
 *   GET stareMesaj?id_incarcare   → XML header stare=ok|nok|in prelucrare [id_descarcare] or <Errors errorMessage/>
 *   GET descarcare?id             → application/zip (<id>.xml + semnatura_<id>.xml) or 200 {eroare, titlu}
 *   POST transformare/FACT1|FCN[/DA] (text/plain UBL; no OAuth) → application/pdf or 200 {stare: "nok", Messages, trace_id}
 *   A missing parameter: 400 {timestamp, status: 400, error: "Bad Request", message: "Parametrul … este obligatoriu"}.
 *   Business errors and daily limits: 200 {eroare, titlu} (stareMesaj: <Errors/>). Messages are
 *   listed newest first and only while SPV keeps them (60 days on the emulator's clock); a window
 *   over 60 days or ending before it starts is refused with an eroare.
 *
 * Messages: every invoice the SmartBill emulator issues (options.issued) becomes FACTURA TRIMISA
 * for the issuer's CIF (digits), or ERORI FACTURA when its number ends in 4 or 9 (the error
 * names the invoice); a storno is a CreditNote (381). The seed buyers (the demo company) get
 * three FACTURA PRIMITA supplier invoices dated in the weeks before the start (one in EUR).
 *
 * Admin API (admin.ts; JSON, no auth: demo mode and tests only), under /admin:
 *   GET    /admin/messages[?cif]  {messages: [{data_creare, cif, id_solicitare, detalii, tip, id, createdAt,
 *                                   document?: {kind, number, issueDate, dueDate?, currency, supplier, customer,
 *                                   lines, totalNet, totalVat, total, billingReference?}, errors?: string[]}]}
 *   POST   /admin/messages        {tip? (default "FACTURA PRIMITA"), number, cif? (default: the buyer's for
 *                                   PRIMITA, the supplier's otherwise), supplier?: {name, cif, vatPayer?},
 *                                   customer?: {name, cif, vatPayer?}, total? (with 21% VAT unless vatPercent),
 *                                   lines?: [{name, quantity, price, net?, vatPercent?, unitCode?}], currency?,
 *                                   issueDate?, dueDate?, createdAt? (ms), creditNote?, errors? (ERORI FACTURA)}
 *                                   → 201 {message}
 *   GET/DELETE /admin/requests    {requests: [{at, method, path, operation, query, status?, outcome?}]} (no tokens)
 *   GET/POST/DELETE /admin/faults POST {operation: list|status|download|token|transform,
 *                                   fault: timeout|500|limit|204|firewall, times? (default 1)} → {faults}
 *   GET/POST /admin/clock         POST {offsetMs} (set) or {advanceMs} (add) → {now, offsetMs, today}
 *   GET/POST /admin/settings      POST a partial {accessSeconds, refreshSeconds, processingDelaySeconds,
 *                                   listLimitPerDay, statusLimitPerDay, downloadLimitPerMessage, pageSize,
 *                                   noRightsCifs: [], hangMs} → {settings}
 *   POST   /admin/reset           messages (re-seeded on the current clock), tokens, codes, usage, faults,
 *                                   log, clock and settings as at the start → {ok: true}
 *
 * Daily limits count per Romanian day of the emulator's clock: list calls per CIF (both lists),
 * stareMesaj calls per id_incarcare, downloads per message. Faults: "limit" answers the operation's
 * own limit text (token: 429 {error: "slow_down"}; transform: stare nok); "timeout" holds a real
 * connection for settings.hangMs, then drops it (under inject there is no socket to drop).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { IssuedDocuments } from "../../smartbill/emulator/issuedDocuments";
import { adminRoutes } from "./admin";
import { oauthRoutes } from "./oauth";
import { restRoutes } from "./rest";
import { EfacturaEmulatorRuntime, type EfacturaEmulatorOptions } from "./runtime";
import { transformRoutes } from "./transform";

export { adminMessage } from "./admin";
export { EFACTURA_FAULT_KINDS, EFACTURA_FAULT_OPERATIONS, type EfacturaFault } from "./faults";
export { rejectionText, SPV_TIP, type SpvDocument, type SpvMessage } from "./messages";
export { OAUTH_PATH, pkceChallenge } from "./oauth";
export { REST_PATHS } from "./rest";
export type { EfacturaRequestLogEntry } from "./runtime";
export { DEFAULT_EFACTURA_EMULATOR_SETTINGS, type EfacturaEmulatorSettings } from "./settings";

export const EFACTURA_EMULATOR_ADMIN_PATH = "/admin";

export interface EfacturaEmulatorPluginOptions extends EfacturaEmulatorOptions {
  /** The SmartBill emulator's announcements of issued invoices. */
  issued?: IssuedDocuments;
}

export const efacturaEmulator: FastifyPluginAsync<EfacturaEmulatorPluginOptions> = async (app, options) => {
  const runtime = new EfacturaEmulatorRuntime(options);
  const stopListening = options.issued?.subscribe((issued) => runtime.receiveIssued(issued));
  app.addHook("preClose", async () => runtime.hanging.closeAll());
  app.addHook("onClose", async () => stopListening?.());

  // OAuth's forms; transformare's XML as text (text/plain is Fastify's own, as a string).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser(["application/xml", "text/xml"], { parseAs: "string" }, (_request, body, done) => done(null, body));

  // Unknown paths under the prefix: a JSON 404 (a catch-all too, or @fastify/static's would take GET).
  const fallback = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ timestamp: new Date().toISOString(), status: 404, error: "Not Found", message: "Nu există această adresă în emulatorul e-Factura." });
  app.setNotFoundHandler(fallback);
  app.all("/*", fallback);

  oauthRoutes(app, runtime);
  restRoutes(app, runtime);
  transformRoutes(app, runtime);
  await app.register(adminRoutes(runtime), { prefix: EFACTURA_EMULATOR_ADMIN_PATH });
};
