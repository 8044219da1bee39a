/**
 * `npm test`: the type-check, the Vitest suites (client in jsdom; server on SQLite and on a
 * throwaway PostgreSQL) and the Playwright end-to-end tests in Debian's Chromium against the
 * real `npm start` server. Every step runs even when an earlier one failed, so one run shows
 * everything; the last line is `N passed, N failed` (the type-check counts as one test) and the
 * exit code is non-zero when anything failed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM_PATH } from "./chromium";
import { freePort } from "./freePort";

const out = join(process.cwd(), ".test-output");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const problems: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file: string): any {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}


function ensureChromium(): string | null {
  const path = CHROMIUM_PATH;
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium lipsește: se instalează pachetul Debian 'chromium'...");
    run("apt", "bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null"]);
  }
  return existsSync(path) ? path : null;
}

// 1. Type-check
if (run("type-check", "npx", ["tsc", "--noEmit"]) === 0) passed += 1;
else {
  failed += 1;
  problems.push("type-check");
}

// 2. Vitest: client and server projects
const vitestJson = join(out, "vitest.json");
const vitestStatus = run("vitest", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
}
if (vitestStatus !== 0 && (!vitest || (vitest.numFailedTests ?? 0) === 0)) {
  failed += 1; // a crash outside any test (a failing setup, a suite that did not load) still fails the run
  problems.push("vitest (outside tests)");
} else if (vitestStatus !== 0) problems.push("vitest");

// 3. Playwright end-to-end
const chromium = ensureChromium();
if (!chromium) {
  failed += 1;
  problems.push("e2e: Chromium not found and could not be installed");
} else {
  const playwrightJson = join(out, "playwright.json");
  const port = await freePort();
  const status = run("playwright", "npx", ["playwright", "test"], {
    CHROMIUM_PATH: chromium,
    E2E_PORT: String(port),
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  const report = readJson(playwrightJson);
  if (report?.stats) {
    passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected ?? 0;
  }
  if (status !== 0 && !(report?.stats?.unexpected > 0)) {
    failed += 1;
    problems.push("playwright (outside tests)");
  } else if (status !== 0) problems.push("playwright");
}

if (problems.length) console.log(`\nFailed: ${problems.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
