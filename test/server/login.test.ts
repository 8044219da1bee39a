import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessTokenClaims, LoginResponse } from "../../contract/api";
import { tooManyAttempts, tooManyRequests } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

describeEachDialect("POST /dmz-api/login", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, {
      env: { LOGIN_MAX_FAILURES: "3", LOGIN_MAX_FAILURES_PER_ADDRESS: "5", LOGIN_WINDOW_SECONDS: "600" },
    });
  });
  afterAll(() => t.close());

  it("answers the tokens, the email as userName and the tenant", async () => {
    const response = await t.login("admin@demo.ro");
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(Object.keys(body).sort()).toEqual(["authenticationToken", "refreshToken", "tenant", "userName"]);
    expect(body.userName).toBe("admin@demo.ro");
    expect(body.tenant).toEqual({ id: 2, name: "Demo SRL" });
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("signs an HS256 access token with exactly the contract's claims", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { authenticationToken } = await t.signIn("superadmin@demo.ro");
    expect(decodeProtectedHeader(authenticationToken).alg).toBe("HS256");
    const claims = decodeJwt(authenticationToken) as unknown as AccessTokenClaims;
    expect(Object.keys(claims).sort()).toEqual(["email", "exp", "iat", "roles", "sid", "sub", "tenant"]);
    expect(claims).toMatchObject({
      sub: "1",
      email: "superadmin@demo.ro",
      tenant: { id: 1, name: "system" },
      roles: ["ROLE_SUPERADMIN"],
    });
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp - claims.iat).toBe(900);
  });

  it("accepts the email in any letter case", async () => {
    const response = await t.login("  Facturare@Demo.RO ");
    expect(response.statusCode).toBe(200);
    expect(response.json().userName).toBe("facturare@demo.ro");
  });

  it("refuses a wrong password with 401 and the spec's message", async () => {
    const response = await t.login("facturare@demo.ro", "wrong-password", "10.0.0.1");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Adresa de email sau parola este incorectă." });
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const response = await t.login("nobody@demo.ro", "whatever", "10.0.0.2");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Adresa de email sau parola este incorectă." });
  });

  it("answers a user who has not set a password yet like a wrong password", async () => {
    const now = new Date().toISOString();
    await t.db
      .insertInto("users")
      .values({ email: "new@demo.ro", passwordHash: null, tenantId: 2, createdAt: now, updatedAt: now })
      .execute();
    const response = await t.login("new@demo.ro", "", "10.0.0.3");
    expect(response.statusCode).toBe(400); // an empty password is not even a candidate
    const again = await t.login("new@demo.ro", "anything", "10.0.0.3");
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: "Adresa de email sau parola este incorectă." });
  });

  it("stores passwords as argon2id hashes", async () => {
    const row = await t.db.selectFrom("users").select("passwordHash").where("id", "=", 1).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  describe("throttling", () => {
    it("locks an account with 429 after too many failures, even for the right password", async () => {
      // Each attempt from its own address, so only the account counter is in play.
      for (let i = 1; i <= 3; i++) {
        const response = await t.login("admin@demo.ro", "wrong", `10.1.0.${i}`);
        expect(response.statusCode).toBe(401);
      }
      const locked = await t.login("admin@demo.ro", "demo1234", "10.1.0.9");
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        message: "Prea multe încercări eșuate. Încercați din nou peste 10 minute.",
      });
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(590);
      // Other accounts are unaffected.
      expect((await t.login("superadmin@demo.ro", "demo1234", "10.1.0.9")).statusCode).toBe(200);
    });

    it("lets the account in again once the lock has passed", async () => {
      const past = new Date(Date.now() - 1000).toISOString();
      await t.db
        .updateTable("login_failures")
        .set({ lockedUntil: past, windowStartedAt: new Date(Date.now() - 601_000).toISOString() })
        .where("key", "=", "account:admin@demo.ro")
        .execute();
      expect((await t.login("admin@demo.ro", "demo1234", "10.1.0.10")).statusCode).toBe(200);
    });

    it("resets the account's counter on a successful login", async () => {
      expect((await t.login("facturare@demo.ro", "demo1234", "10.2.9.9")).statusCode).toBe(200);
      // Four failures in all, never three in a row: the limit of three is never reached.
      for (let round = 0; round < 2; round++) {
        for (let i = 1; i <= 2; i++) {
          expect((await t.login("facturare@demo.ro", "wrong", `10.2.${round}.${i}`)).statusCode).toBe(401);
        }
        expect((await t.login("facturare@demo.ro", "demo1234", `10.2.${round}.9`)).statusCode).toBe(200);
      }
    });

    it("checks no more guesses than the limit when they arrive all at once", async () => {
      await addUser(t, { email: "simultan@demo.ro", tenantId: 2, password: "parola-corecta" });
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => t.login("simultan@demo.ro", `ghicit-${i}`, `10.4.${i}.1`)),
      );
      expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(3);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(37);
      expect((await t.login("simultan@demo.ro", "parola-corecta", "10.4.99.1")).statusCode).toBe(429);
    });

    it("does not count an address's successful logins against it", async () => {
      const office = "10.5.0.1";
      for (let i = 0; i < 8; i++) expect((await t.login("superadmin@demo.ro", "demo1234", office)).statusCode).toBe(200);
      expect((await t.login("facturare@demo.ro", "demo1234", office)).statusCode).toBe(200);
    });

    it("locks an address with 429 after too many failures across accounts", async () => {
      const address = "10.3.0.1";
      for (let i = 1; i <= 5; i++) {
        const response = await t.login(`guess${i}@demo.ro`, "wrong", address);
        expect(response.statusCode).toBe(401);
      }
      const locked = await t.login("superadmin@demo.ro", "demo1234", address);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toMatch(/^Prea multe încercări eșuate\. Încercați din nou peste \d+ minute\.$/);
      // The same account from elsewhere still works.
      expect((await t.login("superadmin@demo.ro", "demo1234", "10.3.0.2")).statusCode).toBe(200);
    });
  });
});

