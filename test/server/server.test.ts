import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/server";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { TEST_JWT_SECRET } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const login = (origin: string) =>
  fetch(`${origin}/dmz-api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "facturare@demo.ro", password: "demo1234" }),
  });

describeEachDialect("the server", (dialect) => {
  it("startServer listens, prints the URL and the demo accounts, and answers a login", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const config = loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: await freshDatabaseUrl(dialect),
      JWT_SECRET: TEST_JWT_SECRET,
      UI_DIR: "./test/.no-ui-build",
    });
    const app = await startServer(config, { logger: false });
    try {
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const printed = log.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(printed).toContain(`SmartBill back office: http://127.0.0.1:${port}`);
      for (const email of ["superadmin@demo.ro", "admin@demo.ro", "facturare@demo.ro"]) {
        expect(printed).toContain(email);
      }
      expect(printed).toContain("demo1234");
      // The emulator's one account, for 'Conexiune SmartBill': without it nothing connects in demo mode.
      expect(printed).toContain(
        [
          "SmartBill emulator account (any company connects with it in 'Conexiune SmartBill'):",
          "  e-mail   facturare@demo.ro",
          "  token    demo-smartbill-token-0001",
          "  CIF      RO40671760",
          `  address  http://127.0.0.1:${port}/smartbill-emulator/SBORO/api`,
        ].join("\n"),
      );
      // ANAF's emulator, where the clerk's 'Completează din ANAF' goes in demo mode.
      expect(printed).toContain(`ANAF: this server's emulator (http://127.0.0.1:${port}/anaf-emulator)`);
      const response = await login(`http://127.0.0.1:${port}`);
      expect(response.status).toBe(200);
      expect((await response.json()).userName).toBe("facturare@demo.ro");
    } finally {
      await app.close();
      log.mockRestore();
    }
  });

  it("prints no demo account and no emulator account in production", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: await freshDatabaseUrl(dialect),
      JWT_SECRET: TEST_JWT_SECRET,
      APP_URL: "https://app.firma.ro",
      ADMIN_EMAIL: "owner@firma.ro",
      ADMIN_PASSWORD: "o-parola-sigura",
      UI_DIR: "./test/.no-ui-build",
    });
    const app = await startServer(config, { logger: false });
    try {
      const printed = log.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(printed).toContain("SmartBill back office: http://127.0.0.1:");
      expect(printed).not.toMatch(/demo|emulator|token/i);
    } finally {
      await app.close();
      log.mockRestore();
    }
  });

  it("starts when run as `tsx server/server.ts` and stops cleanly on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "smartbill-proc-"));
    const child = spawn(join("node_modules", ".bin", "tsx"), ["server/server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "",
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: await freshDatabaseUrl(dialect),
        UI_DIR: join(dir, "no-ui"),
        LOG_LEVEL: "warn",
        // Stops at once: the drain before it has a test of its own (drain.test.ts).
        DRAIN_SECONDS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let output = "";
      const origin = await new Promise<string>((resolve, reject) => {
        // Generous: a busy machine has taken 28 s to start it.
        const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 90_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /SmartBill back office: http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(`http://127.0.0.1:${match[1]}`);
          }
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      expect((await login(origin)).status).toBe(200);

      const exitCode = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exitCode).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
