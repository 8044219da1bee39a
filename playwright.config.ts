/**
 * End-to-end tests in Debian's Chromium against the real `npm start` server (UI + API on one
 * port) with a throwaway SQLite database and a short access-token lifetime, so that the refresh
 * before expiry happens during the run.
 */
import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium";

const port = Number(process.env.E2E_PORT ?? 18765);
export const E2E_ACCESS_TOKEN_TTL_SECONDS = 14;
// Set once in the main process, inherited by the workers: tests read the server's database (the outbox).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "e2e-")));
export const E2E_DATABASE_FILE = join(dataDir, "app.db");

export default defineConfig({
  testDir: "test/e2e",
  fullyParallel: false,
  workers: 1,
  // On CI (a shared, noisy machine) a test that fails is run once more; one that then passes is
  // reported as flaky in the list, and counted as passed.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    // Where demo mode listens (loopback only, IPv4): `localhost` may resolve to ::1 first.
    baseURL: `http://127.0.0.1:${port}`,
    locale: "ro-RO",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "npm start",
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATABASE_URL: `sqlite:${E2E_DATABASE_FILE}`,
      ACCESS_TOKEN_TTL_SECONDS: String(E2E_ACCESS_TOKEN_TTL_SECONDS),
      LOG_LEVEL: "warn",
    },
  },
});
