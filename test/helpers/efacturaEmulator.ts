/**
 * Tests' moves on the app's own e-Factura emulator (/anaf-efactura-emulator): its admin API, and a
 * tenant connected to SPV without the product's OAuth screens: consent given on the emulator's
 * page, the code exchanged at its token endpoint (PKCE), the tokens stored as the product stores
 * them (saveEfacturaConnection).
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { DEMO_EFACTURA_CLIENT, EFACTURA_EMULATOR_PREFIX } from "../../server/efactura/demoClient";
import { saveEfacturaConnection } from "../../server/efactura/efacturaAccess";
import { pkceChallenge } from "../../server/efactura/emulator/index";
import { DEMO_SMARTBILL_CIF } from "../../server/smartbill/emulator/index";
import type { TestApp } from "./testApp";

/** The demo company's CIF as SPV names it (digits). */
export const DEMO_SPV_CIF = DEMO_SMARTBILL_CIF.replace(/^RO/i, "");

/** One call to the emulator's admin API, which must succeed. */
export async function efacturaAdmin(t: TestApp, method: "GET" | "POST" | "DELETE", path: string, body?: object) {
  const response = await t.app.inject({ method, url: `${EFACTURA_EMULATOR_PREFIX}/admin${path}`, ...(body ? { payload: body } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.body ? response.json() : undefined;
}

/** An access token of the emulator's, obtained by the authorisation-code flow (on `host`: the app, or an emulator of its own). */
export async function emulatorTokens(host: Pick<FastifyInstance, "inject">, prefix = EFACTURA_EMULATOR_PREFIX): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const headers = { "content-type": "application/x-www-form-urlencoded" };
  const verifier = randomBytes(32).toString("base64url");
  const redirect = "http://127.0.0.1/api/efactura/callback";
  const params = {
    response_type: "code",
    client_id: DEMO_EFACTURA_CLIENT.id,
    redirect_uri: redirect,
    state: randomBytes(8).toString("hex"),
    code_challenge: pkceChallenge(verifier),
    code_challenge_method: "S256",
  };
  const consent = await host.inject({ method: "POST", url: `${prefix}/anaf-oauth2/v1/authorize`, headers, payload: form({ ...params, decision: "allow" }) });
  expect(consent.statusCode, consent.body).toBe(302);
  const code = new URL(consent.headers.location as string).searchParams.get("code")!;
  const token = await host.inject({
    method: "POST",
    url: `${prefix}/anaf-oauth2/v1/token`,
    headers,
    payload: form({ grant_type: "authorization_code", code, redirect_uri: redirect, code_verifier: verifier, client_id: DEMO_EFACTURA_CLIENT.id, client_secret: DEMO_EFACTURA_CLIENT.secret }),
  });
  expect(token.statusCode, token.body).toBe(200);
  return token.json();
}

/** Connects the tenant to the emulator's SPV (or stores `accessToken` as its token). */
export async function connectToEmulator(
  t: Pick<TestApp, "db" | "app"> & { config: { efactura: { tokenKey: Buffer } } },
  tenantId: number,
  { cif = DEMO_SPV_CIF, accessToken, host = t.app }: { cif?: string; accessToken?: string; host?: Pick<FastifyInstance, "inject"> } = {},
): Promise<void> {
  const tokens = accessToken ? { access_token: accessToken, refresh_token: "refresh", expires_in: 90 * 86_400 } : await emulatorTokens(host);
  const now = Date.now();
  await saveEfacturaConnection(
    t.db,
    t.config.efactura.tokenKey,
    tenantId,
    {
      cif,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      accessExpiresAt: new Date(now + tokens.expires_in * 1000).toISOString(),
      refreshExpiresAt: new Date(now + 3 * 365 * 86_400_000).toISOString(),
    },
    { userId: null, email: "admin@demo.ro" },
  );
}
