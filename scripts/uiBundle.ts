/**
 * What a page of the built UI loads, read from Vite's manifest (dist/.vite/manifest.json): the
 * chunks of an entry and of everything it imports statically, and their weight. The public pages are index.html's entry alone; a signed-in
 * user adds the admin app (src/App.tsx) and the home where sign-in lands.
 *
 * `npx tsx scripts/uiBundle.ts [dist]` prints the weight of both, raw and gzip.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const PUBLIC_ENTRY = "index.html";
export const ADMIN_APP = "src/App.tsx";
export const SIGN_IN_LANDING = "src/pages/Home.tsx";

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
}

/** The files the browser needs before `keys` run: their chunks and all they import statically. */
export function staticFiles(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk '${key}' in Vite's manifest.`);
    files.push(chunk.file, ...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

export function weight(dist: string, files: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of new Set(files)) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const dist = process.argv[2] ?? "dist";
  const manifest = readManifest(dist);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const pages: Array<[string, string[]]> = [
    ["/ and /login (the public shell)", [PUBLIC_ENTRY]],
    ["/ after sign-in (+ the admin app)", [PUBLIC_ENTRY, ADMIN_APP, SIGN_IN_LANDING]],
  ];
  for (const [label, keys] of pages) {
    const files = ["index.html", ...staticFiles(manifest, keys)];
    const { raw, gzip } = weight(dist, files);
    console.log(`${label}: ${files.length} files, ${kib(raw)} raw, ${kib(gzip)} gzip`);
  }
}