describeEachDialect("sign-in throttling behind a load balancer (TRUST_PROXY)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { LOGIN_MAX_FAILURES_PER_ADDRESS: "5", TRUST_PROXY: "on" } });
  });
  afterAll(() => t.close());

  /** A failed sign-in as the balancer (10.0.0.2) forwards it: what the client wrote, then the client's address. */
  const forwarded = (account: string, written: string, client: string) =>
    t.api("POST", "/dmz-api/login", {
      body: { username: account, password: "gresit" },
      headers: { "x-forwarded-for": `${written}, ${client}` },
      remoteAddress: "10.0.0.2",
      xsrf: false,
    });

  it("counts the address the balancer saw, whatever the client wrote into X-Forwarded-For", async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await forwarded(`spray${i}@demo.ro`, `198.51.100.${i}`, "203.0.113.7")).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Another client behind the same balancer is not locked.
    expect((await forwarded("altul@demo.ro", "198.51.100.1", "203.0.113.8")).statusCode).toBe(401);
  });

  it("ignores X-Forwarded-For from a caller that is not a trusted proxy", async () => {
    const direct = (i: number) =>
      t.api("POST", "/dmz-api/login", {
        body: { username: `direct${i}@demo.ro`, password: "gresit" },
        headers: { "x-forwarded-for": `198.51.100.${i}` },
        remoteAddress: "192.0.2.50",
        xsrf: false,
      });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await direct(i)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe("the lock-out message", () => {
  it("uses Romanian plural forms for the minutes", () => {
    expect(tooManyAttempts(1)).toBe("Prea multe încercări eșuate. Încercați din nou peste 1 minut.");
    expect(tooManyAttempts(15)).toBe("Prea multe încercări eșuate. Încercați din nou peste 15 minute.");
    expect(tooManyAttempts(20)).toBe("Prea multe încercări eșuate. Încercați din nou peste 20 de minute.");
  });

  it("drops 'eșuate' for requests that were too many rather than failed (reset links)", () => {
    expect(tooManyRequests(1)).toBe("Prea multe încercări. Încercați din nou peste 1 minut.");
    expect(tooManyRequests(15)).toBe("Prea multe încercări. Încercați din nou peste 15 minute.");
    expect(tooManyRequests(20)).toBe("Prea multe încercări. Încercați din nou peste 20 de minute.");
  });
});
