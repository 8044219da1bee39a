/**
 * npm run bench:web — how fast the app opens on a phone on a slow network. Builds the
 * UI when stale (as `npm start` does), seeds 1,000 customers of the demo tenant into a throwaway
 * SQLite, starts the real server (scripts/start.ts) on a free port, and in Chromium under
 * Lighthouse's mobile profile (scripts/slowPhone.ts) measures, three times each, a first visit:
 *   - `/` and `/login`: bytes transferred (JavaScript and all), FCP, LCP;
 *   - the customer list after signing in: on /login the invoicing user types e-mail and password
 *     at a person's pace (what the page prefetches meanwhile counts as it would for a person),
 *     presses 'Conectați-vă', opens the menu as soon as it is there and chooses 'Clienți' (a
 *     user's way to the list: sign-in lands on the home); the time runs from the press to the
 *     first customer row on screen.
 * Prints each run and the medians, then the targets met or not. Always exits 0: a benchmark.
 *
 * BENCH_WEB_URL=http://host:port measures the pages of a server already running instead (no build,
 * no seeding, no sign-in); BENCH_WEB_PAGES=/,/login chooses them (e.g. `/,/#/login` for a
 * hash-routed app). BENCH_WEB_RUNS (3), BENCH_WEB_PORT (a free one), BENCH_WEB_KEY_DELAY_MS (150).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { freePort } from "./freePort";
import { SLOW_PHONE_DESCRIPTION, slowPhonePage, type PageVisit, visit } from "./slowPhone";
import { startServer, stopServer } from "./startedServer";
import { buildUiIfNeeded } from "./uiBuild";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CUSTOMERS = 1_000;
const SIGN_IN = { email: "facturare@demo.ro" };
/** 150 ms a key: a brisk thumb; most people type slower on a phone. */
const KEY_DELAY_MS = Number(process.env.BENCH_WEB_KEY_DELAY_MS ?? 150);
const TARGETS = { pageJavaScriptKiB: 125, pageLcpMs: 2_000, listReadyMs: 3_500 };

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number | undefined) => (value === undefined ? "–" : `${Math.round(value)} ms`);
const median = (values: (number | undefined)[]) => {
  const known = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : undefined;
};
const verdict = (value: number | undefined, limit: number) => (value !== undefined && value <= limit ? "met" : "NOT met");

/** A throwaway SQLite with the demo accounts (demo mode) and CUSTOMERS customers of the demo tenant. */
async function seededDatabase(dir: string): Promise<string> {
  const { loadConfig } = await import("../server/config");
  const { buildApp } = await import("../server/app");
  const { customerBatches, upsertCustomers } = await import("../server/routes/api/customers/customers.repository");
  const { customerOf } = await import("./benchData");
  const databaseUrl = `sqlite:${join(dir, "bench.db")}`;
  const app = buildApp(loadConfig({ NODE_ENV: "development", DATABASE_URL: databaseUrl, UI_DIR: "", TASK_WORKER: "off" }), { logger: false });
  try {
    await app.ready(); // migrations and the demo seed
    const { tenantId } = await app.db.selectFrom("users").select("tenantId").where("email", "=", SIGN_IN.email).executeTakeFirstOrThrow();
    const rows = Array.from({ length: CUSTOMERS }, (_, i) => customerOf(i));
    await app.db.transaction().execute((trx) => upsertCustomers(trx, tenantId, customerBatches(rows)));
    app.customerIndexer?.wake();
    await app.customerIndexer?.idle();
  } finally {
    await app.close();
  }
  return databaseUrl;
}

interface ListVisit {
  /** From the press on 'Conectați-vă' to the menu button of the signed-in app. */
  signedInMs: number;
  /** From the press on 'Conectați-vă' to the first customer row. */
  readyMs: number;
  /** /login until typing starts; during typing; after the press until the list is ready. */
  loginPage: { bytes: number; javaScriptBytes: number };
  whileTyping: { bytes: number; javaScriptBytes: number };
  afterPress: { bytes: number; javaScriptBytes: number };
}

async function customerListAfterSignIn(browser: Browser, url: string, password: string): Promise<ListVisit> {
  const { context, page, network } = await slowPhonePage(browser);
  try {
    await page.goto(`${url}/login`, { waitUntil: "load" });
    const email = page.getByLabel("Adresa de email");
    await email.waitFor();
    await network.quiet();
    const loginPage = network.totals();
    const typingFrom = network.transfers.length;
    await email.pressSequentially(SIGN_IN.email, { delay: KEY_DELAY_MS });
    await page.getByRole("textbox", { name: "Parola", exact: true }).pressSequentially(password, { delay: KEY_DELAY_MS });
    const submit = page.getByRole("button", { name: "Conectați-vă" });
    await submit.waitFor();
    const whileTyping = network.totals(typingFrom);
    const pressFrom = network.transfers.length;
    const pressed = performance.now();
    await submit.click();
    // On a phone the menu is a slide-in panel behind the top bar's button.
    await page.getByRole("button", { name: "Deschide meniul" }).click();
    const signedInMs = performance.now() - pressed;
    await page.getByRole("menuitem", { name: "Clienți", exact: true }).click();
    await page.locator("tbody tr").filter({ hasText: "SRL" }).first().waitFor();
    const readyMs = performance.now() - pressed;
    return { signedInMs, readyMs, loginPage, whileTyping, afterPress: network.totals(pressFrom) };
  } finally {
    await context.close();
  }
}

