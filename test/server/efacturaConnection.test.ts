/**
 * 'Conectare la ANAF (SPV)' end to end against the e-Factura emulator, on both databases: the app
 * listens, an admin begins (POST), the browser follows ANAF's consent page and comes back to the
 * public callback, which exchanges the code with the stored PKCE verifier and stores the tokens
 * encrypted. The state is single-use, bound to a tenant and at most 15 minutes old; a forged,
 * reused or expired state, a tampered verifier and a refusal on ANAF's page store nothing. Then
 * the refresh (rotation at the emulator; two at once refresh once; a refused refresh recorded),
 * the periodic task, the disconnection (revoked at the emulator), the roles and the audit log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EfacturaConnection } from "../../contract/efactura";
import { EFACTURA_CALLBACK_RESULTS, EFACTURA_CONNECTION_MESSAGES } from "../../contract/efacturaConnection";
import type { LoginResponse } from "../../contract/api";
import { AUTHORIZATION_COOKIE } from "../../server/efactura/authorizationCookie";
import { EFACTURA_EMULATOR_PREFIX } from "../../server/efactura/demoClient";
import { efacturaAccess, EfacturaNotConnected, refreshConnection, REFRESH_REFUSED_PROBLEM } from "../../server/efactura/efacturaAccess";
import { pkcePair } from "../../server/efactura/oauthClient";
import { decryptToken, encryptToken } from "../../server/efactura/tokenCipher";
import { scheduleEfacturaTokenRefresh } from "../../server/plugins/efacturaTokenRefresh";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { liveApp, waitForTask } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const DEMO_TENANT = 2;
const CONNECTION = "/api/efactura/connection";
const SCREEN = "/efactura-spv?rezultat=";

describeEachDialect("e-Factura: connecting a company to ANAF (SPV)", (dialect) => {
  let t: TestApp;
  let origin: string;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  let otherAdmin: LoginResponse;
  let otherTenantId: number;
  let noCifAdmin: LoginResponse;

  beforeAll(async () => {
    t = await liveApp(dialect);
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    [admin, invoicing] = await Promise.all([t.signIn("admin@demo.ro"), t.signIn("facturare@demo.ro")]);
    otherTenantId = await addTenant(t, "Alt Tenant SPV SRL");
    await addUser(t, { email: "admin@alt-spv.ro", tenantId: otherTenantId, roles: ["ROLE_ADMIN"], password: "parola-alt-spv-1" });
    await setCif(otherTenantId, "RO18547290");
    otherAdmin = await t.signIn("admin@alt-spv.ro", "parola-alt-spv-1");
    const noCifTenantId = await addTenant(t, "Fără CIF SRL");
    await addUser(t, { email: "admin@fara-cif.ro", tenantId: noCifTenantId, roles: ["ROLE_ADMIN"], password: "parola-fara-cif-1" });
    noCifAdmin = await t.signIn("admin@fara-cif.ro", "parola-fara-cif-1");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom("efactura_connections").execute();
    await t.db.deleteFrom("efactura_authorizations").execute();
  });

  async function setCif(tenantId: number, cif: string) {
    const now = new Date().toISOString();
    await t.db
      .insertInto("properties")
      .values({ tenantId, name: "smartbill.cif", value: cif, createdAt: now, updatedAt: now })
      .onConflict((c) => c.columns(["tenantId", "name"]).doUpdateSet({ value: cif }))
      .execute();
  }

  async function emulatorAdmin(method: "GET" | "POST", path: string, body?: object) {
    const response = await t.app.inject({ method, url: `${EFACTURA_EMULATOR_PREFIX}/admin${path}`, ...(body ? { payload: body } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json() : undefined;
  }

  /** The admin's browser: the cookie beginning leaves it, which it sends back to our callback. */
  let browserCookie: string | undefined;

  /** POST: the consent page's address. */
  async function begin(session = admin): Promise<string> {
    const response = await t.api("POST", CONNECTION, { session });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((each) => each.name === AUTHORIZATION_COOKIE)!;
    expect(cookie).toMatchObject({ path: "/api/efactura/callback", httpOnly: true, sameSite: "Lax", maxAge: 15 * 60 });
    browserCookie = `${cookie.name}=${cookie.value}`;
    return response.json<{ authorizeUrl: string }>().authorizeUrl;
  }

  /** The browser at ANAF's consent page, pressing a button: where ANAF sends it back. */
  async function consent(authorizeUrl: string, decision: "allow" | "deny" = "allow"): Promise<string> {
    const page = await fetch(authorizeUrl, { redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Autorizează accesul");
    const url = new URL(authorizeUrl);
    const form = new URLSearchParams(url.searchParams);
    form.set("decision", decision);
    const answer = await fetch(`${url.origin}${url.pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    });
    expect(answer.status).toBe(302);
    return answer.headers.get("location")!;
  }

  /** The browser back at our callback (no bearer token; the cookie it holds): where it is sent then. */
  async function arrive(callbackUrl: string, cookie = browserCookie): Promise<string> {
    const response = await fetch(callbackUrl, { redirect: "manual", headers: cookie ? { cookie } : {} });
    expect(response.status).toBe(302);
    return response.headers.get("location")!;
  }

  async function connect(session = admin): Promise<void> {
    expect(await arrive(await consent(await begin(session)))).toBe(`${SCREEN}connected`);
  }

  const view = async (session = admin) => {
    const response = await t.api("GET", CONNECTION, { session });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, connection: response.json<EfacturaConnection>() };
  };

  const storedRow = (tenantId = DEMO_TENANT) => t.db.selectFrom("efactura_connections").selectAll().where("tenantId", "=", tenantId).executeTakeFirst();
  const key = () => t.config.efactura.tokenKey;
  const tokensOf = async (tenantId = DEMO_TENANT) => {
    const row = (await storedRow(tenantId))!;
    return { access: decryptToken(key(), tenantId, row.accessToken), refresh: decryptToken(key(), tenantId, row.refreshToken) };
  };

  /** A call to the emulator's SPV API with this token: its HTTP status. */
  const spvStatus = async (accessToken: string) =>
    (await fetch(`${origin}${EFACTURA_EMULATOR_PREFIX}/prod/FCTEL/rest/listaMesajeFactura?cif=18547290&zile=10`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

  /** The emulator's token endpoint asked to refresh with this token: its HTTP status. */
  const refreshStatus = async (refreshToken: string) =>
    (
      await fetch(`${origin}${EFACTURA_EMULATOR_PREFIX}/anaf-oauth2/v1/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: t.config.efactura.clientId!,
          client_secret: t.config.efactura.clientSecret!,
        }).toString(),
      })
    ).status;

  describe("before ANAF is involved", () => {
    it("shows a tenant not connected, with the operator's application available", async () => {
      const { connection } = await view();
      expect(connection).toMatchObject({ available: true, connected: false, cif: null, connectedBy: null, problem: null });
      expect((await view(invoicing)).connection.connected).toBe(false);
    });

    it("lets only the tenant's admins connect and disconnect; the invoicing role reads", async () => {
      expect((await t.api("POST", CONNECTION, { session: invoicing })).statusCode).toBe(403);
      expect((await t.api("DELETE", CONNECTION, { session: invoicing })).statusCode).toBe(403);
      expect((await t.api("GET", CONNECTION, { session: invoicing })).statusCode).toBe(200);
      expect((await t.api("GET", CONNECTION)).statusCode).toBe(401);
      expect(await t.db.selectFrom("efactura_authorizations").selectAll().execute()).toEqual([]);
    });

    it("asks for the SmartBill CIF first, in Romanian", async () => {
      const response = await t.api("POST", CONNECTION, { session: noCifAdmin });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(EFACTURA_CONNECTION_MESSAGES.noCif);
    });

    it("sends the browser to the operator's OAuth address with a fresh state, PKCE S256 and our callback", async () => {
      const url = new URL(await begin());
      expect(`${url.origin}${url.pathname}`).toBe(`${origin}${EFACTURA_EMULATOR_PREFIX}/anaf-oauth2/v1/authorize`);
      const query = Object.fromEntries(url.searchParams);
      expect(query).toMatchObject({
        response_type: "code",
        client_id: t.config.efactura.clientId,
        redirect_uri: `${origin}/api/efactura/callback`,
        code_challenge_method: "S256",
        token_content_type: "jwt",
      });
      const pending = await t.db.selectFrom("efactura_authorizations").selectAll().execute();
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ state: query.state, tenantId: DEMO_TENANT, userEmail: "admin@demo.ro" });
      // The verifier stays here; only its challenge went out.
      expect(url.toString()).not.toContain(pending[0]!.codeVerifier);
    });

    it("refuses a callback with an unknown (forged) state or none, storing nothing", async () => {
      await begin();
      for (const query of ["code=abc&state=forged-state", "code=abc", "error=access_denied&state=forged"]) {
        expect(await arrive(`${origin}/api/efactura/callback?${query}`)).toBe(`${SCREEN}invalid`);
      }
      expect(await storedRow()).toBeUndefined();
      // The real pending authorisation is untouched by the forgeries.
      expect(await t.db.selectFrom("efactura_authorizations").selectAll().execute()).toHaveLength(1);
    });

    it("refuses a state older than 15 minutes, and spends it", async () => {
      const state = new URL(await begin()).searchParams.get("state")!;
      await t.db
        .updateTable("efactura_authorizations")
        .set({ createdAt: new Date(Date.now() - 16 * 60_000).toISOString() })
        .execute();
      expect(await arrive(`${origin}/api/efactura/callback?code=any&state=${state}`)).toBe(`${SCREEN}invalid`);
      expect(await storedRow()).toBeUndefined();
      expect(await t.db.selectFrom("efactura_authorizations").selectAll().execute()).toEqual([]);
    });

    it("drops the tenant's own stale authorisations when a new one begins", async () => {
      await begin();
      await t.db.updateTable("efactura_authorizations").set({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString() }).execute();
      await begin(otherAdmin);
      await begin();
      const pending = await t.db.selectFrom("efactura_authorizations").select(["tenantId"]).orderBy("tenantId").execute();
      expect(pending.map((row) => row.tenantId)).toEqual([DEMO_TENANT, otherTenantId]);
    });

    it("words every result the callback sends back in Romanian", () => {
      expect(EFACTURA_CALLBACK_RESULTS.connected).toBe("Firma a fost conectată la ANAF (SPV).");
      expect(EFACTURA_CALLBACK_RESULTS.invalid).toBe("Autorizarea nu a putut fi verificată. Porniți din nou conectarea.");
    });
  });

  describe("with the emulator", () => {
    beforeEach(() => emulatorAdmin("POST", "/reset"));

    it("connects end to end and keeps the tokens encrypted, never answering them", async () => {
      await connect();
      const { body, connection } = await view();
      expect(connection).toMatchObject({ available: true, connected: true, connectedBy: "admin@demo.ro", problem: null });
      expect(Date.parse(connection.accessExpiresAt!)).toBeGreaterThan(Date.now());
      expect(Date.parse(connection.refreshExpiresAt!)).toBeGreaterThanOrEqual(Date.parse(connection.accessExpiresAt!));
      const row = (await storedRow())!;
      const tokens = await tokensOf();
      // At rest: ciphertext, not the emulator's token; the key (and only it) opens it.
      expect(row.accessToken).not.toContain(tokens.access);
      expect(row.refreshToken).not.toContain(tokens.refresh);
      expect(() => decryptToken(Buffer.alloc(32, 1), DEMO_TENANT, row.accessToken)).toThrow();
      expect(await spvStatus(tokens.access)).not.toBe(401);
      // Never in the answer, for either role.
      for (const answer of [body, (await view(invoicing)).body]) {
        expect(answer).not.toContain(tokens.access);
        expect(answer).not.toContain(tokens.refresh);
        expect(answer).not.toContain(row.accessToken);
      }
      // The state was spent.
      expect(await t.db.selectFrom("efactura_authorizations").selectAll().execute()).toEqual([]);
      // Audited: who connected which company, without a token.
      const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "efacturaConnection.connect").execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ tenantId: DEMO_TENANT, userEmail: "admin@demo.ro", targetLabel: row.cif });
      expect(JSON.stringify(audit)).not.toContain(tokens.access.slice(0, 20));
      expect(JSON.stringify(audit)).not.toContain(tokens.refresh.slice(0, 20));
      // Another tenant sees nothing of it.
      expect((await view(otherAdmin)).connection.connected).toBe(false);
    });

    it("refuses the same state a second time, even from the browser that began", async () => {
      const callback = await consent(await begin());
      expect(await arrive(callback)).toBe(`${SCREEN}connected`);
      const first = (await storedRow())!;
      expect(await arrive(callback)).toBe(`${SCREEN}invalid`);
      expect((await storedRow())!.accessToken).toBe(first.accessToken);
    });

    it("stores another tenant's state's connection for that tenant only", async () => {
      expect(await arrive(await consent(await begin(otherAdmin)))).toBe(`${SCREEN}connected`);
      expect(await storedRow()).toBeUndefined();
      expect((await storedRow(otherTenantId))!.cif).toBe("18547290");
      expect((await view()).connection.connected).toBe(false);
      expect((await view(otherAdmin)).connection).toMatchObject({ connected: true, cif: "18547290", connectedBy: "admin@alt-spv.ro" });
    });

    it("is refused by ANAF when the verifier is not the challenge's, storing nothing", async () => {
      const callback = await consent(await begin());
      await t.db.updateTable("efactura_authorizations").set({ codeVerifier: pkcePair().verifier }).execute();
      expect(await arrive(callback)).toBe(`${SCREEN}refused`);
      expect(await storedRow()).toBeUndefined();
    });

    it("stores nothing when the person refuses on ANAF's page", async () => {
      expect(await arrive(await consent(await begin(), "deny"))).toBe(`${SCREEN}denied`);
      expect(await storedRow()).toBeUndefined();
    });

    it("sends a browser on another address than ANAF's way back to that address first", async () => {
      const other = await t.api("POST", CONNECTION, { session: admin, headers: { origin: "http://localhost:1" } });
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(`ANAF trimite înapoi la adresa ${origin}. Deschideți aplicația la această adresă, apoi conectați firma.`);
      expect(other.cookies).toEqual([]);
      expect((await t.api("POST", CONNECTION, { session: admin, headers: { origin } })).statusCode).toBe(200);
    });

    it("accepts the callback only in the browser that began, which it then leaves with nothing", async () => {
      // Another admin's consent address, opened by someone else (the victim's certificate at ANAF):
      // that browser holds no cookie of ours, or one of its own authorisation.
      const foreign = await consent(await begin(otherAdmin));
      const foreignCookie = browserCookie;
      const own = await consent(await begin());
      for (const cookie of ["", foreignCookie, `${AUTHORIZATION_COOKIE}=forged`]) {
        expect(await arrive(own, cookie)).toBe(`${SCREEN}invalid`);
      }
      expect(await storedRow()).toBeUndefined();
      // Left for the browser that began: it still connects.
      const response = await fetch(own, { redirect: "manual", headers: { cookie: browserCookie! } });
      expect(response.headers.get("location")).toBe(`${SCREEN}connected`);
      expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${AUTHORIZATION_COOKIE}=`))).toMatch(/^[a-z_]+=; Max-Age=0; Path=\/api\/efactura\/callback;/);
      expect((await storedRow())!.cif).toBeTruthy();
      expect(await arrive(foreign, foreignCookie)).toBe(`${SCREEN}connected`);
    });

    it("refreshes a token about to end, the old refresh token then refused by the emulator", async () => {
      await emulatorAdmin("POST", "/settings", { accessSeconds: 120 });
      await connect();
      const before = await tokensOf();
      const access = await efacturaAccess(t.app, DEMO_TENANT);
      const after = await tokensOf();
      expect(access.accessToken).toBe(after.access);
      expect(after.access).not.toBe(before.access);
      expect(after.refresh).not.toBe(before.refresh);
      expect((await storedRow())!.refreshedAt).not.toBeNull();
      expect(await refreshStatus(before.refresh)).toBe(400);
      expect(await spvStatus(after.access)).not.toBe(401);
    });

    it("refreshes once when two processes try at the same time", async () => {
      await emulatorAdmin("POST", "/settings", { accessSeconds: 120 });
      await connect();
      const before = await tokensOf();
      const outcomes = await Promise.all([
        refreshConnection(t.app, DEMO_TENANT, 24 * 3600_000),
        refreshConnection(t.app, DEMO_TENANT, 24 * 3600_000),
      ]);
      expect(outcomes.filter((outcome) => outcome === "refreshed")).toHaveLength(1);
      const after = await tokensOf();
      // The pair stored is the one ANAF gave last: it works, the first does not.
      expect(await refreshStatus(before.refresh)).toBe(400);
      expect(await spvStatus(after.access)).not.toBe(401);
      expect((await storedRow())!.refreshStartedAt).toBeNull();
    });

    it("records a refused refresh as the connection's problem", async () => {
      await emulatorAdmin("POST", "/settings", { accessSeconds: 120 });
      await connect();
      await t.db.updateTable("efactura_connections").set({ refreshToken: encryptToken(key(), DEMO_TENANT, "not-a-refresh-token") }).execute();
      await expect(efacturaAccess(t.app, DEMO_TENANT)).rejects.toThrow(EfacturaNotConnected);
      expect((await storedRow())!.problem).toBe(REFRESH_REFUSED_PROBLEM);
      expect((await view()).connection.problem).toBe(REFRESH_REFUSED_PROBLEM);
      // Due, but not renewed again and again: the admin reconnects.
      const refreshTasks = () => t.db.selectFrom("tasks").select("id").where("kind", "=", "efactura-token-refresh").where("tenantId", "=", DEMO_TENANT).execute();
      const queued = (await refreshTasks()).length;
      await scheduleEfacturaTokenRefresh(t.db);
      expect(await refreshTasks()).toHaveLength(queued);
    });

    it("renews the tokens in the periodic task before they end", async () => {
      await emulatorAdmin("POST", "/settings", { accessSeconds: 3 * 24 * 3600 });
      await connect();
      await connect(otherAdmin);
      // The other tenant's ends in more than a week: not due.
      await t.db.updateTable("efactura_connections").set({ accessExpiresAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString() }).where("tenantId", "=", otherTenantId).execute();
      const before = await tokensOf();
      // A reading's problem (SPV not answering) does not hold the renewal back.
      await t.db.updateTable("efactura_connections").set({ problem: "SPV (ANAF) nu răspunde acum." }).where("tenantId", "=", DEMO_TENANT).execute();
      expect(await scheduleEfacturaTokenRefresh(t.db)).toBe(1);
      // Queued once however many passes run meanwhile.
      expect(await scheduleEfacturaTokenRefresh(t.db)).toBe(0);
      const task = await t.db.selectFrom("tasks").select(["id", "tenantId"]).where("kind", "=", "efactura-token-refresh").executeTakeFirstOrThrow();
      expect(task.tenantId).toBe(DEMO_TENANT);
      const superadmin = await t.signIn("superadmin@demo.ro");
      const done = await waitForTask(t, superadmin, task.id, { tenantId: DEMO_TENANT, timeoutMs: 15_000 });
      expect(done.status, done.errorText ?? "").toBe("done");
      expect((await tokensOf()).access).not.toBe(before.access);
      expect(await refreshStatus(before.refresh)).toBe(400);
    });

    it("disconnects: revokes the tokens at the emulator, deletes the row, audits without a token", async () => {
      await connect();
      const tokens = await tokensOf();
      const response = await t.api("DELETE", CONNECTION, { session: admin });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(EFACTURA_CONNECTION_MESSAGES.disconnected);
      expect(await storedRow()).toBeUndefined();
      expect((await view()).connection.connected).toBe(false);
      expect(await spvStatus(tokens.access)).toBe(401);
      expect(await refreshStatus(tokens.refresh)).toBe(400);
      const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "efacturaConnection.disconnect").execute();
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit)).not.toContain(tokens.access.slice(0, 20));
      expect((await t.api("DELETE", CONNECTION, { session: admin })).statusCode).toBe(404);
    });
  });
});
