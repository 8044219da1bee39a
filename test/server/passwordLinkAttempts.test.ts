/**
 * Set/reset links are counted as sign-in is: each use takes an attempt number per client address
 * before the token is looked at; a wrong or spent link stays counted, a link that sets the
 * password is given back; past the limit even a good link is answered 429 until the window ends,
 * and nothing is looked at or changed.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPasswordToken } from "../../server/auth/passwordTokens";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const LOCKED = /^Prea multe încercări eșuate\. Încercați din nou peste \d+ minute\.$/;

describeEachDialect("POST /dmz-api/set and /dmz-api/reset: attempts counted per client address", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { LOGIN_MAX_FAILURES_PER_ADDRESS: "5", LOGIN_WINDOW_SECONDS: "600" } });
  });
  afterAll(() => t.close());

  const use = (kind: "set" | "reset", email: string, token: string, address: string, newPassword = "parola-noua-1") =>
    t.api("POST", `/dmz-api/${kind}`, { body: { email, token, newPassword }, remoteAddress: address, xsrf: false });
  const resetLink = async (email: string) => {
    const user = await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    return createPasswordToken(t.db, user.id, "reset");
  };
  const guess = (i: number) => `ghicit-${i}`.padEnd(43, "x");

  it("refuses a good link with 429 once an address has used up its wrong ones, and leaves it usable", async () => {
    const token = await resetLink("facturare@demo.ro");
    const address = "10.30.0.1";
    // Set and reset count together.
    for (let i = 0; i < 3; i++) expect((await use("reset", "facturare@demo.ro", guess(i), address)).statusCode).toBe(400);
    for (let i = 3; i < 5; i++) expect((await use("set", "facturare@demo.ro", guess(i), address)).statusCode).toBe(400);
    const locked = await use("reset", "facturare@demo.ro", token, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(LOCKED);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // Nothing changed: the old password still signs in, and the link still works elsewhere.
    expect((await t.login("facturare@demo.ro", "demo1234", "10.30.9.9")).statusCode).toBe(200);
    expect((await use("reset", "facturare@demo.ro", token, "10.30.0.2")).statusCode).toBe(200);
  });

  it("checks no more links than the limit when they arrive all at once", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => use("reset", "admin@demo.ro", guess(i), "10.31.0.1")));
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(15);
  });

  it("gives a link that set the password its attempt back", async () => {
    const address = "10.32.0.1";
    for (let i = 0; i < 4; i++) expect((await use("reset", "admin@demo.ro", guess(i), address)).statusCode).toBe(400);
    expect((await use("reset", "admin@demo.ro", await resetLink("admin@demo.ro"), address, "parola-admin-1")).statusCode).toBe(200);
    // Four wrong ones still counted: one more is checked, the next is refused.
    expect((await use("reset", "admin@demo.ro", guess(5), address)).statusCode).toBe(400);
    expect((await use("reset", "admin@demo.ro", guess(6), address)).statusCode).toBe(429);
  });

  it("keeps its count apart from sign-in's", async () => {
    const address = "10.33.0.1";
    for (let i = 0; i < 5; i++) expect((await use("reset", "admin@demo.ro", guess(i), address)).statusCode).toBe(400);
    expect((await t.login("superadmin@demo.ro", "demo1234", address)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await t.login(`nimeni${i}@demo.ro`, "gresit", "10.33.0.2")).statusCode).toBe(401);
    expect((await use("reset", "superadmin@demo.ro", await resetLink("superadmin@demo.ro"), "10.33.0.2")).statusCode).toBe(200);
  });
});
