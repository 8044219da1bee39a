/**
 * 'Conexiune SmartBill': the tenant's four smartbill.* settings as one form, its test against
 * SmartBill (here the app's own emulator), and the status every SmartBill screen asks for.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { maskValue } from "../../contract/maskSecret";
import { formatSmartBillTime } from "../../server/smartbill/bucharestTime";
import { DEMO_SMARTBILL_CIF, DEMO_SMARTBILL_TOKEN, DEMO_SMARTBILL_USERNAME } from "../../server/smartbill/emulator/index";
import { texts } from "../../server/smartbill/emulator/texts";
import { resetSmartBillLimiters } from "../../server/smartbill/client";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { emulator, liveApp } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const DEMO_TENANT = 2;
const CONNECTION = "/api/smartbill/connection";
const SMARTBILL_URL = "https://ws.smartbill.ro/SBORO/api";
const DEMO_MASK = "d***********************1";
const ROLE_FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };
const TENANT_FORBIDDEN = { message: "Nu aveți acces la datele acestei firme." };
const RULE =
  "Adresa SmartBill trebuie să fie https:// pe unul dintre serverele permise: ws.smartbill.ro " +
  "(de exemplu https://ws.smartbill.ro/SBORO/api), fără nume de utilizator, parolă, „?” sau „#”.";

describeEachDialect("the SmartBill connection (/api/smartbill/connection)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  /** The admin of a second, new tenant with no SmartBill settings yet. */
  let otherAdmin: LoginResponse;
  let otherTenant: number;
  let emulatorUrl: string;

  beforeAll(async () => {
    t = await liveApp(dialect);
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    emulatorUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/smartbill-emulator/SBORO/api`;
    otherTenant = await addTenant(t, "Firmă Nouă SRL");
    await addUser(t, { email: "admin@firmanoua.ro", tenantId: otherTenant, roles: ["ROLE_ADMIN"], password: "parola-noua-1" });
    otherAdmin = await t.signIn("admin@firmanoua.ro", "parola-noua-1");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    resetSmartBillLimiters();
    await emulator(t, "POST", "/reset");
    await t.db.deleteFrom("properties").where("tenantId", "=", otherTenant).execute();
    await t.db.deleteFrom("login_failures").where("key", "like", "connection-test:%").execute();
  });

  const read = (session = admin, tenantId?: number) => t.api("GET", CONNECTION, { session, tenantId });
  const save = (body: unknown, session = admin, tenantId?: number) => t.api("PUT", CONNECTION, { session, body, tenantId });
  const test = (body: unknown, session = admin, tenantId?: number) =>
    t.api("POST", `${CONNECTION}/test`, { session, body, tenantId });
  const status = (session: LoginResponse, tenantId?: number) => t.api("GET", `${CONNECTION}/status`, { session, tenantId });
  const stored = (tenantId: number) =>
    t.db
      .selectFrom("properties")
      .select(["name", "value"])
      .where("tenantId", "=", tenantId)
      .orderBy("name")
      .execute();
  const demo = () => ({ username: DEMO_SMARTBILL_USERNAME, token: DEMO_SMARTBILL_TOKEN, cif: DEMO_SMARTBILL_CIF, url: emulatorUrl });

  describe("reading", () => {
    it("shows an admin the tenant's settings with the token masked, and the addresses that work here", async () => {
      const response = await read();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        username: DEMO_SMARTBILL_USERNAME,
        token: DEMO_MASK,
        cif: DEMO_SMARTBILL_CIF,
        url: emulatorUrl,
        configured: true,
        defaultUrl: SMARTBILL_URL,
        emulatorUrl,
        emulatorAccount: demo(),
      });
    });

    it("starts a new tenant's form empty, with SmartBill's own address, not configured", async () => {
      expect((await read(otherAdmin)).json()).toEqual({
        username: "",
        token: "",
        cif: "",
        url: SMARTBILL_URL,
        configured: false,
        defaultUrl: SMARTBILL_URL,
        emulatorUrl,
        emulatorAccount: demo(),
      });
    });

    it("names, in demo mode, the one account the emulator knows, which SmartBill (the emulator) then accepts", async () => {
      const { emulatorAccount } = (await read(otherAdmin)).json();
      expect(emulatorAccount).toEqual({
        username: DEMO_SMARTBILL_USERNAME,
        token: DEMO_SMARTBILL_TOKEN,
        cif: DEMO_SMARTBILL_CIF,
        url: emulatorUrl,
      });
      const tested = await test(emulatorAccount, otherAdmin);
      expect(tested.statusCode, tested.body).toBe(200);
    });
  });

  describe("access", () => {
    it("refuses the form and its test to the invoicing role, changing nothing and calling no SmartBill", async () => {
      const before = await stored(DEMO_TENANT);
      for (const response of [await read(invoicing), await save(demo(), invoicing), await test(demo(), invoicing)]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(ROLE_FORBIDDEN);
      }
      expect(await stored(DEMO_TENANT)).toEqual(before);
      expect((await emulator(t, "GET", "/requests")).count).toBe(0);
    });

    it("answers the status to the invoicing role, the admin and the super-admin, and to nobody without a role", async () => {
      for (const session of [invoicing, admin]) {
        expect((await status(session)).json()).toEqual({ configured: true });
      }
      expect((await status(superadmin)).json()).toEqual({ configured: false });
      await addUser(t, { email: "fara-rol@firmanoua.ro", tenantId: otherTenant, password: "parola-noua-1" });
      const withoutRoles = await t.signIn("fara-rol@firmanoua.ro", "parola-noua-1");
      const response = await status(withoutRoles);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(ROLE_FORBIDDEN);
    });

    it("lets the super-admin set another tenant's connection, through X-Tenant-ID", async () => {
      expect((await save(demo(), superadmin, otherTenant)).statusCode).toBe(200);
      expect((await read(otherAdmin)).json()).toMatchObject({ username: DEMO_SMARTBILL_USERNAME, token: DEMO_MASK, configured: true });
    });
  });

  describe("tenant isolation", () => {
    it("never reads or writes another tenant's settings: X-Tenant-ID of another tenant is refused", async () => {
      const before = await stored(DEMO_TENANT);
      for (const response of [
        await read(otherAdmin, DEMO_TENANT),
        await save({ ...demo(), username: "intrus@firmanoua.ro" }, otherAdmin, DEMO_TENANT),
        await test(demo(), otherAdmin, DEMO_TENANT),
        await status(otherAdmin, DEMO_TENANT),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(TENANT_FORBIDDEN);
      }
      expect(await stored(DEMO_TENANT)).toEqual(before);
    });

    it("saves a tenant's form in its own settings only", async () => {
      const before = await stored(DEMO_TENANT);
      const response = await save({ ...demo(), username: "contabil@firmanoua.ro" }, otherAdmin);
      expect(response.statusCode).toBe(200);
      expect(await stored(DEMO_TENANT)).toEqual(before);
      expect(await stored(otherTenant)).toEqual([
        { name: "smartbill.cif", value: DEMO_SMARTBILL_CIF },
        { name: "smartbill.token", value: DEMO_SMARTBILL_TOKEN },
        { name: "smartbill.url", value: emulatorUrl },
        { name: "smartbill.username", value: "contabil@firmanoua.ro" },
      ]);
    });

    it("never lets another tenant's mask stand for that tenant's token", async () => {
      // Tenant 2's mask, typed by another tenant, is just text: it is not tenant 2's token.
      const tested = await test({ ...demo(), token: DEMO_MASK }, otherAdmin);
      expect(tested.statusCode).toBe(502);
      expect(tested.json().message).toBe(`SmartBill nu a confirmat conexiunea: ${texts.authFailed}`);
      expect((await save({ ...demo(), token: DEMO_MASK }, otherAdmin)).statusCode).toBe(200);
      expect((await stored(otherTenant)).find((row) => row.name === "smartbill.token")?.value).toBe(DEMO_MASK);
    });
  });

  describe("saving", () => {
    it("writes the four settings together and answers them with the token masked", async () => {
      const response = await save({ username: " contabil@firmanoua.ro ", token: "token-nou-1234", cif: "RO12345678", url: SMARTBILL_URL }, otherAdmin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        username: "contabil@firmanoua.ro",
        token: "t************4",
        cif: "RO12345678",
        url: SMARTBILL_URL,
        configured: true,
        defaultUrl: SMARTBILL_URL,
        emulatorUrl,
        emulatorAccount: demo(),
        message: "Conexiunea SmartBill a fost salvată.",
      });
      expect(await stored(otherTenant)).toEqual([
        { name: "smartbill.cif", value: "RO12345678" },
        { name: "smartbill.token", value: "token-nou-1234" },
        { name: "smartbill.url", value: SMARTBILL_URL },
        { name: "smartbill.username", value: "contabil@firmanoua.ro" },
      ]);
    });

    it("keeps the stored token when its mask comes back, and replaces it when a new one is typed", async () => {
      const demoBefore = await stored(DEMO_TENANT);
      try {
        expect((await save({ ...demo(), token: DEMO_MASK, cif: "RO99" })).statusCode).toBe(200);
        const after = Object.fromEntries((await stored(DEMO_TENANT)).map((row) => [row.name, row.value]));
        expect(after["smartbill.token"]).toBe(DEMO_SMARTBILL_TOKEN);
        expect(after["smartbill.cif"]).toBe("RO99");
        expect((await save({ ...demo(), token: "alt-token-5678" })).statusCode).toBe(200);
        expect((await stored(DEMO_TENANT)).find((row) => row.name === "smartbill.token")?.value).toBe("alt-token-5678");
      } finally {
        for (const { name, value } of demoBefore) {
          await t.db.updateTable("properties").set({ value }).where("tenantId", "=", DEMO_TENANT).where("name", "=", name).execute();
        }
      }
    });

    it("refuses a form with any wrong field whole, naming every one, and changes nothing", async () => {
      await save(demo(), otherAdmin);
      const before = await stored(otherTenant);
      const response = await save({ username: "  ", token: null, cif: "RO 123", url: "http://10.0.0.5/SBORO/api" }, otherAdmin);
      expect(response.statusCode).toBe(400);
      const errors = {
        username: "Introduceți adresa de email a contului SmartBill.",
        token: "Introduceți tokenul API din SmartBill (Contul meu › Integrări › API).",
        cif: "CIF-ul are doar cifre, eventual precedate de RO, fără spații (de exemplu RO40671760).",
        url: `${RULE} În modul demo este permis și emulatorul SmartBill al acestui server: ${emulatorUrl}.`,
      };
      expect(response.json()).toEqual({
        message: `Conexiunea SmartBill nu a fost salvată: ${Object.values(errors).join(" ")}`,
        errors,
      });
      // One wrong field among right ones: the right ones are not written either.
      const oneWrong = await save({ ...demo(), username: "nou@firmanoua.ro", cif: "" }, otherAdmin);
      expect(oneWrong.statusCode).toBe(400);
      expect(oneWrong.json().errors).toEqual({ cif: "Introduceți CIF-ul firmei, exact ca în SmartBill (de exemplu RO40671760)." });
      expect(await stored(otherTenant)).toEqual(before);
    });

    it("accepts only an address the SmartBill client may call", async () => {
      for (const url of ["https://example.com/SBORO/api", "http://ws.smartbill.ro/SBORO/api", "https://ws.smartbill.ro/SBORO/api?x=1", `${emulatorUrl}#`]) {
        const response = await save({ ...demo(), url }, otherAdmin);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().errors, url).toEqual({ url: expect.stringContaining(RULE) });
      }
      expect(await stored(otherTenant)).toEqual([]);
    });

    it("refuses unknown fields", async () => {
      const response = await save({ ...demo(), password: "x" }, otherAdmin);
      expect(response.statusCode).toBe(400);
      expect(await stored(otherTenant)).toEqual([]);
    });
  });

  describe("testing", () => {
    it("answers the company's VAT rates and invoice series for the right credentials, saving nothing", async () => {
      const response = await test(demo(), otherAdmin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        taxes: [
          { name: "Normala", percentage: 21 },
          { name: "Redusa", percentage: 11 },
          { name: "Taxare inversa", percentage: 0 },
        ],
        series: [{ name: "SBL", nextNumber: 1 }],
      });
      expect(await stored(otherTenant)).toEqual([]);
      const calls = (await emulator(t, "GET", "/requests")).requests.map(
        (call: { method: string; path: string; query: string }) => `${call.method} ${call.path} ${call.query}`,
      );
      expect(calls).toEqual(["GET /tax cif=RO40671760", "GET /series cif=RO40671760&type=f"]);
    });

    it("uses the stored token when the mask comes back", async () => {
      const response = await test({ ...demo(), token: DEMO_MASK });
      expect(response.statusCode).toBe(200);
      expect(response.json().series).toEqual([{ name: "SBL", nextNumber: 1 }]);
    });

    it("tests the entered values, not the stored ones", async () => {
      const response = await test({ ...demo(), token: "token-gresit" });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: `SmartBill nu a confirmat conexiunea: ${texts.authFailed}` });
    });

    it("repeats SmartBill's refusal of a wrong CIF, calling it only once", async () => {
      const response = await test({ ...demo(), cif: "RO12345678" });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: `SmartBill nu a confirmat conexiunea: ${texts.companyGone}` });
      expect((await emulator(t, "GET", "/requests")).count).toBe(1);
    });

    it("refuses a wrong form before calling SmartBill", async () => {
      const response = await test({ ...demo(), url: "https://example.com/SBORO/api", cif: "" });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Conexiunea SmartBill nu a fost testată: Introduceți CIF-ul firmei/);
      expect(Object.keys(response.json().errors)).toEqual(["cif", "url"]);
      expect((await emulator(t, "GET", "/requests")).count).toBe(0);
    });

    it("runs at most 20 tests of a tenant's connection in ten minutes, then answers 429 without calling SmartBill", async () => {
      const answers = await Promise.all(Array.from({ length: 22 }, (_, i) => test({ ...demo(), token: `token-${i}` }, otherAdmin)));
      expect(answers.filter((r) => r.statusCode === 502)).toHaveLength(20);
      const refused = answers.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(2);
      expect(refused[0].json().message).toBe("Prea multe încercări. Încercați din nou peste 10 minute.");
      expect((await emulator(t, "GET", "/requests")).count).toBe(20);
      // Another tenant's tests are its own.
      expect((await test(demo())).statusCode).toBe(200);
    });

    it("says when SmartBill has locked the token out, with Retry-After, and calls no more until then", async () => {
      const blockedAt = formatSmartBillTime(Date.now());
      await emulator(t, "POST", "/faults", { fault: "errortext-200", path: "/tax", status: 403, text: texts.lockout(10, blockedAt) });
      const response = await test(demo());
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toMatch(
        /^SmartBill nu a confirmat conexiunea: SmartBill a blocat temporar accesul pentru acest token, deoarece s-a depășit limita de apeluri permise\. Apelurile către SmartBill sunt oprite până la /,
      );
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      const again = await test(demo());
      expect(again.statusCode).toBe(429);
      expect((await emulator(t, "GET", "/requests")).count).toBe(1);
    });
  });

  describe("the status", () => {
    it("is configured only when the three settings are set and the address may be called", async () => {
      expect((await status(otherAdmin)).json()).toEqual({ configured: false });
      await save(demo(), otherAdmin);
      expect((await status(otherAdmin)).json()).toEqual({ configured: true });
      // Stored before the rule, or allowed by an older one: the client would refuse it.
      await t.db
        .updateTable("properties")
        .set({ value: "http://10.0.0.5/SBORO/api" })
        .where("tenantId", "=", otherTenant)
        .where("name", "=", "smartbill.url")
        .execute();
      expect((await status(otherAdmin)).json()).toEqual({ configured: false });
      await t.db.deleteFrom("properties").where("tenantId", "=", otherTenant).where("name", "=", "smartbill.url").execute();
      expect((await status(otherAdmin)).json()).toEqual({ configured: true });
      await t.db.deleteFrom("properties").where("tenantId", "=", otherTenant).where("name", "=", "smartbill.token").execute();
      expect((await status(otherAdmin)).json()).toEqual({ configured: false });
    });
  });

  it("never lets the stored token leave the server", async () => {
    // A company's own token: the emulator's demo token, shown in demo mode on purpose, is no secret.
    const secret = "token-al-firmei-noi-0042";
    expect((await save({ ...demo(), token: secret }, otherAdmin)).statusCode).toBe(200);
    const mask = maskValue(secret);
    const bodies = [
      await read(otherAdmin),
      await save({ ...demo(), token: mask }, otherAdmin),
      await test({ ...demo(), token: mask }, otherAdmin),
      await test({ ...demo(), token: mask, cif: "RO1" }, otherAdmin),
      await status(otherAdmin),
      await t.api("GET", "/api/first-steps", { session: otherAdmin }),
    ].map((response) => response.body);
    for (const body of bodies) expect(body).not.toContain(secret);
  });
});

