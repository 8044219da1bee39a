/**
 * ANAF's OAuth 2.0 server (logincert.anaf.ro, anaf-api.md C.1) as the emulator plays it: the
 * authorization-code flow with PKCE S256, a consent page standing in for the certificate login,
 * single-use codes (10 minutes), JWT access tokens (HS256, `exp` on the emulator's clock) and
 * rotating refresh tokens, both lifetimes from the settings; revoke. Client credentials in the
 * body or as HTTP Basic. Redirects only to a loopback address: the emulator serves demos and tests.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { decodeJwt, jwtVerify, SignJWT } from "jose";
import { sameSecret } from "../../sameSecret";
import { DEMO_EFACTURA_CLIENT } from "../demoClient";
import { FIREWALL_PAGE } from "./faults";
import type { EfacturaEmulatorRuntime } from "./runtime";
import { escapeXml } from "./ubl";

export const OAUTH_PATH = "/anaf-oauth2/v1";
const CODE_LIFETIME_MS = 10 * 60_000;

type Params = Record<string, string>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

function paramsOf(source: unknown): Params {
  if (typeof source !== "object" || source === null) return {};
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, text(value)]));
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");
const randomToken = () => base64url(randomBytes(32));

/** Loopback only: the emulator never sends a code elsewhere. */
export function allowedRedirect(uri: string): boolean {
  try {
    const url = new URL(uri);
    return (url.protocol === "http:" || url.protocol === "https:") && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  } catch {
    return false;
  }
}

function redirectWith(uri: string, params: Params): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

export function pkceChallenge(verifier: string): string {
  return base64url(createHash("sha256").update(verifier).digest());
}

