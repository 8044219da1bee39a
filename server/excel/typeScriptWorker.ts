/**
 * A worker thread running one of our TypeScript modules. The server runs under tsx (`npm start`)
 * and the tests under vitest; on Node 20 neither one's module hooks reach a worker thread, and
 * `--import tsx` in a worker's execArgv is not applied to its entry module either ("Unknown file
 * extension .ts"). So the worker's entry is a line of JavaScript that registers tsx's hooks in
 * the worker, then imports the module.
 */
import { Worker, type WorkerOptions } from "node:worker_threads";

export function typeScriptWorker(module: URL, options: Omit<WorkerOptions, "eval" | "execArgv">): Worker {
  const hooks = import.meta.resolve("tsx/esm/api");
  const entry = `import(${JSON.stringify(hooks)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); });`;
  // execArgv: none of the parent's (tsx's loader flags, vitest's) — the line above is the setup.
  return new Worker(entry, { ...options, eval: true, execArgv: [] });
}
