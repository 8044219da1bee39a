import { afterAll, beforeAll, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { hashOpaqueToken } from "../../server/auth/opaqueTokens";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const LOGGED_OUT = { message: "V-ați deconectat." };

describeEachDialect("POST /dmz-api/logout", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  // As the client sends it: no access token, no anti-forgery header.
  const logout = (body: unknown) => t.api("POST", "/dmz-api/logout", { body, xsrf: false });
  const refresh = (refreshToken: string) =>
    t.api("POST", "/dmz-api/refresh", { body: { refreshToken }, xsrf: false });
  const me = (session: Pick<LoginResponse, "authenticationToken">) => t.api("GET", "/api/me", { session });

  it("ends the session: its refresh token and all its access tokens stop working", async () => {
    const first = await t.signIn("admin@demo.ro");
    const second = (await refresh(first.refreshToken)).json<LoginResponse>();
    expect((await me(second)).statusCode).toBe(200);

    const response = await logout({ refreshToken: second.refreshToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(LOGGED_OUT);

    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(first)).statusCode).toBe(401);
  });

  it("leaves the user's other sessions signed in", async () => {
    const other = await t.signIn("facturare@demo.ro");
    const leaving = await t.signIn("facturare@demo.ro");
    expect((await logout({ refreshToken: leaving.refreshToken })).statusCode).toBe(200);
    expect((await me(leaving)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it("ends the session also when given one of its already exchanged refresh tokens", async () => {
    const first = await t.signIn("admin@demo.ro");
    const second = (await refresh(first.refreshToken)).json<LoginResponse>();
    expect((await logout({ refreshToken: first.refreshToken })).json()).toEqual(LOGGED_OUT);
    expect((await me(second)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it("answers an unknown, expired or already logged-out token with the same 200, revealing nothing", async () => {
    const unknown = await logout({ refreshToken: "A".repeat(43) });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(LOGGED_OUT);

    const expired = await t.signIn("superadmin@demo.ro");
    await t.db
      .updateTable("refresh_tokens")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("tokenHash", "=", hashOpaqueToken(expired.refreshToken))
      .execute();
    const expiredAnswer = await logout({ refreshToken: expired.refreshToken });
    expect(expiredAnswer.statusCode).toBe(200);
    expect(expiredAnswer.json()).toEqual(LOGGED_OUT);
    expect((await me(expired)).statusCode).toBe(401);

    const session = await t.signIn("superadmin@demo.ro");
    for (let i = 0; i < 2; i++) {
      const again = await logout({ refreshToken: session.refreshToken });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(LOGGED_OUT);
    }
  });

  it("refuses a body without refreshToken, with another field or with an over-long token with 400", async () => {
    const { refreshToken } = await t.signIn("admin@demo.ro");
    expect((await logout({})).json().errors).toEqual({ refreshToken: "„refreshToken” este obligatoriu" });
    const extra = await logout({ refreshToken, everywhere: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual({ everywhere: "câmpul „everywhere” nu este permis" });
    const long = await logout({ refreshToken: "A".repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Date invalide: „refreshToken” poate avea cel mult 128 de caractere.");
    // None of the refusals ended the session.
    expect((await refresh(refreshToken)).statusCode).toBe(200);
  });
});
