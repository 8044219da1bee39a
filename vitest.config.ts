/**
 * Two test projects: the client (react-admin components and providers in jsdom) and the server
 * (the real Fastify app on a temporary SQLite file, and on a throwaway PostgreSQL cluster).
 */
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  test: {
    // Vitest's default, one worker less than the cores, is one worker on a 2-core machine; the
    // test files mostly wait on their databases and live servers, so a second file alongside
    // uses the time (measured on 2 cores: 1187 s → 833 s, every file passing).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        test: {
          name: "client",
          environment: "jsdom",
          globals: true,
          include: ["src/**/*.test.{ts,tsx}", "i18n/**/*.test.ts", "contract/**/*.test.ts"],
          setupFiles: ["test/setup/client.ts"],
          // A test typing whole sentences into a screen takes 6–9 s on a quiet 2-core machine and
          // over 20 s when the machine is loaded (measured: load average 10): its limit follows that.
          testTimeout: 45_000,
          // A file's live server (test/helpers/liveServer.ts) may take up to 30 s to start on a
          // busy machine; vitest's 10 s default failed whole files there.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          globals: true,
          include: ["test/server/**/*.test.ts"],
          globalSetup: ["test/setup/postgres.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
