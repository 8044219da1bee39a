/**
 * Decides whether dist/ holds a build of the current UI sources, and builds it when not, so that
 * `npm start` on a fresh clone (or after a pull) serves what the sources say.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

// The build plugin (its compressed copies) counts as a source of the build too.
const UI_SOURCES = ["src", "i18n", "contract", "public", "index.html", "vite.config.ts", "scripts/precompress.ts", "package.json"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function uiBuildIsCurrent(root: string, outDir = "dist"): boolean {
  const builtIndex = resolve(root, outDir, "index.html");
  if (!existsSync(builtIndex)) return false;
  const builtAt = statSync(builtIndex).mtimeMs;
  return UI_SOURCES.every((source) => newestMtime(join(root, source)) <= builtAt);
}

export function buildUiIfNeeded(root = process.cwd(), outDir = "dist"): boolean {
  if (uiBuildIsCurrent(root, outDir)) return false;
  console.log("Se construiește interfața (vite build)...");
  // In its own process: Vite sets NODE_ENV=production in the process that builds, which would
  // turn the server that starts next into production mode.
  const vitePackage = createRequire(import.meta.url).resolve("vite/package.json");
  const viteCli = join(dirname(vitePackage), "bin", "vite.js");
  const result = spawnSync(process.execPath, [viteCli, "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
  return true;
}