/** The access token's claims when it is valid now (signature, exp on the emulator's clock, not revoked). */
export async function verifiedAccessToken(runtime: EfacturaEmulatorRuntime, authorization: string | undefined) {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  if (!match) return undefined;
  try {
    const { payload } = await jwtVerify(match[1], runtime.secret, { algorithms: ["HS256"], currentDate: new Date(runtime.now()) });
    if (!payload.jti || !runtime.accessTokens.has(payload.jti)) return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

/** ANAF's gateway's 401, as JSON. */
export function unauthorized(reply: FastifyReply) {
  return reply.code(401).send({
    timestamp: new Date().toISOString(),
    status: 401,
    error: "Unauthorized",
    message: "Token-ul de acces lipseste, este invalid sau a expirat",
  });
}

function consentPage(params: Params): string {
  const hidden = ["response_type", "client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "token_content_type"]
    .filter((name) => params[name])
    .map((name) => `<input type="hidden" name="${name}" value="${escapeXml(params[name])}">`)
    .join("");
  return `<!doctype html>
<html lang="ro"><head><meta charset="utf-8"><title>ANAF – autorizare acces (emulator)</title>
<style>body{font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.5rem 1rem;margin-right:1rem}</style></head>
<body><h1>Autentificare cu certificat digital</h1>
<p>Emulatorul ANAF ține locul autentificării cu certificatul calificat al firmei.</p>
<p>Aplicația <strong>${escapeXml(params.client_id)}</strong> cere acces la Spațiul Privat Virtual (e-Factura) al firmelor pentru care certificatul are drepturi.</p>
<form method="post" action="">${hidden}
<button type="submit" name="decision" value="allow">Autorizează accesul</button>
<button type="submit" name="decision" value="deny">Refuză</button>
</form></body></html>`;
}

function errorPage(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type("text/html; charset=utf-8")
    .send(`<!doctype html><html lang="ro"><head><meta charset="utf-8"><title>Eroare autorizare</title></head><body><h1>Cererea de autorizare nu este validă</h1><p>${escapeXml(message)}</p></body></html>`);
}

export function oauthRoutes(app: FastifyInstance, runtime: EfacturaEmulatorRuntime): void {
  const knownSecret = (clientId: string) =>
    clientId === DEMO_EFACTURA_CLIENT.id ? DEMO_EFACTURA_CLIENT.secret : runtime.clientSecret(clientId);

  /** The authorize request's problem (an error page), or undefined when it may be shown or granted. */
  const authorizeProblem = (params: Params): string | undefined => {
    if (!params.client_id || knownSecret(params.client_id) === undefined) return `Aplicația (client_id=${params.client_id}) nu este înregistrată.`;
    if (!allowedRedirect(params.redirect_uri)) return `Adresa de întoarcere (redirect_uri=${params.redirect_uri}) nu este permisă pentru această aplicație.`;
    return undefined;
  };
  /** What the flow lacks, sent back to the application as error=invalid_request. */
  const requestProblem = (params: Params): string | undefined => {
    if (params.response_type !== "code") return "response_type must be code";
    if (!params.code_challenge) return "code_challenge is required";
    if (params.code_challenge_method !== "S256") return "code_challenge_method must be S256";
    return undefined;
  };

  const logAuthorize = (request: FastifyRequest, status: number, outcome?: string) =>
    runtime.log({ at: runtime.now(), method: request.method, path: `${OAUTH_PATH}/authorize`, operation: "authorize", query: {}, status, outcome });

  /**
   * The checks both the consent page and its form's answer make: an unknown application or a
   * foreign address gets ANAF's error page; a flow lacking PKCE goes back as invalid_request.
   * Undefined when it answered.
   */
  const checkedAuthorize = (request: FastifyRequest, reply: FastifyReply, params: Params): FastifyReply | undefined => {
    const problem = authorizeProblem(params);
    if (problem) {
      logAuthorize(request, 400, "invalid");
      return errorPage(reply, problem);
    }
    const missing = requestProblem(params);
    if (missing) {
      logAuthorize(request, 302, "invalid_request");
      return reply.redirect(redirectWith(params.redirect_uri, { error: "invalid_request", error_description: missing, state: params.state }));
    }
    return undefined;
  };

  app.get(`${OAUTH_PATH}/authorize`, async (request, reply) => {
    const params = paramsOf(request.query);
    const refused = checkedAuthorize(request, reply, params);
    if (refused) return refused;
    logAuthorize(request, 200);
    // The form posts here and is redirected to the application, on whatever origin it runs.
    const target = new URL(params.redirect_uri).origin;
    return reply
      .header("content-security-policy", `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${target}; frame-ancestors 'none'`)
      .type("text/html; charset=utf-8")
      .send(consentPage(params));
  });

  app.post(`${OAUTH_PATH}/authorize`, async (request, reply) => {
    const params = paramsOf(request.body);
    const refused = checkedAuthorize(request, reply, params);
    if (refused) return refused;
    if (params.decision !== "allow") {
      logAuthorize(request, 302, "access_denied");
      return reply.redirect(redirectWith(params.redirect_uri, { error: "access_denied", state: params.state }));
    }
    const code = randomToken();
    runtime.codes.set(code, {
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
      createdAt: runtime.now(),
    });
    logAuthorize(request, 302, "granted");
    return reply.redirect(redirectWith(params.redirect_uri, { code, state: params.state }));
  });

  const tokenError = (reply: FastifyReply, status: 400 | 401, error: string, description: string) =>
    reply.code(status).send({ error, error_description: description });

  const issueTokens = async (clientId: string) => {
    const now = runtime.now();
    const jti = randomToken();
    const issuedAt = Math.floor(now / 1000);
    const accessToken = await new SignJWT({ client_id: clientId, token_content_type: "jwt" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("logincert.anaf.ro (emulator)")
      .setSubject(clientId)
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + runtime.settings.accessSeconds)
      .sign(runtime.secret);
    runtime.accessTokens.add(jti);
    const refreshToken = randomToken();
    runtime.refreshTokens.set(refreshToken, { clientId, expiresAt: now + runtime.settings.refreshSeconds * 1000 });
    return {
      access_token: accessToken,
      token_type: "Bearer",
      refresh_token: refreshToken,
      expires_in: runtime.settings.accessSeconds,
      scope: "",
    };
  };

  app.post(`${OAUTH_PATH}/token`, async (request, reply) => {
    const params = paramsOf(request.body);
    const entry = { at: runtime.now(), method: "POST", path: `${OAUTH_PATH}/token`, operation: "token" as const, query: { grant_type: params.grant_type ?? "" } };
    const fault = runtime.faults.take("token");
    if (fault) {
      runtime.log({ ...entry, outcome: fault });
      return faultAnswer(reply, fault, runtime, () => reply.code(429).send({ error: "slow_down", error_description: "Prea multe cereri" }));
    }
    const logged = (status: number, outcome?: string) => runtime.log({ ...entry, status, outcome });

    // Client authentication: HTTP Basic, or client_id/client_secret in the body.
    let clientId = params.client_id;
    let clientSecret = params.client_secret;
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    if (basic) {
      const decoded = Buffer.from(basic[1], "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      clientId = decodeURIComponent(decoded.slice(0, colon));
      clientSecret = decodeURIComponent(decoded.slice(colon + 1));
    }
    const expected = clientId ? knownSecret(clientId) : undefined;
    if (expected === undefined || !clientSecret || !sameSecret(expected, clientSecret)) {
      logged(401, "invalid_client");
      return tokenError(reply, 401, "invalid_client", "Bad client credentials");
    }

    if (params.grant_type === "authorization_code") {
      if (!params.code || !params.redirect_uri || !params.code_verifier) {
        logged(400, "invalid_request");
        return tokenError(reply, 400, "invalid_request", "code, redirect_uri and code_verifier are required");
      }
      const code = runtime.codes.get(params.code);
      // A code is used once, whatever the outcome of its exchange.
      runtime.codes.delete(params.code);
      if (!code || runtime.now() - code.createdAt > CODE_LIFETIME_MS) {
        logged(400, "invalid_grant");
        return tokenError(reply, 400, "invalid_grant", "Invalid authorization code");
      }
      if (code.clientId !== clientId || code.redirectUri !== params.redirect_uri) {
        logged(400, "invalid_grant");
        return tokenError(reply, 400, "invalid_grant", "Authorization code was issued to another client or redirect_uri");
      }
      if (!sameSecret(pkceChallenge(params.code_verifier), code.codeChallenge)) {
        logged(400, "invalid_grant");
        return tokenError(reply, 400, "invalid_grant", "PKCE verification failed");
      }
      logged(200);
      return issueTokens(clientId);
    }
    if (params.grant_type === "refresh_token") {
      if (!params.refresh_token) {
        logged(400, "invalid_request");
        return tokenError(reply, 400, "invalid_request", "refresh_token is required");
      }
      const refresh = runtime.refreshTokens.get(params.refresh_token);
      if (!refresh || refresh.clientId !== clientId || refresh.expiresAt <= runtime.now()) {
        if (refresh && refresh.expiresAt <= runtime.now()) runtime.refreshTokens.delete(params.refresh_token);
        logged(400, "invalid_grant");
        return tokenError(reply, 400, "invalid_grant", "Invalid refresh token");
      }
      // Rotation: the refresh token used is spent.
      runtime.refreshTokens.delete(params.refresh_token);
      logged(200);
      return issueTokens(clientId);
    }
    logged(400, "unsupported_grant_type");
    return tokenError(reply, 400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  });

  app.post(`${OAUTH_PATH}/revoke`, async (request, reply) => {
    const { token } = paramsOf(request.body);
    runtime.log({ at: runtime.now(), method: "POST", path: `${OAUTH_PATH}/revoke`, operation: "revoke", query: {}, status: 200 });
    if (token) {
      if (!runtime.refreshTokens.delete(token)) {
        try {
          const { jti } = decodeJwt(token);
          if (jti) runtime.accessTokens.delete(jti);
        } catch {
          // Neither of ours: nothing to revoke (RFC 7009 answers 200 all the same).
        }
      }
    }
    return reply.code(200).send({});
  });
}

/** A switched-on fault's answer; `limit` is the operation's own. */
export function faultAnswer(
  reply: FastifyReply,
  fault: string,
  runtime: EfacturaEmulatorRuntime,
  limit: () => FastifyReply,
) {
  switch (fault) {
    case "timeout":
      // No answer: the connection is held, then dropped.
      runtime.hanging.hold(reply.request.raw.socket, runtime.settings.hangMs);
      return reply;
    case "500":
      return reply.code(500).send({ timestamp: new Date(runtime.now()).toISOString(), status: 500, error: "Internal Server Error", message: "Eroare interna SPV" });
    case "204":
      return reply.code(204).send();
    case "firewall":
      return reply.code(200).type("text/html; charset=utf-8").send(FIREWALL_PAGE);
    default:
      return limit();
  }
}
