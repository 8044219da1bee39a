/**
 * The real API server on a free loopback port with a fresh SQLite file, for client tests that
 * exercise the providers against the real thing. `useServerOrigin` makes jsdom's page live on
 * the server's origin, so same-origin rules and relative URLs behave as in the browser.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LiveServer {
  url: string;
  /** Its SQLite database, for a test that writes what no API makes (what a background task would store). */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * Runs server/server.ts in its own Node process, as `npm start` does (jsdom's globals would
 * confuse the server's crypto if it ran inside the test's own realm).
 */
export async function startLiveServer(env: Record<string, string> = {}): Promise<LiveServer> {
  const dir = mkdtempSync(join(tmpdir(), "live-server-"));
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${join(dir, "app.db")}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      UI_DIR: join(dir, "no-ui"),
      LOG_LEVEL: process.env.LIVE_SERVER_LOG ? "error" : "silent",
      // An empty demo company: each test makes the data it counts on.
      DEMO_DATA: "off",
      // Fixtures' invoices are dated fixed days of 2026: the widest issue-date window keeps them
      // importable in whatever year the suite runs.
      INVOICE_DATE_DAYS_BACK: "3650",
      // No balancer to drain for: SIGTERM stops it at once.
      DRAIN_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /SmartBill back office: http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  child.stdout!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      // A graceful stop waits up to 10 s for requests in flight (a screen's fetch still open when
      // its test ended); a test's server owes nothing to those, and the hook must not time out.
      const kill = setTimeout(() => child.kill("SIGKILL"), 2_000);
      await exited;
      clearTimeout(kill);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

declare const jsdom: { reconfigure(options: { url: string }): void };

/** Puts the jsdom page on the given origin (vitest exposes jsdom as a global). */
export function usePageOrigin(origin: string) {
  jsdom.reconfigure({ url: `${origin}/` });
}


/**
 * Signs in through the app's own authProvider, as the login page does, and returns the session.
 * A super-admin then acts in their own tenant (system), as a test expects unless it chooses one:
 * the first company that sign-in picks for them is undone, unless `firstCompany` keeps it.
 */
export async function signInLive(email: string, password = "demo1234", { firstCompany = false } = {}) {
  const { authProvider } = await import("../../src/providers/authProvider");
  const { tokenRefresher } = await import("../../src/providers/tokenRefresher");
  const { session } = await import("../../src/providers/session");
  await authProvider.login({ username: email, password });
  tokenRefresher.stop(); // tests run far shorter than a token lives
  if (!firstCompany) session.chooseTenant(null);
  return session.get()!;
}

/**
 * Points the demo tenant's SmartBill at the live server's own emulator (as its admin), so that its
 * tax list can be read: an invoice imported with blank VAT cells takes SmartBill's rates (without
 * any list ever read such a row is refused). Signs in as the admin; sign in again as needed.
 */
export async function connectDemoTenantToEmulator(server: LiveServer) {
  await signInLive("admin@demo.ro");
  const { dataProvider } = await import("../../src/providers/dataProvider");
  await dataProvider.update("properties", {
    id: "smartbill.url",
    data: { value: `${server.url}/smartbill-emulator/SBORO/api` },
    previousData: { id: "smartbill.url" },
  });
}
