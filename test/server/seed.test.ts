import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const PRODUCTION = {
  NODE_ENV: "production",
  ADMIN_EMAIL: "Owner@Firma.ro",
  ADMIN_PASSWORD: "o-parola-sigura",
  APP_URL: "https://app.firma.ro",
};
const PRODUCTION_SECRET = "a-production-secret-of-at-least-32-characters";

describeEachDialect("start-up on an empty database", (dialect) => {
  describe("in demo mode", () => {
    it("migrates and seeds tenant 1 system, Demo SRL and the three demo accounts", async () => {
      const t = await testApp(dialect);
      try {
        const tenants = await t.db.selectFrom("tenants").select(["id", "name"]).orderBy("id").execute();
        expect(tenants).toEqual([
          { id: 1, name: "system" },
          { id: 2, name: "Demo SRL" },
        ]);
        const users = await t.db
          .selectFrom("users")
          .innerJoin("user_roles", "user_roles.userId", "users.id")
          .innerJoin("roles", "roles.id", "user_roles.roleId")
          .select(["users.id", "users.email", "users.tenantId", "roles.name as role"])
          .orderBy("users.id")
          .execute();
        expect(users).toEqual([
          { id: 1, email: "superadmin@demo.ro", tenantId: 1, role: "ROLE_SUPERADMIN" },
          { id: 2, email: "admin@demo.ro", tenantId: 2, role: "ROLE_ADMIN" },
          { id: 3, email: "facturare@demo.ro", tenantId: 2, role: "ROLE_SMARTBILL" },
        ]);
        const roles = await t.db.selectFrom("roles").select("name").orderBy("name").execute();
        expect(roles.map((r) => r.name)).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL", "ROLE_SUPERADMIN"]);
        for (const email of ["superadmin@demo.ro", "admin@demo.ro", "facturare@demo.ro"]) {
          expect((await t.login(email, "demo1234")).statusCode).toBe(200);
        }
      } finally {
        await t.close();
      }
    });

    it("leaves the data alone when started again on the same database", async () => {
      const first = await testApp(dialect);
      await first.db.updateTable("tenants").set({ description: "schimbat" }).where("id", "=", 2).execute();
      await first.db.deleteFrom("properties").where("name", "=", "smartbill.url").execute();
      await first.close();

      const second = await testApp(dialect, { databaseUrl: first.databaseUrl });
      try {
        expect(await second.db.selectFrom("users").select("id").execute()).toHaveLength(3);
        expect(await second.db.selectFrom("tenants").select("id").execute()).toHaveLength(2);
        expect(await second.db.selectFrom("roles").select("id").execute()).toHaveLength(3);
        const tenant = await second.db.selectFrom("tenants").select("description").where("id", "=", 2).executeTakeFirstOrThrow();
        expect(tenant.description).toBe("schimbat");
        expect(await second.db.selectFrom("properties").select("name").orderBy("name").execute()).toEqual([
          { name: "smartbill.cif" },
          { name: "smartbill.token" },
          { name: "smartbill.username" },
        ]);
      } finally {
        await second.close();
      }
    });

    it("gives new rows ids after the seeded ones", async () => {
      const t = await testApp(dialect);
      try {
        const now = new Date().toISOString();
        const tenant = await t.db
          .insertInto("tenants")
          .values({ name: "Alt tenant", description: null, createdAt: now, updatedAt: now })
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(tenant.id).toBe(3);
        const user = await t.db
          .insertInto("users")
          .values({ email: "altul@demo.ro", passwordHash: null, tenantId: 3, createdAt: now, updatedAt: now })
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(user.id).toBe(4);
      } finally {
        await t.close();
      }
    });

    it("without JWT_SECRET generates a key once and keeps it, so tokens survive a restart", async () => {
      const first = await testApp(dialect, { env: { JWT_SECRET: "" } });
      const session = await first.signIn("admin@demo.ro");
      const secrets = await first.db.selectFrom("secrets").selectAll().execute();
      expect(secrets).toHaveLength(1);
      await first.close();

      const second = await testApp(dialect, { env: { JWT_SECRET: "" }, databaseUrl: first.databaseUrl });
      try {
        expect((await second.api("GET", "/api/me", { session })).statusCode).toBe(200);
        expect(await second.db.selectFrom("secrets").selectAll().execute()).toEqual(secrets);
      } finally {
        await second.close();
      }
    });
  });

  describe("in production mode", () => {
    it("creates tenant 1 and the first super-admin from ADMIN_EMAIL and ADMIN_PASSWORD, and no demo users", async () => {
      const t = await testApp(dialect, { env: PRODUCTION });
      try {
        expect(await t.db.selectFrom("tenants").select(["id", "name"]).execute()).toEqual([{ id: 1, name: "system" }]);
        expect(await t.db.selectFrom("users").select(["id", "email", "tenantId"]).execute()).toEqual([
          { id: 1, email: "owner@firma.ro", tenantId: 1 },
        ]);
        expect((await t.login("admin@demo.ro", "demo1234")).statusCode).toBe(401);
        expect(await t.db.selectFrom("properties").selectAll().execute()).toEqual([]);
        const session = await t.signIn("owner@firma.ro", "o-parola-sigura");
        expect((await t.api("GET", "/api/me", { session })).json()).toEqual({
          email: "owner@firma.ro",
          tenant: { id: 1, name: "system" },
          roles: ["ROLE_SUPERADMIN"],
        });
      } finally {
        await t.close();
      }
    });

    it("refuses to start on an empty database without ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
      await expect(testApp(dialect, { env: { ...PRODUCTION, ADMIN_PASSWORD: "" } })).rejects.toThrow(
        /ADMIN_EMAIL and ADMIN_PASSWORD/,
      );
    });

    it("starts on a populated database without ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
      const first = await testApp(dialect, { env: PRODUCTION });
      await first.close();
      const second = await testApp(dialect, {
        env: { ...PRODUCTION, ADMIN_EMAIL: "", ADMIN_PASSWORD: "" },
        databaseUrl: first.databaseUrl,
      });
      await second.close();
    });
  });
});