describeEachDialect("the connection test against an address that does not answer", (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // A port that was free a moment ago: allowed, yet nothing listens there.
    port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    t = await testApp(dialect, { env: { SMARTBILL_ALLOWED_HOSTS: `127.0.0.1:${port}` } });
  });
  afterAll(() => t.close());

  it("answers the client's own sentence: the connection was refused", async () => {
    resetSmartBillLimiters();
    const { admin } = await signInDemoRoles(t);
    const response = await t.api("POST", `${CONNECTION}/test`, {
      session: admin,
      body: { username: DEMO_SMARTBILL_USERNAME, token: DEMO_MASK, cif: DEMO_SMARTBILL_CIF, url: `https://127.0.0.1:${port}/SBORO/api` },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message:
        "SmartBill nu a confirmat conexiunea: Nu s-a putut comunica cu SmartBill la " +
        `127.0.0.1:${port}: conexiunea a fost refuzată (GET /tax).`,
    });
  });
});

describeEachDialect("the SmartBill connection in production", (dialect) => {
  it("names no emulator and no emulator account: there is none", async () => {
    const t = await testApp(dialect, {
      env: { NODE_ENV: "production", ADMIN_EMAIL: "owner@firma.ro", ADMIN_PASSWORD: "o-parola-sigura", APP_URL: "https://app.firma.ro" },
    });
    try {
      const owner = await t.signIn("owner@firma.ro", "o-parola-sigura");
      const response = await t.api("GET", CONNECTION, { session: owner });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ emulatorUrl: null, emulatorAccount: null });
      expect(response.body).not.toContain(DEMO_SMARTBILL_TOKEN);
    } finally {
      await t.close();
    }
  });
});
