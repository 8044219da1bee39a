import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, Page, Property } from "../../contract/api";
import { isSecretName } from "../../contract/maskSecret";
import { readTenantProperties, SECRET_NAME_WORDS } from "../../server/routes/api/properties/properties.repository";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const ROLE_FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };
const TENANT_FORBIDDEN = { message: "Nu aveți acces la datele acestei firme." };
const FIELDS_REQUIRED = "Introduceți câmpurile necesare (nume și valoare).";
const NOT_FOUND = { message: "Setarea nu a fost găsită." };

describeEachDialect("the settings resource (/api/property/properties)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect);
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
  });
  afterAll(() => t.close());

  const list = (session = admin, query = "", tenantId?: number) =>
    t.api("GET", `/api/property/properties${query}`, { session, tenantId });
  const add = (body: unknown, session = admin, tenantId?: number) =>
    t.api("POST", "/api/property/properties", { session, body, tenantId });
  const edit = (name: string, body: unknown, session = admin, tenantId?: number) =>
    t.api("PUT", `/api/property/properties/${encodeURIComponent(name)}`, { session, body, tenantId });
  const remove = (name: string, session = admin, tenantId?: number) =>
    t.api("DELETE", `/api/property/properties/${encodeURIComponent(name)}`, { session, tenantId });
  const stored = async (tenantId: number, name: string) =>
    (
      await t.db
        .selectFrom("properties")
        .select("value")
        .where("tenantId", "=", tenantId)
        .where("name", "=", name)
        .executeTakeFirst()
    )?.value;

  describe("the demo seed", () => {
    it("gives tenant 2 its SmartBill connection, pointing at the emulator, with the token masked", async () => {
      const response = await list();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { name: "smartbill.cif", value: "RO40671760" },
        { name: "smartbill.token", value: "d***********************1" },
        { name: "smartbill.url", value: `http://127.0.0.1:${t.config.port}/smartbill-emulator/SBORO/api` },
        { name: "smartbill.username", value: "facturare@demo.ro" },
      ]);
      expect(await stored(2, "smartbill.token")).toBe("demo-smartbill-token-0001");
    });

    it("gives tenant 1 no settings", async () => {
      expect((await list(superadmin)).json()).toEqual([]);
    });
  });

  describe("access", () => {
    it("refuses every endpoint to the invoicing role with 403, changing nothing", async () => {
      for (const response of [
        await list(invoicing),
        await add({ name: "x", value: "y" }, invoicing),
        await edit("smartbill.cif", { value: "RO1" }, invoicing),
        await remove("smartbill.cif", invoicing),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(ROLE_FORBIDDEN);
      }
      expect(await stored(2, "smartbill.cif")).toBe("RO40671760");
      expect(await stored(2, "x")).toBeUndefined();
    });

    it("answers an admin's spoofed X-Tenant-ID: 1 with 403 and no data, on every endpoint", async () => {
      await add({ name: "system.secret", value: "doar-sistemul" }, superadmin);
      for (const response of [
        await list(admin, "", 1),
        await add({ name: "intrus", value: "y" }, admin, 1),
        await edit("system.secret", { value: "furat" }, admin, 1),
        await remove("system.secret", admin, 1),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(TENANT_FORBIDDEN);
      }
      expect(await stored(1, "system.secret")).toBe("doar-sistemul");
      expect(await stored(1, "intrus")).toBeUndefined();
    });

    it("keeps each tenant's settings to itself: an admin can neither see nor touch tenant 1's", async () => {
      expect((await list()).json<Property[]>().map((p) => p.name)).not.toContain("system.secret");
      expect((await edit("system.secret", { value: "furat" })).statusCode).toBe(404);
      expect((await remove("system.secret")).statusCode).toBe(404);
      expect(await stored(1, "system.secret")).toBe("doar-sistemul");
    });

    it("lets a super-admin work on another tenant's settings through X-Tenant-ID", async () => {
      const seen = (await list(superadmin, "", 2)).json<Property[]>();
      expect(seen.map((p) => p.name)).toContain("smartbill.token");
      expect((await add({ name: "de.la.sistem", value: "1" }, superadmin, 2)).statusCode).toBe(200);
      expect(await stored(2, "de.la.sistem")).toBe("1");
      expect((await remove("de.la.sistem", superadmin, 2)).statusCode).toBe(200);
    });
  });

  describe("POST", () => {
    it("adds a setting with its name and value trimmed and answers it", async () => {
      const response = await add({ name: " factura.serie ", value: " SBL " });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: "factura.serie", value: "SBL" });
      expect(await stored(2, "factura.serie")).toBe("SBL");
    });

    it("answers secret values masked, keeping the first and last character, and stores them whole", async () => {
      for (const [name, value, masked] of [
        ["mail.password", "parola123", "p*******3"],
        ["api_TOKEN", "abcdef", "a****f"],
        ["client-secret", "xy", "**"],
      ]) {
        const response = await add({ name, value });
        expect(response.json()).toEqual({ name, value: masked });
        expect(await stored(2, name)).toBe(value);
      }
      const listed = (await list()).json<Property[]>();
      expect(listed).toContainEqual({ name: "mail.password", value: "p*******3" });
      expect(JSON.stringify(listed)).not.toContain("parola123");
      expect(JSON.stringify(listed)).not.toContain("demo-smartbill-token-0001");
    });

    it("refuses a missing or blank name or value with the spec's message", async () => {
      for (const body of [{}, { name: "a" }, { value: "b" }, { name: " ", value: "b" }, { name: "a", value: "  " }, { name: null, value: "b" }]) {
        const response = await add(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: FIELDS_REQUIRED });
      }
    });

    it("refuses a name with other characters than letters, digits, dot, hyphen and underscore", async () => {
      for (const name of ["cu spatiu", "ș.diacritice", "a/b", "a=b"]) {
        const response = await add({ name, value: "v" });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe("Numele setării poate conține doar litere, cifre, punct, cratimă și liniuță jos.");
      }
    });

    it("refuses an unknown field, a wrong type or an over-long name or value with 400", async () => {
      const cases: { body: unknown; message: string }[] = [
        { body: { name: "a", value: "b", tenantId: 1 }, message: "Date invalide: câmpul „tenantId” nu este permis." },
        { body: { name: "a", value: 5 }, message: "Date invalide: „value” trebuie să fie text sau nul." },
        { body: { name: "a".repeat(101), value: "b" }, message: "Date invalide: „name” poate avea cel mult 100 de caractere." },
        { body: { name: "a", value: "b".repeat(2001) }, message: "Date invalide: „value” poate avea cel mult 2000 de caractere." },
      ];
      for (const { body, message } of cases) {
        const response = await add(body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
      }
      expect(await stored(2, "a")).toBeUndefined();
      expect((await add({ name: "n".repeat(100), value: "v".repeat(2000) })).statusCode).toBe(200);
    });

    it("refuses a name the tenant already has, ignoring case, with 409; another tenant may have it", async () => {
      const response = await add({ name: "SmartBill.CIF", value: "RO1" });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: "Există deja o setare cu numele smartbill.cif." });
      expect(await stored(2, "smartbill.cif")).toBe("RO40671760");
      expect((await add({ name: "smartbill.cif", value: "RO1" }, superadmin)).statusCode).toBe(200);
    });
  });

  describe("PUT /{name}", () => {
    it("changes the value and answers the setting, masked when secret", async () => {
      await add({ name: "modificabil", value: "inainte" });
      const response = await edit("modificabil", { value: " dupa " });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: "modificabil", value: "dupa" });
      expect(await stored(2, "modificabil")).toBe("dupa");

      const secret = await edit("smartbill.token", { value: "token-nou-1234" });
      expect(secret.json()).toEqual({ name: "smartbill.token", value: "t************4" });
      expect(await stored(2, "smartbill.token")).toBe("token-nou-1234");
    });

    it("keeps a secret that comes back exactly as it was shown masked", async () => {
      await add({ name: "smtp.password", value: "parola-smtp" });
      const response = await edit("smtp.password", { value: "p*********p" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: "smtp.password", value: "p*********p" });
      expect(await stored(2, "smtp.password")).toBe("parola-smtp");
    });

    it("cannot rename: the name is the path's, and a name in the body is refused", async () => {
      const response = await edit("smartbill.cif", { name: "altul", value: "RO2" });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Date invalide: câmpul „name” nu este permis.");
    });

    it("answers an unknown name with 404 and a blank value with 400", async () => {
      const missing = await edit("nu.exista", { value: "x" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
      for (const body of [{ value: "  " }, {}, { value: null }]) {
        const blank = await edit("smartbill.cif", body);
        expect(blank.statusCode).toBe(400);
        expect(blank.json().message).toBe(FIELDS_REQUIRED);
      }
      expect(await stored(2, "smartbill.cif")).toBe("RO40671760");
    });

    it("matches the name exactly", async () => {
      expect((await edit("SMARTBILL.CIF", { value: "RO3" })).statusCode).toBe(404);
    });
  });

  describe("DELETE /{name}", () => {
    it("deletes the setting, then answers 404 for it", async () => {
      await add({ name: "temporar", value: "1" });
      const response = await remove("temporar");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: "Setarea a fost ștearsă." });
      expect(await stored(2, "temporar")).toBeUndefined();
      const again = await remove("temporar");
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });
  });

  describe("paging, sorting and searching", () => {
    it("answers {content, totalElements}, searching names and sorting by name or value, still masked", async () => {
      const response = await list(admin, "?page=0&size=2&sort=name,desc&q=SMARTBILL.");
      expect(response.statusCode).toBe(200);
      expect(response.json<Page<Property>>()).toEqual({
        totalElements: 4,
        content: [
          { name: "smartbill.username", value: "facturare@demo.ro" },
          { name: "smartbill.url", value: `http://127.0.0.1:${t.config.port}/smartbill-emulator/SBORO/api` },
        ],
      });
      const byValue = (await list(admin, "?page=0&size=4&sort=value,desc&q=smartbill")).json<Page<Property>>();
      // By value: url (http…), username (facturare…), cif (RO…, upper-case sorts first); the
      // secret token sorts as empty text, last in descending order.
      expect(byValue.content.map((p) => p.name)).toEqual([
        "smartbill.url",
        "smartbill.username",
        "smartbill.cif",
        "smartbill.token",
      ]);
    });

    it("does not let sorting by value reveal where a secret's real value falls", async () => {
      await add({ name: "cheie.token", value: "mmm" });
      await add({ name: "reper.a", value: "aaa" });
      await add({ name: "reper.z", value: "zzz" });
      const names = (await list(admin, "?sort=value,asc&q=e")).json<Property[]>().map((p) => p.name);
      expect(names.indexOf("cheie.token")).toBeLessThan(names.indexOf("reper.a"));
    });

    it("treats as secret in sorting the same names the masking does", () => {
      for (const word of SECRET_NAME_WORDS) expect(isSecretName(`x.${word.toUpperCase()}`)).toBe(true);
      expect(isSecretName("smartbill.cif")).toBe(false);
    });

    it("refuses a field that cannot be sorted with 400", async () => {
      const response = await list(admin, "?page=0&size=5&sort=tenantId,asc");
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: "Nu se poate sorta după „tenantId”. Câmpuri permise: name, value." });
    });
  });

  describe("readTenantProperties, for the server's own use", () => {
    it("answers a tenant's settings unmasked, all or those starting with a prefix", async () => {
      const tenantId = await addTenant(t, "Citire SRL");
      await add({ name: "smartbill.token", value: "secret-intreg" }, superadmin, tenantId);
      await add({ name: "smartbillx", value: "nu" }, superadmin, tenantId);
      await add({ name: "altceva", value: "da" }, superadmin, tenantId);
      expect(await readTenantProperties(t.db, tenantId, "smartbill.")).toEqual({ "smartbill.token": "secret-intreg" });
      expect(await readTenantProperties(t.db, tenantId)).toEqual({
        altceva: "da",
        "smartbill.token": "secret-intreg",
        smartbillx: "nu",
      });
      expect(await readTenantProperties(t.db, tenantId, "SMARTBILL.")).toEqual({});
    });
  });
});
