/**
 * npm run bench:home — the home ('Acasă', GET /api/home) and the first page of 'Scadențe'
 * (GET /api/smartbill/receivables, by invoice and by customer) at scale, over HTTP against a
 * started server (its own process: `tsx server/server.ts`, as in production).
 *
 * SQLite: 100,000 sent invoices (with their payments, some proformas, cancelled and refused
 * ones) for the demo tenant. PostgreSQL: 1,000,000 across 10 tenants (the demo tenant's
 * 100,000 among them), on the server DATABASE_URL=postgres://… names (a role that may CREATE
 * DATABASE; a database `bench_home` is made there and dropped after), or else on a throwaway
 * cluster started as the tests start theirs (test/setup/postgres.ts). BENCH_SQLITE=off or
 * BENCH_PG=off leaves one out; BENCH_INVOICES sets the demo tenant's count, BENCH_TENANTS the
 * PostgreSQL tenants.
 *
 * The rows are written straight into the tables in batches (not through SmartBill): invoices
 * with their stored amounts (sentTotal, dueDate, unpaid by recountReceivable's rule) and
 * payments with their tenant and currency, as migration 0023 keeps them; then the monthly sums
 * (receivable_months) by migration 0026's own backfill. No lines: neither request reads them. Then ANALYZE (SQLite) / VACUUM ANALYZE (PostgreSQL), as a database in use
 * has its statistics. Each request is asked BENCH_REQUESTS (100) times after 10 not measured;
 * p50 and p95 are printed against the 150 ms target. BENCH_KEEP=on keeps the SQLite file (to EXPLAIN).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import type { LoginResponse } from "../contract/api";
import { XSRF_COOKIE, XSRF_HEADER } from "../contract/constants";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { dialectOf } from "../server/db/connection";
import type { Database } from "../server/db/database";
import { DEMO_PASSWORD } from "../server/db/seed";
import { romanianDate } from "../server/smartbill/bucharestTime";
import { addDays } from "../server/routes/api/invoices/invoiceDates";
import { sumReceivableMonths } from "../server/db/migrations/0026_receivable_months";
import { freePort } from "./freePort";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const PG_TENANTS = Number(process.env.BENCH_TENANTS ?? 10);
const CUSTOMERS_PER_TENANT = 2_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARM_UP = 10;
const TARGET_MS = 150;
const JWT_SECRET = "bench-secret-that-is-at-least-32-characters-long";
const BATCH = 1_000;

const off = (name: string) => /^(off|0|false|no)$/i.test(process.env[name] ?? "");
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The same numbers on every run: a small linear congruential generator. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function insertInBatches<T>(rows: Iterable<T>, write: (batch: T[]) => Promise<unknown>): Promise<void> {
  let batch: T[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      await write(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await write(batch);
}

/** A tenant's customers, invoices and payments; answers how many of each were written. */
async function seedTenant(db: Kysely<Database>, tenantId: number, invoices: number, seed: number): Promise<{ invoices: number; payments: number }> {
  const next = random(seed);
  const now = new Date().toISOString();
  const today = romanianDate(Date.now());
  await insertInBatches(
    Array.from({ length: CUSTOMERS_PER_TENANT }, (_, i) => ({
      tenantId,
      clientName: `Client ${tenantId}-${i} SRL`,
      cif: `RO${10_000_000 + i}`,
      codClient: `T${tenantId}C${i}`,
      createdAt: now,
      updatedAt: now,
    })),
    (batch) => db.insertInto("customers").values(batch as never).execute(),
  );
  const customers = (await db.selectFrom("customers").select("id").where("tenantId", "=", tenantId).execute()).map((row) => row.id);

  const payments: { invoiceNumber: string; amount: number; date: string; currency: string }[] = [];
  const rows = function* () {
    for (let i = 0; i < invoices; i++) {
      const age = Math.floor(next() * 1095);
      const issueDate = addDays(today, -age)!;
      const dueDate = addDays(issueDate, 30)!;
      const roll = next();
      const currency = roll < 0.9 ? "RON" : roll < 0.98 ? "EUR" : "USD";
      const sentTotal = Math.round((50 + next() * 9_950) * 100) / 100;
      const kind = next();
      const documentType = kind < 0.05 ? "proforma" : "invoice";
      const status = kind > 0.995 ? "refused" : "sent";
      const cancelled = kind > 0.98 && kind <= 0.99;
      const deleted = kind > 0.99 && kind <= 0.995;
      const number = String(i + 1).padStart(7, "0");
      // Older invoices are mostly paid; recent ones less so.
      const pay = next();
      const paidShare = documentType !== "invoice" || status !== "sent" ? 0 : age > 90 ? (pay < 0.85 ? 1 : pay < 0.9 ? 0.4 : 0) : pay < 0.4 ? 1 : pay < 0.6 ? 0.4 : 0;
      const paid = Math.round(sentTotal * paidShare * 100) / 100;
      const paidOn = addDays(issueDate, Math.floor(next() * 60))!;
      if (paid > 0) payments.push({ invoiceNumber: number, amount: paid, date: paidOn > today ? today : paidOn, currency });
      const owes = documentType === "invoice" && status === "sent" && !cancelled && !deleted;
      yield {
        tenantId,
        clientId: customers[Math.floor(next() * customers.length)],
        issueDate,
        dueDays: 30,
        useStock: 0,
        draft: 0,
        saveToDb: 0,
        seriesName: documentType === "proforma" ? "BPF" : "BEN",
        documentType,
        currency,
        language: "RO",
        precision: 2,
        status,
        sentSeries: status === "sent" ? (documentType === "proforma" ? "BPF" : "BEN") : null,
        sentNumber: status === "sent" ? number : null,
        sentAt: status === "sent" ? now : null,
        createdAt: now,
        updatedAt: now,
        cancelledAt: cancelled ? now : null,
        deletedAt: deleted ? now : null,
        sentTotal: status === "sent" ? sentTotal : null,
        dueDate: status === "sent" ? dueDate : null,
        unpaid: owes ? Math.round((sentTotal - paid) * 100) / 100 : 0,
        // What recountReceivable stores: counted as invoiced (issued, neither cancelled nor deleted).
        countedTotal: owes ? sentTotal : 0,
      };
    }
  };
  await db.transaction().execute((trx) => insertInBatches(rows(), (batch) => trx.insertInto("invoices").values(batch as never).execute()));

  const ids = new Map(
    (await db.selectFrom("invoices").select(["id", "sentNumber"]).where("tenantId", "=", tenantId).where("seriesName", "=", "BEN").execute()).map((row) => [row.sentNumber, row.id]),
  );
  await db.transaction().execute((trx) =>
    insertInBatches(
      payments.flatMap((payment, k) => {
        const invoiceId = ids.get(payment.invoiceNumber);
        if (invoiceId === undefined) return [];
        return [
          {
            invoiceId,
            tenantId,
            currency: payment.currency,
            requestId: `bench-${k}`,
            amount: payment.amount,
            date: payment.date,
            type: "Ordin plata",
            status: "recorded",
            clientName: "Client",
            clientCif: "RO1",
            startedAt: now,
            userEmail: "facturare@demo.ro",
            createdAt: now,
            recordedAt: now,
            countedAmount: payment.amount,
          },
        ];
      }),
      (batch) => trx.insertInto("invoice_payments").values(batch as never).execute(),
    ),
  );
  return { invoices, payments: payments.length };
}

