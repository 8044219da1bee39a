/**
 * A change to who a user is (their roles, their tenant, their very account) takes effect at once:
 * the access tokens the user already holds stop working, so a demoted admin cannot keep acting
 * as one for the rest of the token's life (up to 15 minutes by default).
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import type { RoleName } from "../../contract/roles";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const PASSWORD = "parola-de-test-1";
const SESSION_EXPIRED = { message: "Sesiune expirată. Vă rugăm să vă autentificați din nou." };

describeEachDialect("account changes end the user's sessions", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let counter = 0;
  beforeAll(async () => {
    t = await testApp(dialect);
    superadmin = await t.signIn("superadmin@demo.ro");
  });
  afterAll(() => t.close());

  let userId: number;
  let email: string;
  let session: LoginResponse;
  async function signedInUser(roles: RoleName[]): Promise<void> {
    email = `user${++counter}@demo.ro`;
    userId = await addUser(t, { email, tenantId: 2, roles, password: PASSWORD });
    session = await t.signIn(email, PASSWORD);
  }
  const assign = (roles: RoleName[], by = superadmin) =>
    t.api("PUT", `/api/user/role/assign/${userId}`, { session: by, body: { roles } });
  const me = (as: LoginResponse) => t.api("GET", "/api/me", { session: as });
  const refresh = (as: LoginResponse) =>
    t.api("POST", "/dmz-api/refresh", { body: { refreshToken: as.refreshToken }, xsrf: false });

  beforeEach(() => signedInUser(["ROLE_ADMIN"]));

  it("refuses a demoted admin's old token: no user list, no new user, no role grant, no set-password link", async () => {
    expect((await t.api("GET", "/api/user/list", { session })).statusCode).toBe(200);
    expect((await assign([])).statusCode).toBe(200);

    const attempts = [
      t.api("GET", "/api/user/list", { session }),
      t.api("POST", "/api/user/add", { session, body: { email: "backdoor@demo.ro", tenantId: 2 } }),
      t.api("PUT", `/api/user/role/assign/${userId}`, { session, body: { roles: ["ROLE_ADMIN"] } }),
      t.api("POST", "/api/user/generate-set-url", {
        session,
        body: { email: "admin@demo.ro", baseUrl: "http://localhost/dmz" },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(SESSION_EXPIRED);
    }
    expect(await t.db.selectFrom("users").select("id").where("email", "=", "backdoor@demo.ro").executeTakeFirst()).toBeUndefined();
    // Its refresh token is dead too: no new access token with the old roles.
    expect((await refresh(session)).statusCode).toBe(401);
  });

  it("signs the user out when a role is taken away, when one is granted, and by an admin as by a super-admin", async () => {
    expect((await assign(["ROLE_ADMIN", "ROLE_SMARTBILL"])).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);

    session = await t.signIn(email, PASSWORD);
    expect((await me(session)).json().roles).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL"]);
    const admin = await t.signIn("admin@demo.ro");
    expect((await assign(["ROLE_SMARTBILL"], admin)).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);

    const again = await t.signIn(email, PASSWORD);
    expect((await me(again)).json().roles).toEqual(["ROLE_SMARTBILL"]);
  });

  it("keeps the user signed in when the roles sent are the ones held", async () => {
    expect((await assign(["ROLE_ADMIN"])).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(200);
  });

  it("signs the user out when moved to another tenant", async () => {
    const tenantId = await addTenant(t, `Mutare ${dialect} ${counter}`);
    const moved = await t.api("PUT", `/api/user/${userId}`, { session: superadmin, body: { email, tenantId } });
    expect(moved.statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await t.api("GET", "/api/user/list", { session })).statusCode).toBe(401);
  });

  it("refuses a deleted user's token at once", async () => {
    expect((await t.api("DELETE", `/api/user/${userId}`, { session: superadmin })).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await t.api("GET", "/api/user/list", { session })).statusCode).toBe(401);
    expect((await refresh(session)).statusCode).toBe(401);
  });

  it("keeps a demotion that lands among the demoted admin's own role writes: no 500, no role back", async () => {
    for (let round = 0; round < 5; round++) {
      await signedInUser(["ROLE_ADMIN"]);
      const own = Array.from({ length: 6 }, () => assign(["ROLE_ADMIN"], session));
      const demotion = assign([]);
      const more = Array.from({ length: 6 }, () => assign(["ROLE_ADMIN"], session));
      const answers = await Promise.all([...own, demotion, ...more]);
      expect(answers.map((r) => r.statusCode).filter((code) => code !== 200 && code !== 401)).toEqual([]);
      expect((await demotion).statusCode).toBe(200);
      const roles = await t.db.selectFrom("user_roles").select("roleId").where("userId", "=", userId).execute();
      expect(roles).toEqual([]);
      expect((await t.api("GET", "/api/user/list", { session })).statusCode).toBe(401);
    }
  });

  it("never hands out a token with roles taken away while the password was being checked", async () => {
    for (let round = 0; round < 5; round++) {
      await signedInUser(["ROLE_ADMIN"]);
      const logins = Array.from({ length: 4 }, () => t.login(email, PASSWORD));
      const demotion = assign([]);
      const answers = await Promise.all(logins);
      expect((await demotion).statusCode).toBe(200);
      for (const login of answers) {
        expect(login.statusCode).toBe(200);
        const list = await t.api("GET", "/api/user/list", { session: login.json<LoginResponse>() });
        expect(list.statusCode).not.toBe(200);
      }
    }
  });

  it("answers a sign-in that races the account's deletion with 401 or a session that is already over, never 500", async () => {
    for (let round = 0; round < 5; round++) {
      await signedInUser(["ROLE_SMARTBILL"]);
      // A sign-in that loses the race is a failure counted against its address: each round's come
      // from an address of their own, so however many lose, the file's later sign-ins are not locked out.
      const logins = Array.from({ length: 4 }, () => t.login(email, PASSWORD, `192.0.2.${round + 1}`));
      const deletion = t.api("DELETE", `/api/user/${userId}`, { session: superadmin });
      const answers = await Promise.all(logins);
      expect((await deletion).statusCode).toBe(200);
      for (const login of answers) {
        expect([200, 401]).toContain(login.statusCode);
        if (login.statusCode === 200) expect((await me(login.json<LoginResponse>())).statusCode).toBe(401);
      }
    }
  });

  it("refuses a set-password link for one's own account, and changing one's own email or tenant", async () => {
    const link = await t.api("POST", "/api/user/generate-set-url", {
      session,
      body: { email, baseUrl: "http://localhost/dmz" },
    });
    expect(link.statusCode).toBe(403);
    expect(link.json().message).toBe(
      "Nu puteți genera un link de parolă pentru propriul cont: schimbați-vă parola din profil („Schimbare Parolă”).",
    );
    const edit = await t.api("PUT", `/api/user/${userId}`, { session, body: { email: "hot@evil.example", tenantId: 2 } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe("Nu vă puteți modifica propriul cont (email sau firmă): cereți acest lucru altui administrator.");
    const stored = await t.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(stored.email).toBe(email);
    expect(await t.db.selectFrom("password_tokens").select("userId").where("userId", "=", userId).execute()).toEqual([]);
    // Another administrator still does both for them.
    expect((await t.api("POST", "/api/user/generate-set-url", { session: superadmin, body: { email, baseUrl: "http://localhost/dmz" } })).statusCode).toBe(200);
  });

  it("ends every session of the user, on every device", async () => {
    const other = await t.signIn(email, PASSWORD);
    expect((await assign(["ROLE_SMARTBILL"])).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    // The admin who made the change keeps working.
    expect((await me(superadmin)).statusCode).toBe(200);
  });
});
