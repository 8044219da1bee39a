/**
 * ANAF's OAuth 2.0 server (logincert.anaf.ro, anaf-api.md C.1) as this server uses it: the
 * authorisation-code flow with PKCE (S256) and JWT access tokens, the refresh (ANAF's refresh
 * tokens rotate: the old one stops working) and the revocation.
 *
 * The address is only ever `app.efacturaUrls().oauth` — the operator's setting, checked in
 * config.ts, or this server's own emulator in demo mode — never a tenant's. Redirects are not
 * followed (one could lead away from it), every call has config.efactura.timeoutMs, and an answer
 * is read up to MAX_ANSWER_BYTES and checked before anything of it is used. The client's
 * credentials go as HTTP Basic (as printesoi's client does); tokens never reach a log line.
 */
import { createHash, randomBytes } from "node:crypto";

export const AUTHORIZE_PATH = "/anaf-oauth2/v1/authorize";
export const TOKEN_PATH = "/anaf-oauth2/v1/token";
export const REVOKE_PATH = "/anaf-oauth2/v1/revoke";

/** A token answer is a few kilobytes; anything much larger is not ANAF's. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The refresh token's lifetime when ANAF does not state it. ANAF's is reported as 3 years
 * (anaf-api.md C.1, Odoo's assumption; unverified); a year is assumed so the screen never promises
 * more than is known, and the refresh task renews it long before either.
 */
export const DEFAULT_REFRESH_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export interface OauthSettings {
  /** `app.efacturaUrls().oauth`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  /** The clock the expiries are counted from (`app.now()`). */
  now: () => number;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** ISO */
  accessExpiresAt: string;
  refreshExpiresAt: string;
}

/**
 * ANAF did not give tokens. `refused` when it said no to the grant (invalid_grant,
 * invalid_client, …: the authorisation is gone, asking again will not help); otherwise it could
 * not be asked (time-out, network, a 5xx, an answer that is not its shape).
 */
export class OauthFailure extends Error {
  override name = "OauthFailure";

  constructor(
    message: string,
    readonly refused: boolean,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A PKCE verifier (RFC 7636: 43–128 characters of the unreserved set) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: pkceChallenge(verifier) };
}

export const pkceChallenge = (verifier: string): string => createHash("sha256").update(verifier).digest("base64url");

/** An unguessable single-use `state`. */
export const randomState = (): string => randomBytes(32).toString("base64url");

/** ANAF's consent page for this authorisation. */
export function authorizeUrl(settings: Pick<OauthSettings, "baseUrl" | "clientId">, redirectUri: string, state: string, challenge: string): string {
  const url = new URL(`${settings.baseUrl}${AUTHORIZE_PATH}`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
    token_content_type: "jwt",
  }).toString();
  return url.toString();
}

/** The code ANAF sent back, exchanged for the tokens with the verifier kept since the authorisation began. */
export function exchangeCode(settings: OauthSettings, code: string, redirectUri: string, codeVerifier: string): Promise<TokenPair> {
  return tokenRequest(settings, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
    token_content_type: "jwt",
  });
}

/** A new pair for the refresh token; ANAF's refresh tokens rotate, so the old one is spent. */
export function refreshTokens(settings: OauthSettings, refreshToken: string): Promise<TokenPair> {
  return tokenRequest(settings, { grant_type: "refresh_token", refresh_token: refreshToken, token_content_type: "jwt" });
}

/** Asks ANAF to revoke the token; throws OauthFailure when it could not be done. */
export async function revokeToken(settings: OauthSettings, token: string): Promise<void> {
  const { status } = await post(settings, REVOKE_PATH, { token });
  if (status < 200 || status >= 300) throw new OauthFailure(`ANAF a răspuns cu HTTP ${status} la revocare.`, status < 500, status);
}

async function tokenRequest(settings: OauthSettings, form: Record<string, string>): Promise<TokenPair> {
  const { status, body } = await post(settings, TOKEN_PATH, form);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  const answer = isObject(json) ? json : {};
  if (status !== 200) {
    const error = typeof answer.error === "string" ? answer.error : "";
    // 400 invalid_grant / invalid_request and 401 invalid_client are ANAF's no; a 5xx is not.
    const refused = status >= 400 && status < 500;
    throw new OauthFailure(
      refused ? `ANAF a refuzat autorizarea${error ? ` (${error.slice(0, 60)})` : ""}.` : `ANAF nu a putut fi întrebat (HTTP ${status}).`,
      refused,
      status,
    );
  }
  const accessToken = answer.access_token;
  const refreshToken = answer.refresh_token;
  if (!isToken(accessToken) || !isToken(refreshToken)) throw new OauthFailure("Răspunsul ANAF nu conține token-urile așteptate.", false, status);
  if (typeof answer.token_type === "string" && answer.token_type.toLowerCase() !== "bearer") {
    throw new OauthFailure("Răspunsul ANAF nu conține un token de tip Bearer.", false, status);
  }
  const now = settings.now();
  const accessExpiresMs = jwtExpiryMs(accessToken) ?? secondsAfter(now, answer.expires_in);
  if (accessExpiresMs === undefined) throw new OauthFailure("Răspunsul ANAF nu spune până când este valabil token-ul.", false, status);
  const refreshExpiresMs = secondsAfter(now, answer.refresh_token_expires_in) ?? now + DEFAULT_REFRESH_LIFETIME_MS;
  return {
    accessToken,
    refreshToken,
    accessExpiresAt: new Date(accessExpiresMs).toISOString(),
    refreshExpiresAt: new Date(Math.max(refreshExpiresMs, accessExpiresMs)).toISOString(),
  };
}

/** The JWT's `exp` (seconds) in ms, read without checking the signature (ANAF's key is not ours): only when to refresh. */
export function jwtExpiryMs(token: string): number | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const exp = isObject(claims) ? claims.exp : undefined;
    return typeof exp === "number" && Number.isFinite(exp) && exp > 0 ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function secondsAfter(now: number, seconds: unknown): number | undefined {
  const value = typeof seconds === "string" && /^\d+$/.test(seconds) ? Number(seconds) : seconds;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? now + value * 1000 : undefined;
}

const isToken = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 8192 && /^[\x21-\x7e]+$/.test(value);

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

async function post(settings: OauthSettings, path: string, form: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(`${settings.baseUrl}${path}`);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), settings.timeoutMs);
  const basic = Buffer.from(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`).toString("base64");
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", authorization: `Basic ${basic}` },
      body: new URLSearchParams(form).toString(),
      signal: abort.signal,
      // Never followed: a redirect could lead away from the operator's address.
      redirect: "manual",
    });
    return { status: response.status, body: await boundedText(response, abort) };
  } catch (error) {
    if (error instanceof OauthFailure) throw error;
    throw new OauthFailure(
      abort.signal.aborted ? `ANAF nu a răspuns în ${Math.round(settings.timeoutMs / 100) / 10} secunde.` : `ANAF (${url.host}) nu poate fi contactat.`,
      false,
      undefined,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The answer's text, at most MAX_ANSWER_BYTES of it: a longer one is refused and its stream dropped. */
async function boundedText(response: Response, abort: AbortController): Promise<string> {
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      abort.abort();
      throw new OauthFailure("Răspunsul ANAF este prea mare.", false, response.status);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
