/**
 * `npm run dev`: the API server (restarting on change) on API_PORT (8080) and Vite with hot
 * reload on 5173, proxying /api and /dmz-api to it. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";

const apiPort = process.env.API_PORT ?? "8080";
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code) => {
    for (const other of children) if (other !== child) other.kill("SIGTERM");
    process.exit(code ?? 0);
  });
  children.push(child);
}

// No load balancer to drain for: a restart on change stops the old server at once.
run("npx", ["tsx", "watch", "--clear-screen=false", "server/server.ts"], { PORT: apiPort, UI_DIR: "", DRAIN_SECONDS: process.env.DRAIN_SECONDS ?? "0" });
run("npx", ["vite"], { API_PORT: apiPort });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}
