/**
 * `npm run bench:load` runs end to end and prints what it promises: a row per endpoint with rps,
 * p50, p99, p99.9, max and errors, the event-loop delay of the server and of the load generator,
 * and the targets as met / not met. Run small (SQLite, 10 connections, 1 s): whether the targets are
 * met is the benchmark's business on a quiet machine, not the test's.
 */
import { spawn } from "node:child_process";
import { expect, it } from "vitest";

function benchLoad(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/benchLoad.ts"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

it("bench:load starts the server, drives the clerk's mix and prints each endpoint's figures, the event-loop delays and the targets", async () => {
  const { code, output } = await benchLoad({
    BENCH_PG: "off",
    BENCH_SECONDS: "1",
    BENCH_WARM_UP_SECONDS: "1",
    BENCH_CONNECTIONS: "10",
    BENCH_CUSTOMERS: "200",
  });
  expect(code, output).toBe(0);
  expect(output).toContain("SQLite: 10 new connections for 1 s, 1 process");
  const ms = String.raw`\d+ ms`;
  for (const endpoint of ["customer list page", "GET /api/me", "stock list", "invoice list", "auto-save PUT"]) {
    const row = new RegExp(String.raw`^${endpoint} +\d+ +${ms} +${ms} +${ms} +${ms} +0  (met|NOT met)$`, "m");
    expect(output, endpoint).toMatch(row);
  }
  expect(output).toMatch(/^event-loop delay \(process 1\): p99 \d+ ms, max \d+ ms$/m);
  expect(output).toMatch(/^event-loop delay \(load generator\): p99 \d+ ms, max \d+ ms$/m);
  expect(output).toMatch(/^SQLite: p99\.9 ≤ 500 ms, max ≤ 1000 ms, 0 errors for every endpoint: (met|NOT met)$/m);
  expect(output).toMatch(/^bench:load targets: (met|NOT met)$/m);
}, 120_000);
