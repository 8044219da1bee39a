import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import type { RoleName } from "../../contract/roles";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const ROLE_FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };
const NOT_FOUND = { message: "Utilizatorul nu a fost găsit." };
const PROTECTED = { message: "Utilizatorul 1 nu poate fi modificat sau șters." };
const UPDATED = "Rolurile au fost actualizate cu succes.";
/** A refusal names the role as people read it, never its code. */
const cannotChange = (role: string) => ({ message: `Nu puteți acorda sau retrage rolul ${role}.` });
const SYSTEM_ONLY =
  "Rolul Super-administrator se acordă doar utilizatorilor firmei system (operatorul platformei), nu și celor ai unei firme-client.";

describeEachDialect("user roles (/api/user/role)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  let systemUserId: number;
  beforeAll(async () => {
    t = await testApp(dialect);
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    systemUserId = await addUser(t, { email: "operator@system.ro", tenantId: 1, roles: ["ROLE_SMARTBILL"] });
  });
  afterAll(() => t.close());

  const available = (session: LoginResponse) => t.api("GET", "/api/user/role/available", { session });
  const assigned = (userId: number | string, session = superadmin) =>
    t.api("GET", `/api/user/role/assigned/${userId}`, { session });
  const assign = (userId: number | string, body: unknown, session = superadmin) =>
    t.api("PUT", `/api/user/role/assign/${userId}`, { session, body });
  const rolesInDb = async (userId: number): Promise<string[]> =>
    (
      await t.db
        .selectFrom("user_roles")
        .innerJoin("roles", "roles.id", "user_roles.roleId")
        .select("roles.name")
        .where("user_roles.userId", "=", userId)
        .orderBy("roles.name")
        .execute()
    ).map((row) => row.name);

  describe("GET /role/available", () => {
    it("answers the roles the caller may grant: all for a super-admin, never ROLE_SUPERADMIN for an admin", async () => {
      expect((await available(superadmin)).json()).toEqual(["ROLE_SUPERADMIN", "ROLE_ADMIN", "ROLE_SMARTBILL"]);
      expect((await available(admin)).json()).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL"]);
    });

    it("refuses the invoicing role with 403", async () => {
      const response = await available(invoicing);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(ROLE_FORBIDDEN);
    });
  });

  describe("GET /role/assigned/{userId}", () => {
    it("answers a user's roles to a super-admin, for any tenant", async () => {
      expect((await assigned(1)).json()).toEqual(["ROLE_SUPERADMIN"]);
      expect((await assigned(systemUserId)).json()).toEqual(["ROLE_SMARTBILL"]);
      expect((await assigned(3)).json()).toEqual(["ROLE_SMARTBILL"]);
    });

    it("answers an admin for the admin's tenant only, 404 for any other user", async () => {
      expect((await assigned(3, admin)).json()).toEqual(["ROLE_SMARTBILL"]);
      for (const id of [1, systemUserId, 99999]) {
        const response = await assigned(id, admin);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });

    it("refuses the invoicing role with 403, and an id that is not a positive integer with 400", async () => {
      expect((await assigned(3, invoicing)).statusCode).toBe(403);
      expect((await assigned("abc")).statusCode).toBe(400);
      expect((await assigned(0)).statusCode).toBe(400);
    });
  });

  describe("PUT /role/assign/{userId}", () => {
    it("replaces the user's roles, answering the message and the roles in the matrix's order", async () => {
      const id = await addUser(t, { email: "angajat@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL"] });
      const response = await assign(id, { roles: ["ROLE_SMARTBILL", "ROLE_ADMIN"] }, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: UPDATED, roles: ["ROLE_ADMIN", "ROLE_SMARTBILL"] });
      expect(await rolesInDb(id)).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL"]);

      expect((await assign(id, { roles: ["ROLE_ADMIN"] }, admin)).json()).toEqual({ message: UPDATED, roles: ["ROLE_ADMIN"] });
      expect(await rolesInDb(id)).toEqual(["ROLE_ADMIN"]);
      expect((await assign(id, { roles: [] }, admin)).json()).toEqual({ message: UPDATED, roles: [] });
      expect(await rolesInDb(id)).toEqual([]);
    });

    it("refuses an admin granting ROLE_SUPERADMIN with 403 and changes nothing", async () => {
      const id = await addUser(t, { email: "ambitios@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL"] });
      const response = await assign(id, { roles: ["ROLE_SUPERADMIN", "ROLE_ADMIN", "ROLE_SMARTBILL"] }, admin);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(cannotChange("Super-administrator"));
      expect(await rolesInDb(id)).toEqual(["ROLE_SMARTBILL"]);
    });

    it("lets a super-admin make a super-admin of a system tenant's user", async () => {
      const id = await addUser(t, { email: "operator2@system.ro", tenantId: 1, roles: ["ROLE_SMARTBILL"] });
      const granted = await assign(id, { roles: ["ROLE_SUPERADMIN", "ROLE_SMARTBILL"] });
      expect(granted.statusCode).toBe(200);
      expect(granted.json().roles).toEqual(["ROLE_SUPERADMIN", "ROLE_SMARTBILL"]);
      expect(await rolesInDb(id)).toEqual(["ROLE_SMARTBILL", "ROLE_SUPERADMIN"]);
    });

    it("refuses the super-admin's role to a company's user with 400 on `roles`, for a super-admin too, and changes nothing", async () => {
      const id = await addUser(t, { email: "promovat@demo.ro", tenantId: 2, roles: ["ROLE_ADMIN"] });
      const response = await assign(id, { roles: ["ROLE_SUPERADMIN", "ROLE_ADMIN"] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SYSTEM_ONLY, errors: { roles: SYSTEM_ONLY } });
      expect(await rolesInDb(id)).toEqual(["ROLE_ADMIN"]);
    });

    it("lets only a super-admin take the role from a company's user who holds it from before", async () => {
      // Written before super-admins belonged to the system tenant only.
      const id = await addUser(t, { email: "vechi-sef@demo.ro", tenantId: 2, roles: ["ROLE_SUPERADMIN", "ROLE_ADMIN"] });
      const stripped = await assign(id, { roles: ["ROLE_ADMIN"] }, admin);
      expect(stripped.statusCode).toBe(403);
      expect(stripped.json()).toEqual(cannotChange("Super-administrator"));
      // Kept as it is, the role is still not the company user's to hold.
      const kept = await assign(id, { roles: ["ROLE_SUPERADMIN", "ROLE_ADMIN", "ROLE_SMARTBILL"] }, admin);
      expect(kept.statusCode).toBe(400);
      expect(kept.json().message).toBe(SYSTEM_ONLY);
      expect(await rolesInDb(id)).toEqual(["ROLE_ADMIN", "ROLE_SUPERADMIN"]);

      const removed = await assign(id, { roles: ["ROLE_ADMIN"] });
      expect(removed.statusCode).toBe(200);
      expect(await rolesInDb(id)).toEqual(["ROLE_ADMIN"]);
    });

    it("refuses to change user 1's roles with 403, for a super-admin too", async () => {
      for (const session of [superadmin, admin]) {
        const response = await assign(1, { roles: [] }, session);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(PROTECTED);
      }
      expect(await rolesInDb(1)).toEqual(["ROLE_SUPERADMIN"]);
    });

    it("answers an admin assigning roles to another tenant's user with 404 and changes nothing", async () => {
      const response = await assign(systemUserId, { roles: ["ROLE_ADMIN"] }, admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect(await rolesInDb(systemUserId)).toEqual(["ROLE_SMARTBILL"]);
    });

    it("refuses the invoicing role with 403", async () => {
      const response = await assign(3, { roles: ["ROLE_ADMIN", "ROLE_SMARTBILL"] }, invoicing);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(ROLE_FORBIDDEN);
      expect(await rolesInDb(3)).toEqual(["ROLE_SMARTBILL"]);
    });

    it("refuses an unknown role, a repeated role, a non-list, a missing list or an unknown field with 400", async () => {
      const bodies: { body: unknown; message: string }[] = [
        { body: { roles: ["ROLE_OWNER"] }, message: "Date invalide: „roles.0” are o valoare nepermisă." },
        { body: { roles: ["ROLE_ADMIN", "ROLE_ADMIN"] }, message: "Date invalide: „roles” conține valori repetate." },
        { body: { roles: "ROLE_ADMIN" }, message: "Date invalide: „roles” trebuie să fie listă." },
        { body: {}, message: "Date invalide: „roles” este obligatoriu." },
        { body: { roles: [], userId: 3 }, message: "Date invalide: câmpul „userId” nu este permis." },
      ];
      for (const { body, message } of bodies) {
        const response = await assign(3, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
      }
      expect(await rolesInDb(3)).toEqual(["ROLE_SMARTBILL"]);
    });

    it("signs the user out, and the next sign-in's access token carries the new roles", async () => {
      const id = await addUser(t, { email: "reimprospatat@demo.ro", tenantId: 2, roles: ["ROLE_SMARTBILL"], password: "parola-sigura" });
      const session = await t.signIn("reimprospatat@demo.ro", "parola-sigura");
      expect(decodeJwt(session.authenticationToken).roles).toEqual(["ROLE_SMARTBILL"]);
      expect((await t.api("GET", "/api/user/list", { session })).statusCode).toBe(403);

      expect((await assign(id, { roles: ["ROLE_ADMIN", "ROLE_SMARTBILL"] }, admin)).statusCode).toBe(200);
      const refreshed = await t.api("POST", "/dmz-api/refresh", { body: { refreshToken: session.refreshToken }, xsrf: false });
      expect(refreshed.statusCode).toBe(401);
      const next = await t.signIn("reimprospatat@demo.ro", "parola-sigura");
      expect(decodeJwt(next.authenticationToken).roles as RoleName[]).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL"]);
      expect((await t.api("GET", "/api/user/list", { session: next })).statusCode).toBe(200);
    });
  });
});
