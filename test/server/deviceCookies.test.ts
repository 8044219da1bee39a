/**
 * Sign-in from a known browser (a device cookie): a stranger who knows the super-admin's address
 * and sends wrong passwords locks the account for strangers only. The browser the super-admin
 * signed in from before still signs in; strangers stay locked out; the known browser's own wrong
 * passwords are limited by a counter of its own.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEVICE_COOKIE } from "../../server/auth/deviceCookies";
import { tooManyAttempts } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const PASSWORD = "demo1234";
const SUPERADMIN = "superadmin@demo.ro";
/** The lock's answer (its minutes are left out: they count down while the test runs). */
const LOCKED = { message: expect.stringMatching(new RegExp(`^${tooManyAttempts(15).split(" 15 ")[0]} `)) };

describeEachDialect("sign-in from a browser the account signed in from before", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The defaults: 5 wrong passwords per account, 20 per address, in 15 minutes.
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, options: { cookie?: string; address?: string } = {}) =>
    t.api("POST", "/dmz-api/login", {
      body: { username: email, password },
      xsrf: false,
      remoteAddress: options.address ?? "10.20.0.1",
      headers: options.cookie === undefined ? {} : { cookie: `${DEVICE_COOKIE}=${options.cookie}` },
    });
  const deviceCookieOf = (response: LightMyRequestResponse) => {
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    if (!cookie) throw new Error(`no ${DEVICE_COOKIE} cookie in the answer`);
    return cookie;
  };
  /** A stranger's wrong passwords, each from an address of its own, until the account is locked. */
  const strangerLocksOut = async (email: string, subnet: number) => {
    for (let i = 1; i <= 5; i++) expect((await login(email, "ghicit", { address: `10.${subnet}.0.${i}` })).statusCode).toBe(401);
    expect((await login(email, "ghicit", { address: `10.${subnet}.0.6` })).statusCode).toBe(429);
  };

  it("gives a browser that signed in an HttpOnly, SameSite=Strict cookie for /dmz-api only", async () => {
    const cookie = deviceCookieOf(await login(SUPERADMIN, PASSWORD));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/dmz-api" });
    // Plain http here: a Secure cookie would never come back.
    expect(cookie.secure).toBeUndefined();
    expect(cookie.maxAge).toBeGreaterThan(30 * 24 * 3600);
    // It says nothing about whose it is.
    expect(cookie.value).not.toContain("superadmin");
    // A wrong password earns no cookie.
    const refused = await login(SUPERADMIN, "ghicit", { address: "10.20.9.9" });
    expect(refused.cookies.filter((c) => c.name === DEVICE_COOKIE)).toHaveLength(0);
    await t.db.deleteFrom("login_failures").execute();
  });

  it("lets the super-admin in from a known browser while a stranger keeps the account locked", async () => {
    const known = deviceCookieOf(await login(SUPERADMIN, PASSWORD)).value;
    await strangerLocksOut(SUPERADMIN, 21);

    // Strangers are locked out, the right password included, from any address.
    const stranger = await login(SUPERADMIN, PASSWORD, { address: "10.21.1.1" });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual(LOCKED);

    // The known browser signs in, even from the address the stranger guessed from, and again.
    const signedIn = await login(SUPERADMIN, PASSWORD, { cookie: known, address: "10.21.0.1" });
    expect(signedIn.statusCode).toBe(200);
    const renewed = deviceCookieOf(signedIn).value;
    expect((await login(SUPERADMIN, PASSWORD, { cookie: renewed })).statusCode).toBe(200);
    const me = await t.api("GET", "/api/me", { session: signedIn.json() });
    expect(me.statusCode).toBe(200);

    // …and its sign-ins do not give the strangers fresh guesses.
    expect((await login(SUPERADMIN, PASSWORD, { address: "10.21.1.2" })).statusCode).toBe(429);
    expect((await login(SUPERADMIN, "ghicit-iar", { address: "10.21.1.3" })).statusCode).toBe(429);
  });

  it("still limits the known browser's own wrong passwords, apart from the strangers'", async () => {
    const email = "admin@demo.ro";
    const known = deviceCookieOf(await login(email, PASSWORD)).value;
    for (let i = 1; i <= 5; i++) expect((await login(email, "gresit", { cookie: known })).statusCode).toBe(401);
    const locked = await login(email, PASSWORD, { cookie: known });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(LOCKED);
    // The known browser's lock is its own: a stranger's sign-in to the account is not affected…
    const fromElsewhere = await login(email, PASSWORD, { address: "10.22.0.1" });
    expect(fromElsewhere.statusCode).toBe(200);
    // …and another browser known to the account has its own count too.
    const other = deviceCookieOf(fromElsewhere).value;
    expect((await login(email, PASSWORD, { cookie: other })).statusCode).toBe(200);
    expect((await login(email, PASSWORD, { cookie: known })).statusCode).toBe(429);
  });

  it("counts a cookie made up, altered, expired or of another account as a stranger's", async () => {
    const email = "facturare@demo.ro";
    const ownCookie = deviceCookieOf(await login(email, PASSWORD)).value;
    const otherAccount = deviceCookieOf(await login("admin@demo.ro", PASSWORD, { address: "10.23.9.9" })).value;
    await strangerLocksOut(email, 23);
    const [id, expires, mac] = ownCookie.split(".");
    const forged = [
      otherAccount,
      `${id}.${expires}.${"A".repeat(mac.length)}`,
      `${id}.${Number(expires) + 1}.${mac}`,
      `${"B".repeat(id.length)}.${expires}.${mac}`,
      `${id}.${Math.floor(Date.now() / 1000) - 1}.${mac}`,
      "not-a-device-cookie",
    ];
    for (const cookie of forged) {
      const response = await login(email, PASSWORD, { cookie, address: "10.23.1.1" });
      expect(response.statusCode, cookie).toBe(429);
    }
    expect((await login(email, PASSWORD, { cookie: ownCookie })).statusCode).toBe(200);
  });
});

describeEachDialect("the device cookie behind an https load balancer (TRUST_PROXY)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TRUST_PROXY: "on" } });
  });
  afterAll(() => t.close());

  it("is Secure when the client came over https", async () => {
    const response = await t.api("POST", "/dmz-api/login", {
      body: { username: SUPERADMIN, password: PASSWORD },
      headers: { "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https" },
      remoteAddress: "10.0.0.2",
      xsrf: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict" });
  });
});