describe("loadConfig", () => {
  it("refuses to start in production without JWT_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/JWT_SECRET is required/);
  });

  it("refuses a production JWT_SECRET shorter than 32 characters", () => {
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: "short" })).toThrow(/at least 32/);
  });

  it("refuses to start in production without APP_URL, so links never come from the Host header", () => {
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: PRODUCTION_SECRET, APP_URL: "" })).toThrow(
      /^APP_URL is required when NODE_ENV=production/,
    );
    expect(loadConfig({ ...PRODUCTION, JWT_SECRET: PRODUCTION_SECRET }).appUrl).toBe("https://app.firma.ro");
  });

  it("leaves APP_URL optional in demo mode, where links use the request's origin", () => {
    expect(loadConfig({}).appUrl).toBeUndefined();
  });

  it("refuses an ACCESS_TOKEN_TTL_SECONDS below 11, since the client refreshes 10 s before expiry", () => {
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: "10" })).toThrow(
      /^ACCESS_TOKEN_TTL_SECONDS must be at least 11, got 10: the client refreshes the access token 10 s before it expires/,
    );
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: "1" })).toThrow(/ACCESS_TOKEN_TTL_SECONDS must be at least 11/);
    expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: "11" }).accessTokenTtlSeconds).toBe(11);
  });

  it("defaults to demo mode on port 8080 with the SQLite file ./data/app.db", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "sqlite:./data/app.db",
      demo: true,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 604800,
      uiDir: "./dist",
      loginThrottle: { maxFailuresPerAccount: 5, maxFailuresPerAddress: 20, windowSeconds: 900 },
    });
  });

  it("reads every setting from the environment", () => {
    const config = loadConfig({
      PORT: "9090",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgresql://u:p@db:5432/app",
      JWT_SECRET: "s",
      ACCESS_TOKEN_TTL_SECONDS: "60",
      REFRESH_TOKEN_TTL_SECONDS: "3600",
      SMTP_URL: "smtp://mail:25",
      APP_URL: "https://app.example.ro/",
      LOGIN_MAX_FAILURES: "3",
      LOGIN_MAX_FAILURES_PER_ADDRESS: "10",
      LOGIN_WINDOW_SECONDS: "60",
      UI_DIR: "/srv/ui",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
    });
    expect(config).toMatchObject({
      port: 9090,
      host: "0.0.0.0",
      databaseUrl: "postgresql://u:p@db:5432/app",
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      smtpUrl: "smtp://mail:25",
      appUrl: "https://app.example.ro",
      loginThrottle: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 10, windowSeconds: 60 },
      uiDir: "/srv/ui",
      logLevel: "warn",
      trustProxy: ["loopback", "linklocal", "uniquelocal"],
    });
  });

  it("names the variable when a value is malformed", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_URL: "app.example.ro" })).toThrow(/APP_URL/);
    for (const value of ["2", "everyone", "10.0.0.0/33", "10.0.0.1/8/1", "proxy.example.ro"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });

  it("trusts only the proxies TRUST_PROXY names, never every X-Forwarded-For entry", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "yes" }).trustProxy).toEqual(["loopback", "linklocal", "uniquelocal"]);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.10,::1" }).trustProxy).toEqual(["10.0.0.0/8", "192.168.1.10", "::1"]);
  });

  it("takes an empty UI_DIR to mean no UI (npm run dev) and an empty other variable as unset", () => {
    expect(loadConfig({ UI_DIR: "" }).uiDir).toBe("");
    expect(loadConfig({ PORT: "" }).port).toBe(8080);
  });
});
