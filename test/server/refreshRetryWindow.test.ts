/**
 * A refresh token asked again after its exchange: a retry (a reload that lost the answer, another
 * tab without the browser's locks, naming its exchange differently) within the retry window gets
 * the same successor and the session lives on; the same request after the window is a reuse of a
 * copied token and revokes the session.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const SESSION_EXPIRED = { message: "Sesiune expirată. Vă rugăm să vă autentificați din nou." };

const refreshWith = (t: TestApp, refreshToken: string, attempt?: string) =>
  t.api("POST", "/dmz-api/refresh", { body: attempt === undefined ? { refreshToken } : { refreshToken, attempt }, xsrf: false });
const me = (t: TestApp, session: Pick<LoginResponse, "authenticationToken">) => t.api("GET", "/api/me", { session });
const sessionRevoked = async (t: TestApp, session: LoginResponse) => {
  const row = await t.db
    .selectFrom("sessions")
    .select("revokedAt")
    .where("id", "=", String(decodeJwt(session.authenticationToken).sid))
    .executeTakeFirstOrThrow();
  return row.revokedAt !== null;
};

/** A tab's name for its exchange, as the client makes them (16 to 64 URL-safe characters). */
const attemptName = (i: number) => `tab-${i}-exchange-name-0123456789`;

describeEachDialect("a refresh asked again within the retry window", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it("answers the same exchange again with the same successor (the default window is a minute)", async () => {
    expect(t.config.refreshRetryWindowSeconds).toBe(60);
    const first = await t.signIn("facturare@demo.ro");
    const lost = (await refreshWith(t, first.refreshToken, attemptName(1))).json<LoginResponse>();
    const again = await refreshWith(t, first.refreshToken, attemptName(1));
    expect(again.statusCode).toBe(200);
    expect(again.json<LoginResponse>().refreshToken).toBe(lost.refreshToken);
    expect((await me(t, again.json<LoginResponse>())).statusCode).toBe(200);
  });

  it("answers a second tab's differently named exchange with the successor the first tab got", async () => {
    const first = await t.signIn("facturare@demo.ro");
    const tabA = await refreshWith(t, first.refreshToken, attemptName(1));
    const tabB = await refreshWith(t, first.refreshToken, attemptName(2));
    expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
    expect(tabB.json<LoginResponse>().refreshToken).toBe(tabA.json<LoginResponse>().refreshToken);
    // The session lives on: both access tokens work, and the shared successor rotates once more.
    expect((await me(t, tabA.json<LoginResponse>())).statusCode).toBe(200);
    expect((await me(t, tabB.json<LoginResponse>())).statusCode).toBe(200);
    const next = await refreshWith(t, tabA.json<LoginResponse>().refreshToken, attemptName(3));
    expect(next.statusCode).toBe(200);
    expect((await me(t, next.json<LoginResponse>())).statusCode).toBe(200);
  });

  it("lets several tabs refresh at once, each naming its exchange, and keeps the session", async () => {
    const first = await t.signIn("facturare@demo.ro");
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => refreshWith(t, first.refreshToken, attemptName(i))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const pairs = answers.map((answer) => answer.json<LoginResponse>());
    expect(new Set(pairs.map((pair) => pair.refreshToken)).size).toBe(1);
    expect(await sessionRevoked(t, first)).toBe(false);
    for (const pair of pairs) expect((await me(t, pair)).statusCode).toBe(200);
    expect((await refreshWith(t, pairs[0].refreshToken, attemptName(9))).statusCode).toBe(200);
  });

  it.skipIf(dialect !== "postgres")("lets two processes refresh at once with differently named exchanges", async () => {
    const other = await testApp(dialect, { databaseUrl: t.databaseUrl });
    try {
      for (let round = 0; round < 5; round++) {
        const first = await t.signIn("facturare@demo.ro");
        const answers = await Promise.all([
          refreshWith(t, first.refreshToken, attemptName(1)),
          refreshWith(other, first.refreshToken, attemptName(2)),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        const [a, b] = answers.map((answer) => answer.json<LoginResponse>());
        expect(a.refreshToken).toBe(b.refreshToken);
        expect((await me(t, b)).statusCode).toBe(200);
      }
    } finally {
      await other.close();
    }
  });

  it("still revokes the session when the token comes again after its successor was used", async () => {
    const first = await t.signIn("facturare@demo.ro");
    const second = (await refreshWith(t, first.refreshToken, attemptName(1))).json<LoginResponse>();
    const third = (await refreshWith(t, second.refreshToken, attemptName(2))).json<LoginResponse>();
    expect((await refreshWith(t, first.refreshToken, attemptName(3))).json()).toEqual(SESSION_EXPIRED);
    expect((await me(t, third)).statusCode).toBe(401);
  });
});

describeEachDialect("a refresh asked again after the retry window", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { REFRESH_RETRY_WINDOW_SECONDS: "1" } });
  });
  afterAll(() => t.close());

  /** Waits until the window of an exchange made before the call has surely passed. */
  const pastTheWindow = () => new Promise((resolve) => setTimeout(resolve, 1_200));

  describe.each([
    ["with the same name (a replay of the lost answer)", attemptName(1)],
    ["with another name (another tab)", attemptName(2)],
  ])("%s", (_label, replayName) => {
    it("is a reuse: 401, and the session, the successor that got 200 included, is revoked", async () => {
      const first = await t.signIn("facturare@demo.ro");
      const answered = await refreshWith(t, first.refreshToken, attemptName(1));
      expect(answered.statusCode).toBe(200);
      const second = answered.json<LoginResponse>();
      await pastTheWindow();
      const replay = await refreshWith(t, first.refreshToken, replayName);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual(SESSION_EXPIRED);
      expect(await sessionRevoked(t, first)).toBe(true);
      expect((await refreshWith(t, second.refreshToken, attemptName(3))).statusCode).toBe(401);
      expect((await me(t, second)).statusCode).toBe(401);
    });
  });
});