function printPage(path: string, visits: PageVisit[]) {
  const line = (label: string, values: (number | undefined)[], format: (v: number | undefined) => string) =>
    `    ${label.padEnd(14)} ${format(median(values)).padStart(11)}   (${values.map(format).join(", ")})`;
  console.log(`  ${path}`);
  console.log(line("JavaScript", visits.map((v) => v.javaScriptBytes), (v) => (v === undefined ? "–" : kib(v))));
  console.log(line("all", visits.map((v) => v.bytes), (v) => (v === undefined ? "–" : kib(v))));
  console.log(line("FCP", visits.map((v) => v.fcp), ms));
  console.log(line("LCP", visits.map((v) => v.lcp), ms));
  const first = visits[0];
  const encodings = new Map<string, number>();
  for (const t of first.transfers.filter((t) => t.javaScript)) encodings.set(t.encoding || "none", (encodings.get(t.encoding || "none") ?? 0) + 1);
  console.log(`    ${first.requests} requests; JavaScript files by encoding: ${[...encodings].map(([e, n]) => `${e} ×${n}`).join(", ") || "–"}`);
  const largest = [...first.transfers].sort((a, b) => b.bytes - a.bytes).slice(0, 4);
  console.log(`    largest: ${largest.map((t) => `${new URL(t.url).pathname.split("/").pop() || "/"} ${kib(t.bytes)}`).join(", ")}`);
}

async function measurePages(browser: Browser, url: string, paths: string[]) {
  const results = new Map<string, PageVisit[]>(paths.map((path) => [path, []]));
  // Interleaved (/, /login, /, /login, …) so a burst of load on this machine touches each page once.
  for (let run = 0; run < RUNS; run++) for (const path of paths) results.get(path)!.push(await visit(browser, `${url}${path}`));
  for (const [path, visits] of results) printPage(path, visits);
  return results;
}

const givenUrl = process.env.BENCH_WEB_URL?.replace(/\/+$/, "");
const paths = (process.env.BENCH_WEB_PAGES ?? "/,/login").split(",").map((p) => p.trim());
const dir = mkdtempSync(join(tmpdir(), "bench-web-"));
let server: ChildProcess | undefined;
let browser: Browser | undefined;
try {
  let url = givenUrl;
  if (!url) {
    const built = buildUiIfNeeded();
    console.log(`UI: dist/ ${built ? "built now" : "already current"}`);
    const databaseUrl = await seededDatabase(dir);
    ({ url, server } = await startServer(databaseUrl, Number(process.env.BENCH_WEB_PORT ?? (await freePort()))));
    console.log(`server: ${url} (npm start, throwaway SQLite, ${CUSTOMERS} customers of the demo tenant)`);
  }
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  console.log(`profile: ${SLOW_PHONE_DESCRIPTION}`);
  console.log(`first visits, ${RUNS} runs each: median (every run)`);
  const pages = await measurePages(browser, url, paths);

  const lists: ListVisit[] = [];
  if (!givenUrl) {
    const { DEMO_PASSWORD } = await import("../server/db/seed");
    for (let run = 0; run < RUNS; run++) lists.push(await customerListAfterSignIn(browser, url, DEMO_PASSWORD));
    const line = (label: string, values: number[], format: (v: number | undefined) => string) =>
      `    ${label.padEnd(30)} ${format(median(values)).padStart(11)}   (${values.map(format).join(", ")})`;
    const kibOf = (v: number | undefined) => (v === undefined ? "–" : kib(v));
    console.log(`  customer list after signing in (${SIGN_IN.email}, typing ${KEY_DELAY_MS} ms a key, then menu → 'Clienți')`);
    console.log(line("/login, JavaScript", lists.map((l) => l.loginPage.javaScriptBytes), kibOf));
    console.log(line("while typing, JavaScript", lists.map((l) => l.whileTyping.javaScriptBytes), kibOf));
    console.log(line("after the press, JavaScript", lists.map((l) => l.afterPress.javaScriptBytes), kibOf));
    console.log(line("after the press, all", lists.map((l) => l.afterPress.bytes), kibOf));
    console.log(line("press → signed in (menu)", lists.map((l) => l.signedInMs), ms));
    console.log(line("press → first customer row", lists.map((l) => l.readyMs), ms));
  }

  console.log("targets:");
  for (const [path, visits] of pages) {
    const js = median(visits.map((v) => v.javaScriptBytes));
    const lcp = median(visits.map((v) => v.lcp));
    console.log(`  ${path} JavaScript ≤ ${TARGETS.pageJavaScriptKiB} KiB: ${verdict(js, TARGETS.pageJavaScriptKiB * 1024)} (${js === undefined ? "–" : kib(js)})`);
    console.log(`  ${path} LCP ≤ ${TARGETS.pageLcpMs / 1000} s: ${verdict(lcp, TARGETS.pageLcpMs)} (${ms(lcp)})`);
  }
  if (lists.length) {
    const ready = median(lists.map((l) => l.readyMs));
    console.log(`  customer list ready ≤ ${TARGETS.listReadyMs / 1000} s after 'Conectați-vă': ${verdict(ready, TARGETS.listReadyMs)} (${ms(ready)})`);
  }
  // Lighthouse 12.8 (the last for Node 20) is no dependency: it needs third-party-web pinned (README).
  console.log("Lighthouse, by hand (targets: performance, accessibility, best practices ≥ 0.95 for / and /login), with `npm start` running:");
  console.log(
    "  CHROME_PATH=/usr/bin/chromium npx --yes lighthouse@12.8 http://127.0.0.1:8080/login " +
      '--only-categories=performance,accessibility,best-practices --chrome-flags="--headless=new --no-sandbox --disable-gpu --no-first-run"',
  );
} finally {
  await browser?.close();
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
