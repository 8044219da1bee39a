/**
 * A real server process (`node --import tsx server/server.ts`) for tests of what only a process shows: signals,
 * exit codes, a database going away under it. Resolves once the process prints its URL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { TEST_JWT_SECRET } from "./testApp";

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code when the process ends (at once if it has). */
  exited: Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>, startTimeoutMs = 60_000): Promise<ServerProcess> {
  // Node itself, with tsx as a loader, not tsx's command: that one relays a signal to its child
  // and kills the child outright when the child has not said within 30 ms that it got it, which a
  // loaded machine misses (a SIGTERM then ended the server instead of draining it).
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    env: { ...process.env, NODE_ENV: "", PORT: "0", HOST: "127.0.0.1", UI_DIR: "./test/.no-ui-build", LOG_LEVEL: "warn", JWT_SECRET: TEST_JWT_SECRET, DEMO_DATA: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /SmartBill back office: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
  return { child, origin, output: () => output, exited };
}

/** Polls `check` until it answers true; fails after `timeoutMs` (a generous bound, not a measure). */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
