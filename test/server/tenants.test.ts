import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, Page, Tenant } from "../../contract/api";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const ROLE_FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };
const TENANT_FORBIDDEN = { message: "Nu aveți acces la datele acestei firme." };
const NAME_REQUIRED = { message: "Introduceți numele firmei.", errors: { name: "Introduceți numele firmei." } };
const PROTECTED = { message: "Firma system (1) nu poate fi modificată sau ștearsă." };
const NOT_FOUND = { message: "Firma nu a fost găsită." };

describeEachDialect("the tenants resource (/api/tenant)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect);
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
  });
  afterAll(() => t.close());

  const add = (body: unknown, session = superadmin) => t.api("POST", "/api/tenant/add", { session, body });
  const edit = (id: number | string, body: unknown, session = superadmin) =>
    t.api("PUT", `/api/tenant/${id}`, { session, body });
  const remove = (id: number | string, session = superadmin) => t.api("DELETE", `/api/tenant/${id}`, { session });
  const list = (query = "", session = superadmin) => t.api("GET", `/api/tenant/list${query}`, { session });

  describe("access", () => {
    it("refuses every endpoint to an admin and to the invoicing role with 403, changing nothing", async () => {
      const id = await addTenant(t, "Acces SRL");
      for (const session of [admin, invoicing]) {
        for (const response of [
          await list("", session),
          await list("?page=0&size=5", session),
          await add({ name: "Nepermis SRL" }, session),
          await edit(id, { name: "Nepermis SRL", description: null }, session),
          await remove(id, session),
        ]) {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual(ROLE_FORBIDDEN);
        }
      }
      expect(await t.db.selectFrom("tenants").select("name").where("id", "=", id).executeTakeFirst()).toEqual({
        name: "Acces SRL",
      });
      expect(await t.db.selectFrom("tenants").select("id").where("name", "=", "Nepermis SRL").execute()).toEqual([]);
    });

    it("refuses the role check before reading a body, so a bad body still gets 403", async () => {
      const response = await add({ name: 42, extra: true }, admin);
      expect(response.statusCode).toBe(403);
    });

    it("answers an admin's spoofed X-Tenant-ID: 1 with 403 and no data", async () => {
      const response = await t.api("GET", "/api/tenant/list", { session: admin, tenantId: 1 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(TENANT_FORBIDDEN);
    });
  });

  describe("GET /list", () => {
    it("answers every tenant, ordered by id, with the spec's fields", async () => {
      const response = await list();
      expect(response.statusCode).toBe(200);
      const tenants = response.json<Tenant[]>();
      expect(tenants.slice(0, 2)).toEqual([
        { id: 1, name: "system", description: "Firma operatorului platformei", createdAt: expect.any(String), updatedAt: expect.any(String) },
        { id: 2, name: "Demo SRL", description: "Firmă demonstrativă", createdAt: expect.any(String), updatedAt: expect.any(String) },
      ]);
      const ids = tenants.map((tenant) => tenant.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });
  });

  describe("POST /add", () => {
    it("adds a tenant with its name and description trimmed and answers it", async () => {
      const response = await add({ name: "  Alfa SRL ", description: " Client nou " });
      expect(response.statusCode).toBe(200);
      const tenant = response.json<Tenant>();
      expect(tenant).toEqual({
        id: expect.any(Number),
        name: "Alfa SRL",
        description: "Client nou",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: tenant.createdAt,
      });
      expect((await list()).json<Tenant[]>()).toContainEqual(tenant);
    });

    it("takes a missing or blank description as none", async () => {
      expect((await add({ name: "Fara Descriere SRL" })).json().description).toBeNull();
      expect((await add({ name: "Descriere Goala SRL", description: "   " })).json().description).toBeNull();
    });

    it("refuses a missing, null or blank name, in Romanian beside the field", async () => {
      for (const body of [{}, { name: null }, { name: "   " }, { description: "fără nume" }]) {
        const response = await add(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(NAME_REQUIRED);
      }
    });

    it("refuses an unknown field, a wrong type or an over-long string with 400 and a message", async () => {
      const unknown = await add({ name: "Beta SRL", id: 7 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe("Date invalide: câmpul „id” nu este permis.");
      const wrongType = await add({ name: 12 });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toBe("Date invalide: „name” trebuie să fie text sau nul.");
      const longName = await add({ name: "x".repeat(101) });
      expect(longName.statusCode).toBe(400);
      expect(longName.json().message).toBe("Date invalide: „name” poate avea cel mult 100 de caractere.");
      const longDescription = await add({ name: "Beta SRL", description: "x".repeat(501) });
      expect(longDescription.statusCode).toBe(400);
      expect(await t.db.selectFrom("tenants").select("id").where("name", "=", "Beta SRL").execute()).toEqual([]);
    });

    it("refuses a name already taken, ignoring case, with 409", async () => {
      const response = await add({ name: "demo srl" });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: "Există deja o firmă cu numele „demo srl”." });
    });
  });

  describe("PUT /{id}", () => {
    it("changes the name and description and answers the tenant", async () => {
      const id = await addTenant(t, "Gama SRL", "veche");
      const response = await edit(id, { name: " Gama Nou SRL ", description: "nouă" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, name: "Gama Nou SRL", description: "nouă" });
      const row = await t.db.selectFrom("tenants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.name).toBe("Gama Nou SRL");
      expect(row.updatedAt >= row.createdAt).toBe(true);
    });

    it("lets a tenant keep its own name in another case, but not take another tenant's", async () => {
      const id = await addTenant(t, "Delta SRL");
      expect((await edit(id, { name: "DELTA SRL", description: null })).statusCode).toBe(200);
      const taken = await edit(id, { name: "Demo srl", description: null });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: "Există deja o firmă cu numele „Demo srl”." });
    });

    it("refuses to change tenant 1 with 403", async () => {
      const response = await edit(1, { name: "sistem", description: null });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(PROTECTED);
      expect((await t.db.selectFrom("tenants").select("name").where("id", "=", 1).executeTakeFirstOrThrow()).name).toBe("system");
    });

    it("answers an unknown tenant with 404 and a blank name with 400", async () => {
      const missing = await edit(9999, { name: "Nimeni", description: null });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
      const blank = await edit(2, { name: " ", description: null });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual(NAME_REQUIRED);
    });

    it("refuses an id that is not a positive integer with 400", async () => {
      for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
        const response = await edit(id, { name: "X", description: null });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/^Date invalide: „id”/);
      }
    });
  });

  describe("DELETE /{id}", () => {
    it("refuses to delete tenant 1 with 403", async () => {
      const response = await remove(1);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(PROTECTED);
    });

    it("refuses a tenant that still has users, then one that still has settings, then deletes it once empty", async () => {
      const id = await addTenant(t, "Epsilon SRL");
      const userId = await addUser(t, { email: "angajat@epsilon.ro", tenantId: id });
      const NOT_EMPTY = { message: "Firma „Epsilon SRL” are încă utilizatori sau date și nu poate fi ștearsă." };

      const withUser = await remove(id);
      expect(withUser.statusCode).toBe(409);
      expect(withUser.json()).toEqual(NOT_EMPTY);

      await t.db.deleteFrom("users").where("id", "=", userId).execute();
      const setting = await t.api("POST", "/api/property/properties", {
        session: superadmin,
        tenantId: id,
        body: { name: "cheie", value: "valoare" },
      });
      expect(setting.statusCode).toBe(200);
      const withSetting = await remove(id);
      expect(withSetting.statusCode).toBe(409);
      expect(withSetting.json()).toEqual(NOT_EMPTY);

      await t.db.deleteFrom("properties").where("tenantId", "=", id).execute();
      const deleted = await remove(id);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: "Firma a fost ștearsă." });
      expect(await t.db.selectFrom("tenants").select("id").where("id", "=", id).execute()).toEqual([]);

      const again = await remove(id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });

    it("keeps the demo tenant, which has users and settings", async () => {
      expect((await remove(2)).statusCode).toBe(409);
    });
  });
});

