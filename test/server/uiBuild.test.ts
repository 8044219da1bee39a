import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
