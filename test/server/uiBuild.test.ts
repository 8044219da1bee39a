import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildUiIfNeeded, uiBuildIsCurrent } from "../../scripts/uiBuild";

describe("npm start's UI build", () => {
  const outDir = mkdtempSync(join(tmpdir(), "ui-build-"));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("builds the UI when there is no build, and not again while the build is current", () => {
    rmSync(outDir, { recursive: true, force: true });
    expect(uiBuildIsCurrent(process.cwd(), outDir)).toBe(false);
    expect(buildUiIfNeeded(process.cwd(), outDir)).toBe(true);
    expect(existsSync(join(outDir, "index.html"))).toBe(true);
    expect(buildUiIfNeeded(process.cwd(), outDir)).toBe(false);
  }, 120_000);

  it("writes a brotli and a gzip copy beside the page and its entry bundle", () => {
    const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"/.exec(readFileSync(join(outDir, "index.html"), "utf8"))?.[1];
    expect(entry).toBeDefined();
    for (const name of ["index.html", entry as string]) {
      const original = readFileSync(join(outDir, name));
      expect(brotliDecompressSync(readFileSync(join(outDir, `${name}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(join(outDir, `${name}.gz`))).equals(original)).toBe(true);
    }
  });

  it("counts a build older than any UI source as stale", () => {
    const root = mkdtempSync(join(tmpdir(), "ui-src-"));
    try {
      writeFileSync(join(root, "index.html"), "<html></html>");
      const built = join(root, "dist");
      rmSync(built, { recursive: true, force: true });
      mkdirSync(built);
      writeFileSync(join(built, "index.html"), "built");
      expect(uiBuildIsCurrent(root)).toBe(true);
      const later = new Date(Date.now() + 60_000);
      utimesSync(join(root, "index.html"), later, later);
      expect(uiBuildIsCurrent(root)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
