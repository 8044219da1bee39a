import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, Page, User } from "../../contract/api";
import { createPasswordToken } from "../../server/auth/passwordTokens";
import { startSession } from "../../server/auth/sessions";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const ROLE_FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };
const TENANT_FORBIDDEN = { message: "Nu aveți acces la datele acestei firme." };
const NOT_FOUND = { message: "Utilizatorul nu a fost găsit." };
const PROTECTED = { message: "Utilizatorul 1 nu poate fi modificat sau șters." };
const OTHER_TENANT = { message: "Nu puteți gestiona utilizatorii altei firme." };
const EMAIL_REQUIRED = "Introduceți adresa de email.";
const TENANT_REQUIRED = "Alegeți firma.";
const EMAIL_INVALID = "Adresa de email nu este validă.";
const SYSTEM_ONLY =
  "Rolul Super-administrator se acordă doar utilizatorilor firmei system (operatorul platformei), nu și celor ai unei firme-client.";

const SYSTEM = { id: 1, name: "system", description: "Firma operatorului platformei" };
const DEMO = { id: 2, name: "Demo SRL", description: "Firmă demonstrativă" };

describeEachDialect("the users resource (/api/user)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  /** A second user of tenant 1, which the demo admin (tenant 2) must not reach. */
  let systemUserId: number;
  beforeAll(async () => {
    t = await testApp(dialect);
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    systemUserId = await addUser(t, { email: "operator@system.ro", tenantId: 1, roles: ["ROLE_SMARTBILL"] });
  });
  afterAll(() => t.close());

  const list = (session: LoginResponse, query = "", tenantId?: number) =>
    t.api("GET", `/api/user/list${query}`, { session, tenantId });
  const add = (body: unknown, session = superadmin) => t.api("POST", "/api/user/add", { session, body });
  const edit = (id: number | string, body: unknown, session = superadmin) =>
    t.api("PUT", `/api/user/${id}`, { session, body });
  const remove = (id: number | string, session = superadmin) => t.api("DELETE", `/api/user/${id}`, { session });
  const userRow = (id: number) => t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

  describe("access", () => {
    it("refuses every user-administration endpoint to the invoicing role with 403, changing nothing", async () => {
      const id = await addUser(t, { email: "tinta@demo.ro", tenantId: 2 });
      const calls = [
        () => list(invoicing),
        () => add({ email: "nou@demo.ro", tenantId: 2 }, invoicing),
        () => edit(id, { email: "alt@demo.ro", tenantId: 2 }, invoicing),
        () => remove(id, invoicing),
        () => t.api("GET", "/api/user/role/available", { session: invoicing }),
        () => t.api("GET", `/api/user/role/assigned/${id}`, { session: invoicing }),
        () => t.api("PUT", `/api/user/role/assign/${id}`, { session: invoicing, body: { roles: ["ROLE_ADMIN"] } }),
        () =>
          t.api("POST", "/api/user/generate-set-url", {
            session: invoicing,
            body: { email: "tinta@demo.ro", baseUrl: "http://localhost/dmz" },
          }),
      ];
      for (const call of calls) {
        const response = await call();
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(ROLE_FORBIDDEN);
      }
      expect((await userRow(id))?.email).toBe("tinta@demo.ro");
      expect(await t.db.selectFrom("user_roles").select("roleId").where("userId", "=", id).execute()).toEqual([]);
      expect(await t.db.selectFrom("password_tokens").select("userId").where("userId", "=", id).execute()).toEqual([]);
    });

    it("still lets the invoicing role change its own password", async () => {
      const response = await t.api("POST", "/api/user/change-password", {
        session: invoicing,
        body: { currentPassword: "wrong", newPassword: "whatever-long" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Parola curentă este incorectă.");
    });

    it("answers an admin's spoofed X-Tenant-ID: 1 with 403 and no data, on every endpoint", async () => {
      const calls = [
        () => list(admin, "", 1),
        () => t.api("POST", "/api/user/add", { session: admin, tenantId: 1, body: { email: "x@demo.ro", tenantId: 1 } }),
        () => t.api("PUT", `/api/user/${systemUserId}`, { session: admin, tenantId: 1, body: { email: "x@demo.ro", tenantId: 1 } }),
        () => t.api("DELETE", `/api/user/${systemUserId}`, { session: admin, tenantId: 1 }),
        () => t.api("GET", `/api/user/role/assigned/${systemUserId}`, { session: admin, tenantId: 1 }),
      ];
      for (const call of calls) {
        const response = await call();
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(TENANT_FORBIDDEN);
      }
      expect((await userRow(systemUserId))?.email).toBe("operator@system.ro");
    });
  });

  describe("GET /list", () => {
    it("answers a super-admin every tenant's users, by tenant then id, with tenant and sorted roles", async () => {
      const response = await list(superadmin);
      expect(response.statusCode).toBe(200);
      const users = response.json<User[]>();
      expect(users.slice(0, 2)).toEqual([
        { id: 1, email: "superadmin@demo.ro", tenant: SYSTEM, roles: ["ROLE_SUPERADMIN"], createdAt: expect.any(String), updatedAt: expect.any(String) },
        { id: systemUserId, email: "operator@system.ro", tenant: SYSTEM, roles: ["ROLE_SMARTBILL"], createdAt: expect.any(String), updatedAt: expect.any(String) },
      ]);
      expect(users.find((user) => user.id === 2)).toMatchObject({ email: "admin@demo.ro", tenant: DEMO, roles: ["ROLE_ADMIN"] });
      const order = users.map((user) => [user.tenant.id, user.id]);
      expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    });

    it("answers a super-admin every tenant's users whatever X-Tenant-ID names", async () => {
      const all = (await list(superadmin)).json<User[]>();
      expect((await list(superadmin, "", 2)).json<User[]>()).toEqual(all);
    });

    it("answers an admin only the users of the admin's own tenant", async () => {
      const users = (await list(admin)).json<User[]>();
      expect(users.length).toBeGreaterThanOrEqual(2);
      expect(users.every((user) => user.tenant.id === 2)).toBe(true);
      expect(users.map((user) => user.email)).toContain("facturare@demo.ro");
      expect((await list(admin, "", 2)).json<User[]>()).toEqual(users);
    });

    it("lists roles in the role matrix's order whatever order they were granted in", async () => {
      const id = await addUser(t, { email: "doua-roluri@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL", "ROLE_ADMIN"] });
      const user = (await list(admin)).json<User[]>().find((u) => u.id === id);
      expect(user?.roles).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL"]);
    });
  });

  describe("paging, sorting and searching", () => {
    it("answers {content, totalElements}, sorted and searched by email, within the caller's scope", async () => {
      const page = await list(superadmin, "?page=0&size=2&sort=email,asc&q=DEMO.RO");
      expect(page.statusCode).toBe(200);
      const body = page.json<Page<User>>();
      const demoEmails = (await list(superadmin)).json<User[]>().map((u) => u.email).filter((e) => e.includes("demo.ro")).sort();
      expect(body.totalElements).toBe(demoEmails.length);
      expect(body.content.map((user) => user.email)).toEqual(demoEmails.slice(0, 2));
      expect(body.content[0].roles).toBeInstanceOf(Array);

      const scoped = (await list(admin, "?page=0&size=50&q=system")).json<Page<User>>();
      expect(scoped).toEqual({ content: [], totalElements: 0 });
      const byTenant = (await list(superadmin, "?page=0&size=1&sort=tenantId,desc")).json<Page<User>>();
      expect(byTenant.content[0].tenant.id).toBeGreaterThanOrEqual(2);
    });

    it("refuses a field that cannot be sorted with 400", async () => {
      const response = await list(superadmin, "?page=0&size=5&sort=passwordHash,asc");
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "Nu se poate sorta după „passwordHash”. Câmpuri permise: id, email, createdAt, updatedAt, tenantId.",
      });
    });
  });

  describe("POST /add", () => {
    it("creates a user with a lower-case email, no password and no roles, and answers it", async () => {
      const response = await add({ email: "  Nou.Coleg@Demo.RO ", tenantId: 2 });
      expect(response.statusCode).toBe(200);
      const user = response.json<User>();
      expect(user).toEqual({
        id: expect.any(Number),
        email: "nou.coleg@demo.ro",
        tenant: DEMO,
        roles: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect((await userRow(user.id))?.passwordHash).toBeNull();
      expect((await t.login("nou.coleg@demo.ro", "orice-parola")).statusCode).toBe(401);
    });

    it("lets an admin create a user in the admin's own tenant", async () => {
      const response = await add({ email: "din-admin@demo.ro", tenantId: 2 }, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json().tenant).toEqual(DEMO);
    });

    it("refuses an admin creating a user in another tenant with 403, existing or not", async () => {
      for (const tenantId of [1, 9999]) {
        const response = await add({ email: "intrus@demo.ro", tenantId }, admin);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(OTHER_TENANT);
      }
      expect(await t.db.selectFrom("users").select("id").where("email", "=", "intrus@demo.ro").execute()).toEqual([]);
    });

    it("refuses a missing or blank email and a missing tenant, each in Romanian beside its field", async () => {
      for (const body of [{ tenantId: 2 }, { email: "", tenantId: 2 }, { email: "  ", tenantId: 2 }, { email: null, tenantId: 2 }]) {
        const response = await add(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: EMAIL_REQUIRED, errors: { email: EMAIL_REQUIRED } });
      }
      for (const body of [{ email: "fara-tenant@demo.ro" }, { email: "fara-tenant@demo.ro", tenantId: 0 }, { email: "fara-tenant@demo.ro", tenantId: null }]) {
        const response = await add(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: TENANT_REQUIRED, errors: { tenantId: TENANT_REQUIRED } });
      }
      const both = await add({});
      expect(both.json()).toEqual({ message: EMAIL_REQUIRED, errors: { email: EMAIL_REQUIRED, tenantId: TENANT_REQUIRED } });
    });

    it("refuses a malformed email and an unknown tenant with 400", async () => {
      for (const email of ["fara-aron", "a@b", "cu spatiu@demo.ro", "@demo.ro"]) {
        const response = await add({ email, tenantId: 2, roles: ["ROLE_SMARTBILL"] });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: EMAIL_INVALID, errors: { email: EMAIL_INVALID } });
      }
      const unknown = await add({ email: "orfan@demo.ro", tenantId: 9999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe("Firma aleasă nu există.");
    });

    it("refuses an unknown field, a wrong type or an over-long email with 400", async () => {
      const unknown = await add({ email: "x@demo.ro", tenantId: 2, password: "parola-aleasa" });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe("Date invalide: câmpul „password” nu este permis.");
      const wrongType = await add({ email: "x@demo.ro", tenantId: "2" });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toBe("Date invalide: „tenantId” trebuie să fie număr întreg sau nul.");
      const long = await add({ email: `${"a".repeat(250)}@demo.ro`, tenantId: 2 });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe("Date invalide: „email” poate avea cel mult 254 de caractere.");
      expect(await t.db.selectFrom("users").select("id").where("email", "=", "x@demo.ro").execute()).toEqual([]);
    });

    it("refuses an email already taken, ignoring case, with 409", async () => {
      const response = await add({ email: "Admin@Demo.ro", tenantId: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: "Există deja un utilizator cu adresa admin@demo.ro." });
    });
  });

  describe("POST /add with the new user's roles", () => {
    const auditRowOf = (id: number) =>
      t.db.selectFrom("audit_log").selectAll().where("action", "=", "users.create").where("target", "=", String(id)).execute();
    const nobodyWith = async (email: string) =>
      expect(await t.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);

    it("gives the user the roles asked for, in the matrix's order, and writes them in the audit row", async () => {
      const response = await add({ email: "cu-roluri@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL", "ROLE_ADMIN"] }, admin);
      expect(response.statusCode).toBe(200);
      const user = response.json<User>();
      expect(user).toMatchObject({ email: "cu-roluri@demo.ro", tenant: DEMO, roles: ["ROLE_ADMIN", "ROLE_SMARTBILL"] });
      expect((await list(admin)).json<User[]>().find((u) => u.id === user.id)?.roles).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL"]);
      expect(await auditRowOf(user.id)).toMatchObject([
        { userEmail: "admin@demo.ro", tenantId: 2, targetLabel: "cu-roluri@demo.ro", result: "Administrator firmă, Operator facturare" },
      ]);
    });

    it("still takes the specification's body, without roles: the user starts with none", async () => {
      const response = await add({ email: "fara-roluri@demo.ro", tenantId: 2 });
      expect(response.statusCode).toBe(200);
      expect(response.json<User>().roles).toEqual([]);
      expect((await add({ email: "lista-goala@demo.ro", tenantId: 2, roles: [] })).json<User>().roles).toEqual([]);
    });

    it("refuses a role the caller may not grant with 403, creating nobody", async () => {
      const response = await add({ email: "sef-nou@demo.ro", tenantId: 2, roles: ["ROLE_SUPERADMIN"] }, admin);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: "Nu puteți acorda sau retrage rolul Super-administrator." });
      await nobodyWith("sef-nou@demo.ro");
    });

    it("refuses the super-admin's role for a company's user with 400 on `roles`, even from a super-admin, creating nobody", async () => {
      const response = await add({ email: "sef-firma@demo.ro", tenantId: 2, roles: ["ROLE_SUPERADMIN", "ROLE_ADMIN"] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SYSTEM_ONLY, errors: { roles: SYSTEM_ONLY } });
      await nobodyWith("sef-firma@demo.ro");
    });

    it("lets a super-admin add another super-admin to the system tenant", async () => {
      const response = await add({ email: "al-doilea@system.ro", tenantId: 1, roles: ["ROLE_SUPERADMIN"] });
      expect(response.statusCode).toBe(200);
      expect(response.json<User>()).toMatchObject({ tenant: SYSTEM, roles: ["ROLE_SUPERADMIN"] });
    });

    it("refuses an unknown or repeated role with 400, creating nobody", async () => {
      for (const roles of [["ROLE_OWNER"], ["ROLE_ADMIN", "ROLE_ADMIN"], "ROLE_ADMIN"]) {
        const response = await add({ email: "rol-gresit@demo.ro", tenantId: 2, roles });
        expect(response.statusCode).toBe(400);
      }
      await nobodyWith("rol-gresit@demo.ro");
    });
  });

  describe("PUT /{id}", () => {
    it("changes a user's email and tenant and answers the user", async () => {
      const tenantId = await addTenant(t, "Mutare SRL", "destinație");
      const id = await addUser(t, { email: "de-mutat@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL"] });
      const response = await edit(id, { email: "Mutat@Mutare.ro", tenantId });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id,
        email: "mutat@mutare.ro",
        tenant: { id: tenantId, name: "Mutare SRL", description: "destinație" },
        roles: ["ROLE_SMARTBILL"],
      });
    });

    it("signs a user moved to another tenant out, and leaves one whose email changed signed in", async () => {
      const tenantId = await addTenant(t, "Sesiuni SRL");
      const id = await addUser(t, { email: "mobil@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL"], password: "parola-mobil" });
      const session = await t.signIn("mobil@demo.ro", "parola-mobil");
      expect((await edit(id, { email: "mobil2@demo.ro", tenantId: 2 })).statusCode).toBe(200);
      expect((await t.api("GET", "/api/me", { session })).statusCode).toBe(200);
      expect((await edit(id, { email: "mobil2@demo.ro", tenantId })).statusCode).toBe(200);
      expect((await t.api("GET", "/api/me", { session })).statusCode).toBe(401);
      const again = await t.signIn("mobil2@demo.ro", "parola-mobil");
      expect(again.tenant).toEqual({ id: tenantId, name: "Sesiuni SRL" });
    });

    it("lets a user keep its own email in another case, but not take another user's", async () => {
      const id = await addUser(t, { email: "propriu@demo.ro", tenantId: 2 });
      expect((await edit(id, { email: "PROPRIU@demo.ro", tenantId: 2 }, admin)).statusCode).toBe(200);
      const taken = await edit(id, { email: "facturare@demo.ro", tenantId: 2 }, admin);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: "Există deja un utilizator cu adresa facturare@demo.ro." });
    });

    it("refuses to change user 1 with 403, for a super-admin too", async () => {
      for (const session of [superadmin, admin]) {
        const response = await edit(1, { email: "altcineva@demo.ro", tenantId: 1 }, session);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(PROTECTED);
      }
      expect((await userRow(1))?.email).toBe("superadmin@demo.ro");
    });

    it("answers an admin editing another tenant's user with 404, as if it did not exist", async () => {
      const response = await edit(systemUserId, { email: "preluat@demo.ro", tenantId: 2 }, admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect((await userRow(systemUserId))?.tenantId).toBe(1);
      expect((await edit(99999, { email: "x@demo.ro", tenantId: 2 }, admin)).json()).toEqual(NOT_FOUND);
    });

    it("refuses an admin moving a user to another tenant with 403", async () => {
      const id = await addUser(t, { email: "ramane@demo.ro", tenantId: 2 });
      const response = await edit(id, { email: "ramane@demo.ro", tenantId: 1 }, admin);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(OTHER_TENANT);
      expect((await userRow(id))?.tenantId).toBe(2);
    });

    it("refuses moving a super-admin out of the system tenant with 400 on `tenantId`, and keeps the user", async () => {
      const id = await addUser(t, { email: "operator-sef@system.ro", tenantId: 1, roles: ["ROLE_SUPERADMIN"] });
      const response = await edit(id, { email: "operator-sef@system.ro", tenantId: 2 });
      const MOVE = "Un utilizator cu rolul Super-administrator rămâne în firma system: retrageți-i întâi rolul, apoi mutați-l în altă firmă.";
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MOVE, errors: { tenantId: MOVE } });
      expect((await userRow(id))?.tenantId).toBe(1);
      // Its email may still change where it is.
      expect((await edit(id, { email: "operator-sef2@system.ro", tenantId: 1 })).statusCode).toBe(200);
    });

    it("validates like POST /add", async () => {
      const id = await addUser(t, { email: "validare@demo.ro", tenantId: 2 });
      expect((await edit(id, { email: " ", tenantId: 2 })).json().message).toBe(EMAIL_REQUIRED);
      expect((await edit(id, { email: "validare@demo.ro", tenantId: 0 })).json().message).toBe(TENANT_REQUIRED);
      expect((await edit(id, { email: "nu-e-email", tenantId: 2 })).json().message).toBe("Adresa de email nu este validă.");
      expect((await edit(id, { email: "validare@demo.ro", tenantId: 9999 })).json().message).toBe("Firma aleasă nu există.");
      const withRoles = await edit(id, { email: "validare@demo.ro", tenantId: 2, roles: ["ROLE_ADMIN"] });
      expect(withRoles.json().message).toBe("Date invalide: câmpul „roles” nu este permis.");
      const unknown = await edit(id, { email: "validare@demo.ro", tenantId: 2, id });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe("Date invalide: câmpul „id” nu este permis.");
      for (const bad of ["abc", "0", "-1"]) expect((await edit(bad, { email: "v@demo.ro", tenantId: 2 })).statusCode).toBe(400);
      expect((await userRow(id))?.email).toBe("validare@demo.ro");
    });
  });

  describe("DELETE /{id}", () => {
    it("deletes a user with its roles, sessions, refresh tokens and password links", async () => {
      const id = await addUser(t, { email: "de-sters@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL", "ROLE_ADMIN"], password: "parola-sters" });
      const session = await t.signIn("de-sters@demo.ro", "parola-sters");
      await startSession(t.db, id, 3600);
      await createPasswordToken(t.db, id, "reset");

      const response = await remove(id, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: "Utilizatorul a fost șters." });
      expect(await userRow(id)).toBeUndefined();
      expect(await t.db.selectFrom("user_roles").selectAll().where("userId", "=", id).execute()).toEqual([]);
      expect(await t.db.selectFrom("sessions").selectAll().where("userId", "=", id).execute()).toEqual([]);
      expect(await t.db.selectFrom("password_tokens").selectAll().where("userId", "=", id).execute()).toEqual([]);
      const orphans = await t.db
        .selectFrom("refresh_tokens")
        .leftJoin("sessions", "sessions.id", "refresh_tokens.sessionId")
        .select("refresh_tokens.tokenHash")
        .where("sessions.id", "is", null)
        .execute();
      expect(orphans).toEqual([]);
      expect((await t.api("GET", "/api/me", { session })).statusCode).toBe(401);

      const again = await remove(id, admin);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });

    it("refuses to delete user 1 with 403", async () => {
      const response = await remove(1);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(PROTECTED);
    });

    it("refuses to delete the caller's own account with 409", async () => {
      const response = await remove(2, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: "Nu vă puteți șterge propriul cont." });
      expect(await userRow(2)).toBeDefined();
    });

    it("answers an admin deleting another tenant's user with 404 and keeps the user", async () => {
      const response = await remove(systemUserId, admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect(await userRow(systemUserId)).toBeDefined();
    });
  });

  describe("a super-admin's account in the admin's own tenant", () => {
    it("is out of an admin's reach: no edit, no delete, no password link", async () => {
      const id = await addUser(t, { email: "sef@demo.ro", tenantId: 2, roles: ["ROLE_SUPERADMIN"] });
      const OUT_OF_REACH = { message: "Nu puteți gestiona un utilizator care are rolul Super-administrator." };
      const calls = [
        () => edit(id, { email: "preluat@demo.ro", tenantId: 2 }, admin),
        () => remove(id, admin),
        () =>
          t.api("POST", "/api/user/generate-set-url", {
            session: admin,
            body: { email: "sef@demo.ro", baseUrl: "http://localhost/dmz" },
          }),
      ];
      for (const call of calls) {
        const response = await call();
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(OUT_OF_REACH);
      }
      expect((await userRow(id))?.email).toBe("sef@demo.ro");
      expect(await t.db.selectFrom("password_tokens").select("userId").where("userId", "=", id).execute()).toEqual([]);
      // The super-admin manages it.
      expect((await edit(id, { email: "sef2@demo.ro", tenantId: 2 })).statusCode).toBe(200);
    });
  });
});