/** The demo tenant's data (and, on PostgreSQL, other tenants'), written through a migrated app's database. */
async function seed(databaseUrl: string, tenants: number): Promise<void> {
  const app = buildApp(loadConfig({ NODE_ENV: "development", JWT_SECRET, DATABASE_URL: databaseUrl, UI_DIR: "", TASK_WORKER: "off" }), { logger: false });
  await app.ready();
  try {
    const db = app.db;
    const { tenantId } = await db.selectFrom("users").select("tenantId").where("email", "=", "facturare@demo.ro").executeTakeFirstOrThrow();
    const began = performance.now();
    let invoices = 0;
    let payments = 0;
    for (let n = 0; n < tenants; n++) {
      let id = tenantId;
      if (n > 0) {
        const now = new Date().toISOString();
        ({ id } = await db.insertInto("tenants").values({ name: `Firma Bench ${n} SRL`, createdAt: now, updatedAt: now } as never).returning("id").executeTakeFirstOrThrow());
      }
      const written = await seedTenant(db, id, INVOICES, 1000 + n);
      invoices += written.invoices;
      payments += written.payments;
    }
    console.log(`  seeded ${invoices.toLocaleString("en")} documents and ${payments.toLocaleString("en")} payments in ${tenants} tenant(s) in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    // The monthly sums from the rows' stored contributions (written with them above, as
    // recountReceivable writes them), by migration 0026's own SQL. Not its update of every row:
    // on PostgreSQL that would leave every index twice its size, which no database in use has.
    const summed = performance.now();
    await sumReceivableMonths(db);
    console.log(`  receivable_months filled in ${((performance.now() - summed) / 1000).toFixed(1)} s`);
    await sql.raw(dialectOf(db) === "postgres" ? "vacuum analyze" : "analyze").execute(db);
  } finally {
    await app.close();
  }
}

async function startServer(databaseUrl: string, dir: string): Promise<{ origin: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    env: { ...process.env, NODE_ENV: "development", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, UI_DIR: join(dir, "no-ui"), LOG_LEVEL: "warn", JWT_SECRET, TASK_WORKER: "off", DEMO_DATA: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no URL:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString();
      if (/SmartBill back office: http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, process: child };
}

async function stop(server: { process: ChildProcess }): Promise<void> {
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  if (server.process.exitCode === null) server.process.kill("SIGKILL");
}

const ENDPOINTS = {
  "GET /api/home": "/api/home",
  "receivables, first page by invoice": "/api/smartbill/receivables?page=0&size=25",
  "receivables, first page by customer": "/api/smartbill/receivables?view=customer&page=0&size=25",
} as const;

/** Each endpoint asked REQUESTS times, one at a time, after WARM_UP; answers whether every p95 met the target. */
async function measure(label: string, origin: string): Promise<boolean> {
  const login = await fetch(`${origin}/dmz-api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "facturare@demo.ro", password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const session = (await login.json()) as LoginResponse;
  const headers = { authorization: `Bearer ${session.authenticationToken}`, cookie: `${XSRF_COOKIE}=bench`, [XSRF_HEADER]: "bench" };
  let met = true;
  const load = () => loadavg().map((value) => value.toFixed(2)).join(" ");
  console.log(`${label}: ${REQUESTS} requests each over HTTP, one at a time (after ${WARM_UP} not measured); load average ${load()}`);
  for (const [name, path] of Object.entries(ENDPOINTS)) {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      const began = performance.now();
      const answer = await fetch(`${origin}${path}`, { headers });
      const body = await answer.text();
      const took = performance.now() - began;
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${body}`);
      size = body.length;
      if (i >= WARM_UP) times.push(took);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    met &&= p95 <= TARGET_MS;
    console.log(
      `  ${name.padEnd(38)} p50 ${p50.toFixed(1).padStart(6)} ms, p95 ${p95.toFixed(1).padStart(6)} ms, max ${times.at(-1)!.toFixed(1).padStart(6)} ms  (${size} bytes)  target p95 ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? "met" : "NOT met"}`,
    );
  }
  console.log(`  load average after: ${load()}`);
  return met;
}

const dir = mkdtempSync(join(tmpdir(), "bench-home-"));
const results: boolean[] = [];
try {
  if (!off("BENCH_SQLITE")) {
    const url = `sqlite:${join(dir, "bench.db")}`;
    console.log(`SQLite: ${INVOICES.toLocaleString("en")} documents for the demo tenant`);
    await seed(url, 1);
    const server = await startServer(url, dir);
    try {
      results.push(await measure("SQLite", server.origin));
    } finally {
      await stop(server);
    }
  }

  if (!off("BENCH_PG")) {
    let adminUrl: string | null = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : null;
    let stopPostgres = async () => {};
    let skipped: string | null = null;
    if (!adminUrl) {
      const { default: startPostgres } = await import("../test/setup/postgres");
      stopPostgres = await startPostgres({
        provide: (key: string, value: string | null) => {
          if (key === "postgresUrl") adminUrl = value;
          if (key === "postgresSkipReason") skipped = value;
        },
      } as never);
    }
    try {
      if (!adminUrl) {
        console.log(`\nPostgreSQL: not measured (${skipped ?? "not available"})`);
      } else {
        const { default: pg } = await import("pg");
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query("drop database if exists bench_home");
        await admin.query("create database bench_home");
        const url = new URL(adminUrl);
        url.pathname = "/bench_home";
        try {
          console.log(`\nPostgreSQL: ${(INVOICES * PG_TENANTS).toLocaleString("en")} documents across ${PG_TENANTS} tenants (the demo tenant's ${INVOICES.toLocaleString("en")} among them)`);
          await seed(url.toString(), PG_TENANTS);
          const server = await startServer(url.toString(), dir);
          try {
            results.push(await measure("PostgreSQL", server.origin));
          } finally {
            await stop(server);
          }
        } finally {
          await admin.query("drop database if exists bench_home with (force)").catch(() => undefined);
          await admin.end();
        }
      }
    } finally {
      await stopPostgres();
    }
  }
} finally {
  // BENCH_KEEP=on keeps the SQLite database, to EXPLAIN its queries.
  if (off("BENCH_KEEP") || !process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log(`kept: ${dir}`);
}
console.log(`\nbench:home targets (p95 ≤ ${TARGET_MS} ms): ${results.every(Boolean) ? "met" : "NOT met"}`);
