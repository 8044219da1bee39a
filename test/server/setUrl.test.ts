import { afterAll, beforeAll, expect, it } from "vitest";
import type { GenerateSetUrlResponse, LoginResponse, User } from "../../contract/api";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const BASE_URL = "http://localhost:5173/dmz";
const NOT_FOUND = { message: "Utilizatorul nu a fost găsit." };
const BASE_URL_INVALID = { message: "Adresa de bază a linkului nu este validă.", errors: { baseUrl: "Adresa de bază a linkului nu este validă." } };
const INVALID_LINK = { message: "Link invalid sau expirat." };

describeEachDialect("password links for users (POST /api/user/generate-set-url)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect);
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
  });
  afterAll(() => t.close());

  const generate = (body: unknown, session = superadmin) =>
    t.api("POST", "/api/user/generate-set-url", { session, body });
  const linkFor = async (email: string, session = superadmin): Promise<URL> => {
    const response = await generate({ email, baseUrl: BASE_URL }, session);
    expect(response.statusCode).toBe(200);
    return new URL(response.json<GenerateSetUrlResponse>().url);
  };
  const follow = (link: URL, newPassword: string) =>
    t.api("POST", `/dmz-api/${link.pathname.endsWith("/set-password") ? "set" : "reset"}`, {
      body: { email: link.searchParams.get("email"), token: link.searchParams.get("token"), newPassword },
      xsrf: false,
    });

  it("gives a new user a set-password link: it sets the password once, the user signs in, the link is spent", async () => {
    const created = await t.api("POST", "/api/user/add", { session: superadmin, body: { email: "Nou@Demo.ro", tenantId: 2 } });
    const user = created.json<User>();
    await t.api("PUT", `/api/user/role/assign/${user.id}`, { session: superadmin, body: { roles: ["ROLE_SMARTBILL"] } });

    const link = await linkFor("nou@demo.ro");
    expect(`${link.origin}${link.pathname}`).toBe(`${BASE_URL}/set-password`);
    expect(link.searchParams.get("email")).toBe("nou@demo.ro");
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const set = await follow(link, "prima-parola");
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: "Parola a fost setată cu succes." });
    const session = await t.signIn("nou@demo.ro", "prima-parola");
    expect((await t.api("GET", "/api/me", { session })).json()).toEqual({
      email: "nou@demo.ro",
      tenant: { id: 2, name: "Demo SRL" },
      roles: ["ROLE_SMARTBILL"],
    });

    const again = await follow(link, "alta-parola");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await t.login("nou@demo.ro", "alta-parola")).statusCode).toBe(401);
  });

  it("gives a user who has a password a reset-password link, also usable once", async () => {
    await addUser(t, { email: "vechi@demo.ro", tenantId: 2, password: "parola-veche" });
    const link = await linkFor("VECHI@demo.ro", admin);
    expect(`${link.origin}${link.pathname}`).toBe(`${BASE_URL}/reset-password`);
    expect((await follow(link, "parola-noua")).json()).toEqual({ message: "Parola a fost resetată cu succes." });
    expect((await t.login("vechi@demo.ro", "parola-noua")).statusCode).toBe(200);
    expect((await t.login("vechi@demo.ro", "parola-veche")).statusCode).toBe(401);
    expect((await follow(link, "a-treia-parola")).json()).toEqual(INVALID_LINK);
  });

  it("makes the user's older unused links stop working", async () => {
    await addUser(t, { email: "doua-linkuri@demo.ro", tenantId: 2 });
    const first = await linkFor("doua-linkuri@demo.ro");
    const second = await linkFor("doua-linkuri@demo.ro");
    expect((await follow(first, "parola-unu")).json()).toEqual(INVALID_LINK);
    expect((await follow(second, "parola-doi")).statusCode).toBe(200);
  });

  it("answers an admin asking for another tenant's user, or an unknown email, with 404 and makes no link", async () => {
    const id = await addUser(t, { email: "operator@system.ro", tenantId: 1 });
    for (const email of ["operator@system.ro", "superadmin@demo.ro", "nimeni@demo.ro"]) {
      const response = await generate({ email, baseUrl: BASE_URL }, admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await t.db.selectFrom("password_tokens").select("userId").where("userId", "=", id).execute()).toEqual([]);
  });

  it("refuses a link for user 1 with 403", async () => {
    const response = await generate({ email: "superadmin@demo.ro", baseUrl: BASE_URL });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Utilizatorul 1 nu poate fi modificat sau șters." });
    expect(await t.db.selectFrom("password_tokens").select("userId").where("userId", "=", 1).execute()).toEqual([]);
  });

  it("refuses the invoicing role with 403", async () => {
    const response = await generate({ email: "facturare@demo.ro", baseUrl: BASE_URL }, invoicing);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Nu aveți dreptul să accesați această resursă." });
  });

  it("refuses a base address that is not an http(s) URL ending in exactly /dmz with 400", async () => {
    for (const baseUrl of [
      "",
      "dmz",
      "/dmz",
      "ftp://localhost/dmz",
      "javascript:alert(1)//dmz",
      "http://localhost",
      "http://localhost/",
      "http://localhost/dmz/",
      "http://localhost/dmz/set-password",
      "http://localhost/altceva/dmz",
      "http://localhost/dmz?x=1",
      "http://localhost/dmz#x",
      "http://user:pass@localhost/dmz",
    ]) {
      const response = await generate({ email: "facturare@demo.ro", baseUrl });
      expect(response.statusCode, baseUrl).toBe(400);
      expect(response.json()).toEqual(BASE_URL_INVALID);
    }
  });

  it("refuses a blank email, a missing field, an unknown field or an over-long value with 400", async () => {
    const blank = await generate({ email: " ", baseUrl: BASE_URL });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Introduceți adresa de email.");
    const missing = await generate({ email: "facturare@demo.ro" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Date invalide: „baseUrl” este obligatoriu.");
    const unknown = await generate({ email: "facturare@demo.ro", baseUrl: BASE_URL, kind: "set" });
    expect(unknown.json().message).toBe("Date invalide: câmpul „kind” nu este permis.");
    const long = await generate({ email: "facturare@demo.ro", baseUrl: `http://${"a".repeat(500)}.ro/dmz` });
    expect(long.json().message).toBe("Date invalide: „baseUrl” poate avea cel mult 500 de caractere.");
  });
});

describeEachDialect("password links in production mode", (dialect) => {
  let t: TestApp;
  let owner: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect, {
      env: {
        NODE_ENV: "production",
        ADMIN_EMAIL: "owner@firma.ro",
        ADMIN_PASSWORD: "o-parola-sigura",
        APP_URL: "https://app.firma.ro",
      },
    });
    owner = await t.signIn("owner@firma.ro", "o-parola-sigura");
    await addUser(t, { email: "contabil@firma.ro", tenantId: 1 });
  });
  afterAll(() => t.close());

  const generate = (baseUrl: string) =>
    t.api("POST", "/api/user/generate-set-url", { session: owner, body: { email: "contabil@firma.ro", baseUrl } });

  it("accepts only APP_URL's origin as the base address, so links never point elsewhere", async () => {
    for (const baseUrl of ["https://evil.example/dmz", "http://app.firma.ro/dmz", "https://app.firma.ro:8443/dmz"]) {
      const response = await generate(baseUrl);
      expect(response.statusCode, baseUrl).toBe(400);
      expect(response.json()).toEqual(BASE_URL_INVALID);
    }
    expect(await t.db.selectFrom("password_tokens").select("userId").execute()).toEqual([]);

    const response = await generate("https://APP.firma.ro/dmz");
    expect(response.statusCode).toBe(200);
    const link = new URL(response.json<GenerateSetUrlResponse>().url);
    expect(`${link.origin}${link.pathname}`).toBe("https://app.firma.ro/dmz/set-password");
  });
});
