import { afterAll, beforeAll, expect, it } from "vitest";
import { createPasswordToken } from "../../server/auth/passwordTokens";
import { PASSWORD_TOKEN_CHECKS_PER_ADDRESS } from "../../server/routes/dmz/passwordTokenCheck";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

describeEachDialect("POST /dmz-api/password-token/check", (dialect) => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await testApp(dialect);
    userId = await addUser(t, { email: "nou@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL"] });
  });
  afterAll(() => t.close());

  let address = 0;
  /** Each test from its own client address, so the per-address limit is its own. */
  const check = (body: unknown, remoteAddress = `10.0.0.${++address}`) =>
    t.api("POST", "/dmz-api/password-token/check", { body, xsrf: false, remoteAddress });

  it("answers valid for a usable link and uses nothing up: the link then sets the password", async () => {
    const token = await createPasswordToken(t.db, userId, "set");
    for (let i = 0; i < 3; i++) {
      const answer = await check({ email: "nou@demo.ro", token, kind: "set" });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ valid: true });
    }
    // The address as typed in another case is the same account, as for set and reset.
    expect((await check({ email: "Nou@Demo.ro", token, kind: "set" })).json()).toEqual({ valid: true });
    const set = await t.api("POST", "/dmz-api/set", { body: { email: "nou@demo.ro", token, newPassword: "parola-noua-1" }, xsrf: false });
    expect(set.statusCode).toBe(200);
  });

  it("answers not valid, and nothing more, for a used, expired, other-kind, other-address or unknown link", async () => {
    const used = await createPasswordToken(t.db, userId, "reset");
    await t.api("POST", "/dmz-api/reset", { body: { email: "nou@demo.ro", token: used, newPassword: "parola-noua-2" }, xsrf: false });
    const expired = await createPasswordToken(t.db, userId, "set");
    await t.db.updateTable("password_tokens").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("usedAt", "is", null).execute();
    const live = await createPasswordToken(t.db, userId, "set");

    const answers = await Promise.all(
      [
        { email: "nou@demo.ro", token: used, kind: "reset" },
        { email: "nou@demo.ro", token: expired, kind: "set" },
        { email: "nou@demo.ro", token: live, kind: "reset" },
        { email: "admin@demo.ro", token: live, kind: "set" },
        { email: "nimeni@demo.ro", token: live, kind: "set" },
        { email: "nou@demo.ro", token: "nu-exista", kind: "set" },
      ].map((body) => check(body)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('{"valid":false}');
    }
  });

  it("refuses a body that is not a link's (a missing or unknown kind, an unknown field) with 400", async () => {
    for (const body of [
      { email: "nou@demo.ro", token: "t" },
      { email: "nou@demo.ro", token: "t", kind: "change" },
      { email: "nou@demo.ro", token: "t", kind: "set", userId: 1 },
      { email: "nou@demo.ro", token: "x".repeat(129), kind: "set" },
    ]) {
      expect((await check(body)).statusCode).toBe(400);
    }
  });

  it(`counts the checks of one client address: past ${PASSWORD_TOKEN_CHECKS_PER_ADDRESS} in the window, 429 with when to try again`, async () => {
    const body = { email: "nou@demo.ro", token: "nu-exista", kind: "set" };
    const answers = await Promise.all(Array.from({ length: PASSWORD_TOKEN_CHECKS_PER_ADDRESS + 5 }, () => check(body, "10.9.9.9")));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(PASSWORD_TOKEN_CHECKS_PER_ADDRESS);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Prea multe încercări\. Încercați din nou peste \d+ (de )?minute?\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not held back by it.
    expect((await check(body, "10.9.9.10")).statusCode).toBe(200);
  });

  it("records nothing in the audit log", async () => {
    const before = await t.db.selectFrom("audit_log").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    await check({ email: "nou@demo.ro", token: "nu-exista", kind: "reset" });
    const after = await t.db.selectFrom("audit_log").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
