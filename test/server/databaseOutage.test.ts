/**
 * Two real server processes on one PostgreSQL that stops (`pg_ctl stop -m fast`) and starts again
 * under them, with sign-ins' writes and reads looping on both and customer imports running: no
 * process dies, requests during the outage get 503 with the Romanian sentence (never a 500, never a
 * refused connection), /health/ready is 503 while the database is away, every process serves again
 * by itself once it is back, its task worker waits and resumes, and every write that was answered
 * 200 is in the database afterwards. The cluster is the test's own (test/setup/postgres.ts makes
 * it), so stopping it touches no other test.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { XSRF_COOKIE, XSRF_HEADER } from "../../contract/constants";
import { messages } from "../../server/messages";
import { type OwnCluster, findBinDir, startCluster } from "../setup/postgres";
import { dialects } from "../helpers/dialects";
import { multipart, xlsxOf } from "../helpers/excelFiles";
import { type ServerProcess, startServerProcess, until } from "../helpers/serverProcess";

const shared = dialects.find((d) => d.dialect === "postgres")!;
const bin = shared.skipReason === null ? await findBinDir() : undefined;
const skipReason = shared.skipReason ?? (bin ? null : "no PostgreSQL server binaries to start a cluster of the test's own");

const CUSTOMER_HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
const customerRow = (code: string) => [`Client ${code} SRL`, "RO18547290", "J12/1/2020", code, "Str. 1", "Cluj-Napoca", "Cluj", "BT", "RO49AAAA1B31007593840000", "", "", "Ana", "0722000000"];
const IMPORT_ROWS = 300;

/** What one process answered to the loop, in order. */
interface Answer {
  status: number | "refused";
  /** The database was stopped when the request was sent (false) or started again (true)… or neither yet. */
  phase: "before" | "down" | "after";
  body?: string;
}

describe.skipIf(skipReason !== null)(`two processes on a PostgreSQL that stops and starts${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  let cluster: OwnCluster;
  let databaseUrl: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await startCluster(bin!);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database outage");
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = "/outage";
    databaseUrl = url.toString();
    const env = { DATABASE_URL: databaseUrl, TASK_POLL_MS: "50", DRAIN_SECONDS: "0" };
    // The first process seeds the database; the second starts on it.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await cluster?.stop();
  });

  it("keeps every process alive through the outage: 503 while it lasts, 200 within seconds after, no acknowledged write lost", async () => {
    const [first, second] = servers;
    const signIn = async (origin: string, email: string) => {
      const response = await fetch(`${origin}/dmz-api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: email, password: "demo1234" }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as LoginResponse;
    };
    const superadmin = await signIn(first.origin, "superadmin@demo.ro");
    const invoicing = await signIn(second.origin, "facturare@demo.ro");
    const headers = (session: LoginResponse, tenantId?: number) => ({
      authorization: `Bearer ${session.authenticationToken}`,
      cookie: `${XSRF_COOKIE}=fleet`,
      [XSRF_HEADER]: "fleet",
      ...(tenantId === undefined ? {} : { "x-tenant-id": String(tenantId) }),
    });

    let phase: Answer["phase"] = "before";
    let looping = true;
    const answers = new Map<string, Answer[]>();
    const acknowledgedTenants: string[] = [];
    const acknowledgedCodes: string[] = [];
    const record = async (name: string, request: () => Promise<Response>): Promise<boolean> => {
      const sentIn = phase;
      let answer: Answer;
      try {
        const response = await request();
        answer = { status: response.status, phase: sentIn, body: await response.text() };
      } catch {
        answer = { status: "refused", phase: sentIn };
      }
      answers.set(name, [...(answers.get(name) ?? []), answer]);
      return answer.status === 200;
    };
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

    // Writes and reads on both processes, one after the other, until told to stop.
    const loops = servers.map(async (server, index) => {
      for (let i = 0; looping; i++) {
        const name = `Firma ${index}-${i}`;
        const wrote = await record(`write ${index}`, () =>
          fetch(`${server.origin}/api/tenant/add`, {
            method: "POST",
            headers: { ...headers(superadmin), "content-type": "application/json" },
            body: JSON.stringify({ name }),
          }),
        );
        if (wrote) acknowledgedTenants.push(name);
        await record(`read ${index}`, () => fetch(`${server.origin}/api/tenant/list?page=0&size=5`, { headers: headers(superadmin) }));
        await record(`ready ${index}`, () => fetch(`${server.origin}/health/ready`));
        await pause();
      }
    });
    // Customer imports on the second process, each of new codes.
    const imports = (async () => {
      for (let round = 0; looping; round++) {
        const codes = Array.from({ length: IMPORT_ROWS }, (_, n) => `R${round}N${n}`);
        const file = multipart(await xlsxOf([CUSTOMER_HEADERS, ...codes.map(customerRow)]));
        const imported = await record("import", () =>
          fetch(`${second.origin}/api/smartbill/customer/import`, {
            method: "POST",
            headers: { ...headers(invoicing, 2), ...file.headers },
            body: new Uint8Array(file.body),
          }),
        );
        if (imported) acknowledgedCodes.push(...codes);
        await pause();
      }
    })();

    const seen = (name: string, when: Answer["phase"], status: number) =>
      (answers.get(name) ?? []).some((answer) => answer.phase === when && answer.status === status);
    const names = ["write 0", "write 1", "read 0", "read 1", "ready 0", "ready 1", "import"];
    try {
      await until(async () => names.every((name) => seen(name, "before", 200)), 120_000, "200 on every loop before the outage");

      await cluster.halt();
      phase = "down";
      await until(async () => ["write 0", "write 1", "read 0", "read 1", "ready 0", "ready 1"].every((name) => seen(name, "down", 503)), 60_000, "503 during the outage");
      await until(async () => seen("import", "down", 503), 60_000, "an import answered 503 during the outage");

      await cluster.resume();
      phase = "after";
      // "Within seconds": a generous bound for a busy machine, far below any time-out that
      // would hide a process that never reconnects.
      await until(async () => names.every((name) => seen(name, "after", 200)), 60_000, "200 on every loop after the outage");
    } finally {
      looping = false;
      await Promise.all([...loops, imports]);
    }

    // No process died, none refused a connection, none answered anything but 200 or 503.
    for (const server of servers) expect(server.child.exitCode).toBe(null);
    const all = [...answers.values()].flat();
    expect(all.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    for (const answer of all.filter((a) => a.status === 503 && !a.body?.includes("not-ready"))) {
      expect(JSON.parse(answer.body!)).toEqual({ message: messages.serviceUnavailable });
    }
    for (const server of servers) {
      expect(server.output()).not.toContain("Unhandled 'error' event");
      expect(server.output()).toContain("PostgreSQL connection lost");
      expect(server.output()).toContain("database unavailable: the task worker waits for it");
      expect(server.output()).toContain("database back: the task worker resumes");
    }

    // Every write answered 200 is there.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const tenants = await client.query<{ name: string }>("select name from tenants");
      const stored = new Set(tenants.rows.map((row) => row.name));
      expect(acknowledgedTenants.filter((name) => !stored.has(name))).toEqual([]);
      const customers = await client.query<{ code: string }>(`select "codClient" as code from customers where "tenantId" = 2`);
      const codes = new Set(customers.rows.map((row) => row.code));
      expect(acknowledgedCodes.length).toBeGreaterThan(0);
      expect(acknowledgedCodes.filter((code) => !codes.has(code))).toEqual([]);
    } finally {
      await client.end();
    }
  }, 400_000);
});
