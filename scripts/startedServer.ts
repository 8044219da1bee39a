/** `npm start` (scripts/start.ts) in its own process, for the benchmarks that drive the real product. */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";

/** Starts the server on the given database and loopback port; resolves once it answers. */
export async function startServer(databaseUrl: string, port: number): Promise<{ url: string; server: ChildProcess }> {
  const server = spawn(process.execPath, [...process.execArgv, join(import.meta.dirname, "start.ts")], {
    env: { ...process.env, NODE_ENV: "development", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const began = Date.now();
  while (Date.now() - began < 120_000) {
    if (server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode})`);
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.ok) return { url, server };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGTERM");
  throw new Error(`the server did not answer at ${url}`);
}

/** Stops a server startServer started, and waits for it to be gone. */
export async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  server.kill("SIGTERM");
  await once(server, "exit");
}