describeEachDialect("paging, sorting and searching a list (GET /api/tenant/list)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect);
    superadmin = await t.signIn("superadmin@demo.ro");
    // 2 seeded + 5 more: system, Demo SRL, then these.
    for (const [name, description] of [
      ["Ana Impex", "Brașov"],
      ["Bere Meșteșugărească", null],
      ["Ciocolată 100% Cacao", "ȘTEFĂNEȘTI"],
      ["Dulciuri_Bune", "depozit"],
      ["Exporturi ANA", "Cluj"],
    ] as const) {
      await addTenant(t, name, description);
    }
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const response = await t.api("GET", `/api/tenant/list?${query}`, { session: superadmin });
    expect(response.statusCode).toBe(200);
    return response.json<Page<Tenant>>();
  };

  it("answers {content, totalElements} for page and size, ordered by id", async () => {
    const first = await page("page=0&size=3");
    expect(first.totalElements).toBe(7);
    expect(first.content.map((tenant) => tenant.name)).toEqual(["system", "Demo SRL", "Ana Impex"]);
    const last = await page("page=2&size=3");
    expect(last.content.map((tenant) => tenant.name)).toEqual(["Exporturi ANA"]);
    expect((await page("page=5&size=3")).content).toEqual([]);
  });

  it("defaults the page to 0 when only the size is given, and the size when only the page is", async () => {
    expect((await page("size=2")).content.map((tenant) => tenant.id)).toEqual([1, 2]);
    expect((await page("page=0")).content).toHaveLength(7);
  });

  it("sorts by a whitelisted field in either direction", async () => {
    expect((await page("page=0&size=3&sort=name,desc")).content.map((tenant) => tenant.name)).toEqual([
      "system",
      "Exporturi ANA",
      "Dulciuri_Bune",
    ]);
    expect((await page("page=0&size=2&sort=id,desc")).content.map((tenant) => tenant.id)).toEqual([7, 6]);
    expect((await page("page=0&size=1&sort=name")).content[0].name).toBe("Ana Impex");
  });

  it("searches name and description as case-insensitive substrings, counting only the matches", async () => {
    const ana = await page("page=0&size=10&q=ana");
    expect(ana.totalElements).toBe(2);
    expect(ana.content.map((tenant) => tenant.name)).toEqual(["Ana Impex", "Exporturi ANA"]);
    // The description is searched too, and letters with diacritics match in their own case.
    expect((await page("page=0&size=10&q=%C8%98TEF%C4%82")).content.map((tenant) => tenant.name)).toEqual([
      "Ciocolată 100% Cacao",
    ]);
    // They fold where the database's lower() does: always on SQLite (db/connection.ts), on
    // PostgreSQL with a UTF-8 LC_CTYPE (usual servers, and this suite's own cluster).
    if (await lowerFoldsUnicode(t)) {
      expect((await page("page=0&size=10&q=%C8%99tef%C4%83")).totalElements).toBe(1);
      expect((await page("page=0&size=10&q=ME%C8%98TE%C8%98UG")).totalElements).toBe(1);
    }
  });

  it("takes % and _ in q literally", async () => {
    expect((await page("page=0&size=10&q=100%25")).content.map((tenant) => tenant.name)).toEqual(["Ciocolată 100% Cacao"]);
    expect((await page("page=0&size=10&q=i_b")).content.map((tenant) => tenant.name)).toEqual(["Dulciuri_Bune"]);
    expect((await page("page=0&size=10&q=%25")).totalElements).toBe(1);
  });

  it("applies sort and q to the plain array form too", async () => {
    const response = await t.api("GET", "/api/tenant/list?q=ana&sort=name,desc", { session: superadmin });
    expect(response.json<Tenant[]>().map((tenant) => tenant.name)).toEqual(["Exporturi ANA", "Ana Impex"]);
  });

  it("refuses a field that cannot be sorted, or a bad direction, with 400 and a message", async () => {
    const field = await t.api("GET", "/api/tenant/list?page=0&size=5&sort=password,asc", { session: superadmin });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual({
      message: "Nu se poate sorta după „password”. Câmpuri permise: id, name, description, createdAt, updatedAt.",
    });
    const direction = await t.api("GET", "/api/tenant/list?sort=name,up", { session: superadmin });
    expect(direction.statusCode).toBe(400);
    expect(direction.json()).toEqual({ message: "Direcția de sortare trebuie să fie asc sau desc." });
  });

  it("refuses a page below 0, a size outside 1..500 or an unknown parameter with 400", async () => {
    for (const query of ["page=-1&size=5", "page=0&size=0", "page=0&size=501", "page=x&size=5", "filter=%7B%7D"]) {
      const response = await t.api("GET", `/api/tenant/list?${query}`, { session: superadmin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/^Date invalide: /);
    }
    expect((await t.api("GET", "/api/tenant/list?page=0&size=500", { session: superadmin })).statusCode).toBe(200);
  });
});

async function lowerFoldsUnicode(t: TestApp): Promise<boolean> {
  const { rows } = await sql<{ folded: string }>`select lower(${"Ș"}) as folded`.execute(t.db);
  return rows[0].folded === "ș";
}
