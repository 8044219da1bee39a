import { decodeJwt } from "jose";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { hashOpaqueToken } from "../../server/auth/opaqueTokens";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const SESSION_EXPIRED = { message: "Sesiune expirată. Vă rugăm să vă autentificați din nou." };

describeEachDialect("POST /dmz-api/refresh", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string) =>
    t.api("POST", "/dmz-api/refresh", { body: { refreshToken }, xsrf: false });
  const me = (session: Pick<LoginResponse, "authenticationToken">) => t.api("GET", "/api/me", { session });

  it("exchanges a refresh token for a new pair in the same session", async () => {
    const first = await t.signIn("admin@demo.ro");
    const response = await refresh(first.refreshToken);
    expect(response.statusCode).toBe(200);
    const second = response.json<LoginResponse>();
    expect(second.userName).toBe("admin@demo.ro");
    expect(second.tenant).toEqual({ id: 2, name: "Demo SRL" });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.authenticationToken).sid).toBe(decodeJwt(first.authenticationToken).sid);
    expect((await me(second)).statusCode).toBe(200);
    // …and the new one rotates again.
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
  });

  it("stores only a hash of the refresh token", async () => {
    const { refreshToken } = await t.signIn("admin@demo.ro");
    const byValue = await t.db.selectFrom("refresh_tokens").selectAll().where("tokenHash", "=", refreshToken).execute();
    expect(byValue).toHaveLength(0);
    const byHash = await t.db
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("tokenHash", "=", hashOpaqueToken(refreshToken))
      .execute();
    expect(byHash).toHaveLength(1);
  });

  it("refuses a used refresh token and revokes its whole session", async () => {
    const first = await t.signIn("facturare@demo.ro");
    const second = (await refresh(first.refreshToken)).json<LoginResponse>();

    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(SESSION_EXPIRED);

    // Every token of that login is dead: the rotated refresh token and both access tokens.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(first)).json()).toEqual(SESSION_EXPIRED);
  });

  describe("an exchange asked again because its answer was lost (the page reloaded mid-refresh)", () => {
    const named = (refreshToken: string, attempt: string) =>
      t.api("POST", "/dmz-api/refresh", { body: { refreshToken, attempt }, xsrf: false });
    const attempt = "Yq3xL0b9rT2vW8nE5kJ7aZ";

    it("answers the same exchange again with the same successor, and the session lives on", async () => {
      const first = await t.signIn("facturare@demo.ro");
      const lost = (await named(first.refreshToken, attempt)).json<LoginResponse>();
      const again = await named(first.refreshToken, attempt);
      expect(again.statusCode).toBe(200);
      expect(again.json<LoginResponse>().refreshToken).toBe(lost.refreshToken);
      expect((await me(again.json<LoginResponse>())).statusCode).toBe(200);
      const next = await refresh(lost.refreshToken);
      expect(next.statusCode).toBe(200);
      expect((await me(next.json<LoginResponse>())).statusCode).toBe(200);
    });

    it("still counts it as a reuse, and revokes the session, once the successor has been used", async () => {
      const first = await t.signIn("facturare@demo.ro");
      const second = (await named(first.refreshToken, attempt)).json<LoginResponse>();
      const third = (await refresh(second.refreshToken)).json<LoginResponse>();
      expect((await named(first.refreshToken, attempt)).json()).toEqual(SESSION_EXPIRED);
      expect((await me(third)).statusCode).toBe(401);
    });

    it("counts it as a reuse when it comes unnamed after the answer", async () => {
      const first = await t.signIn("facturare@demo.ro");
      const second = (await named(first.refreshToken, attempt)).json<LoginResponse>();
      expect((await refresh(first.refreshToken)).statusCode).toBe(401);
      expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    });

    it("refuses a name that is not 16 to 64 URL-safe characters", async () => {
      const first = await t.signIn("facturare@demo.ro");
      expect((await named(first.refreshToken, "short")).statusCode).toBe(400);
      expect((await refresh(first.refreshToken)).statusCode).toBe(200);
    });
  });

  describe("overlapping refreshes of one token (a retry while the first is still running)", () => {
    const liveTokensOf = async (sessionId: string) => {
      const session = await t.db.selectFrom("sessions").select("revokedAt").where("id", "=", sessionId).executeTakeFirstOrThrow();
      const unused = await t.db
        .selectFrom("refresh_tokens")
        .select("tokenHash")
        .where("sessionId", "=", sessionId)
        .where("usedAt", "is", null)
        .execute();
      return { revoked: session.revokedAt !== null, unused: unused.length };
    };

    it("answers twenty at once with the same new pair, and the session lives on", async () => {
      const first = await t.signIn("facturare@demo.ro");
      const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(first.refreshToken)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
      const pairs = answers.map((answer) => answer.json<LoginResponse>());
      expect(new Set(pairs.map((pair) => pair.refreshToken)).size).toBe(1);
      for (const pair of pairs.slice(0, 3)) expect((await me(pair)).statusCode).toBe(200);
      const sessionId = String(decodeJwt(first.authenticationToken).sid);
      expect(await liveTokensOf(sessionId)).toEqual({ revoked: false, unused: 1 });
      const next = await refresh(pairs[0].refreshToken);
      expect(next.statusCode).toBe(200);
      expect((await me(next.json<LoginResponse>())).statusCode).toBe(200);
    });

    it("still revokes the session when the token comes again after its successor was used", async () => {
      const first = await t.signIn("facturare@demo.ro");
      const [second] = (await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)])).map((answer) =>
        answer.json<LoginResponse>(),
      );
      const third = (await refresh(second.refreshToken)).json<LoginResponse>();
      expect((await refresh(first.refreshToken)).json()).toEqual(SESSION_EXPIRED);
      expect((await me(third)).statusCode).toBe(401);
    });

    it.skipIf(dialect !== "postgres")(
      "answers two processes racing for the token with the same successor",
      async () => {
        const other = await testApp(dialect, { databaseUrl: t.databaseUrl });
        try {
          const first = await t.signIn("facturare@demo.ro");
          const tokenHash = hashOpaqueToken(first.refreshToken);
          // Hold the token's row so both processes read it unused and then queue for it: the
          // race the losing process used to answer by revoking the session.
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          let locked!: () => void;
          const isLocked = new Promise<void>((resolve) => (locked = resolve));
          const holder = t.db.transaction().execute(async (trx) => {
            await sql`select 1 from refresh_tokens where "tokenHash" = ${tokenHash} for update`.execute(trx);
            locked();
            await held;
          });
          await isLocked;
          const send = (app: TestApp) =>
            app.api("POST", "/dmz-api/refresh", { body: { refreshToken: first.refreshToken }, xsrf: false });
          const racing = Promise.all([send(t), send(other)]);
          for (;;) {
            const waiting = await sql<{ count: string }>`
              select count(*) as count from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%refresh_tokens%'`.execute(t.db);
            if (Number(waiting.rows[0].count) >= 2) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          release();
          await holder;
          const answers = await racing;
          expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
          const [a, b] = answers.map((answer) => answer.json<LoginResponse>());
          expect(a.refreshToken).toBe(b.refreshToken);
          expect((await me(b)).statusCode).toBe(200);
          expect((await refresh(a.refreshToken)).statusCode).toBe(200);
        } finally {
          await other.close();
        }
      },
    );
  });

  it("leaves the user's other sessions alone when one is revoked for reuse", async () => {
    const other = await t.signIn("facturare@demo.ro");
    const victim = await t.signIn("facturare@demo.ro");
    await refresh(victim.refreshToken);
    await refresh(victim.refreshToken);
    expect((await me(other)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it("refuses an unknown refresh token", async () => {
    const response = await refresh("A".repeat(43));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_EXPIRED);
  });

  it("refuses an expired refresh token", async () => {
    const { refreshToken } = await t.signIn("admin@demo.ro");
    await t.db
      .updateTable("refresh_tokens")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("tokenHash", "=", hashOpaqueToken(refreshToken))
      .execute();
    const response = await refresh(refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_EXPIRED);
  });

  it("puts the user's current roles into the refreshed access token", async () => {
    const session = await t.signIn("admin@demo.ro");
    const smartbill = await t.db.selectFrom("roles").select("id").where("name", "=", "ROLE_SMARTBILL").executeTakeFirstOrThrow();
    await t.db.insertInto("user_roles").values({ userId: 2, roleId: smartbill.id }).execute();
    const refreshed = (await refresh(session.refreshToken)).json<LoginResponse>();
    expect(decodeJwt(refreshed.authenticationToken).roles).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL"]);
  });
});
