/**
 * A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
 * build, so the server sends a file already compressed (server/plugins/staticUi.ts) rather than
 * compressing the same bytes again on every visit. Compressed once, at build time, they can use
 * the slowest, smallest settings: brotli quality 11 and gzip level 9.
 *
 * A copy is written only where it pays: a file under 512 bytes fits in a packet either way, and a
 * copy that is not clearly smaller than its file is left out (the server then sends the file as it
 * is). index.html (about 760 bytes, fetched first on every visit) is above that floor. Source maps
 * are left out too: the bundles do not link them, so browsers never fetch them.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
export const MIN_BYTES = 512;
/** A copy must save at least this share of the file's size to be worth a second request path. */
const MIN_SAVING = 0.1;

const compressors = {
  br: (data: Buffer) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gz: (data: Buffer) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }),
};
export type CopyExtension = keyof typeof compressors;

/** One file's sizes: the file itself and each copy written (absent when none was). */
export interface CompressedSizes {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes the .br and .gz copies of the text files under `dir`, removing a stale copy wherever a
 * new one is not worth writing (a copy left from an earlier build would be served in its place).
 */
export async function writeCompressedCopies(dir: string): Promise<CompressedSizes[]> {
  const texts = filesUnder(dir).filter((path) => TEXT_FILE.test(path));
  return Promise.all(
    texts.map(async (path) => {
      const sizes: CompressedSizes = { file: relative(dir, path), bytes: statSync(path).size };
      const data = sizes.bytes < MIN_BYTES ? undefined : readFileSync(path);
      for (const extension of Object.keys(compressors) as CopyExtension[]) {
        const copy = `${path}.${extension}`;
        const compressed = data && (await compressors[extension](data));
        if (compressed && compressed.length <= data.length * (1 - MIN_SAVING)) {
          writeFileSync(copy, compressed);
          sizes[extension] = compressed.length;
        } else {
          rmSync(copy, { force: true });
        }
      }
      return sizes;
    }),
  );
}

export function precompress(): Plugin {
  let outDir = "dist";
  let written = true;
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      // A build kept in memory (`build.write: false`, as analysis scripts run it) writes no files to copy.
      written = config.build.write !== false;
    },
    // After every file is written, public/'s copies included.
    async closeBundle(error?: Error) {
      if (!error && written) await writeCompressedCopies(outDir);
    },
  };
}
