/**
 * The public pages open without the admin app: in a production build, what index.html's entry
 * loads up front holds no react-admin code, is one file named in index.html itself (fetched at
 * once, with one set of response headers), and stays within its weight as sent.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build, type Plugin } from "vite";
import { ADMIN_APP, PUBLIC_ENTRY, SIGN_IN_LANDING, readManifest, staticFiles, type Manifest } from "../../scripts/uiBundle";

/**
 * react-admin and the libraries only it brings. ra-language-english is not among them: it is
 * react-admin's English words, a plain object, of which the public pages' forms use a few.
 */
const ADMIN_ONLY_PACKAGE =
  /node_modules\/(react-admin|ra-core|ra-ui-materialui|ra-i18n-polyglot|ra-data-simple-rest|react-hook-form|@tanstack\/react-query|node-polyglot)\//;

/**
 * The most JavaScript `/` and `/login` may load, as sent (the build's brotli copies): the target
 * is 125 KiB transferred (README, Benchmarks: `npm run bench:web`), which also counts each
 * response's headers (about 1 KiB); this leaves room for them and a margin, so that a change which
 * brings a heavy part back into the shell fails here rather than on a phone.
 */
const PUBLIC_SCRIPTS_BUDGET_KIB = 115;

/** The home's charts library: loaded with the chart alone (src/home/MonthsChart.tsx), never up front. */
const CHARTS_PACKAGE = /node_modules\/@mui\/x-charts(-vendor)?\//;

/** The public pages (src/public/publicPages.tsx) and the shell that frames them. */
const PUBLIC_PAGE_SOURCES = [
  "src/pages/Landing.tsx",
  "src/pages/About.tsx",
  "src/pages/Contact.tsx",
  "src/pages/LegalPage.tsx",
  "src/pages/Login.tsx",
  "src/pages/RecoverPassword.tsx",
  "src/pages/SetPassword.tsx",
  "src/public/PublicShell.tsx",
];

describe("the public pages' bundle", () => {
  const dist = mkdtempSync(join(tmpdir(), "ui-bundle-"));
  /** The source modules in each built file, as the bundler put them there. */
  const modulesOf = new Map<string, string[]>();
  let manifest: Manifest;

  beforeAll(async () => {
    const listModules: Plugin = {
      name: "list-modules",
      generateBundle(_options, bundle) {
        for (const output of Object.values(bundle)) if (output.type === "chunk") modulesOf.set(output.fileName, output.moduleIds);
      },
    };
    // The bundle `vite build` ships (Vite builds React's development code when NODE_ENV says test).
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await build({
        configFile: resolve("vite.config.ts"),
        logLevel: "warn",
        build: { outDir: dist, emptyOutDir: true },
        plugins: [listModules],
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    manifest = readManifest(dist);
  }, 120_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const publicScripts = () => staticFiles(manifest, [PUBLIC_ENTRY]).filter((file) => file.endsWith(".js"));

  /** What a browser runs to show `source`: index.html's entry, the chunk holding it, and their static imports. */
  function modulesLoadedFor(source: string): string[] {
    const file = [...modulesOf].find(([, modules]) => modules.some((module) => module.endsWith(`/${source}`)))?.[0];
    const key = Object.keys(manifest).find((name) => manifest[name].file === file);
    if (!key) throw new Error(`${source} is in no chunk of the build.`);
    return staticFiles(manifest, [PUBLIC_ENTRY, key]).flatMap((loaded) => (modulesOf.get(loaded) ?? []).map((module) => `${loaded}: ${module}`));
  }

  it("holds no module of react-admin for any public page, as the admin app's chunk does", () => {
    for (const page of PUBLIC_PAGE_SOURCES) {
      const loaded = modulesLoadedFor(page);
      expect(loaded.length, page).toBeGreaterThan(0);
      expect(loaded.filter((module) => ADMIN_ONLY_PACKAGE.test(module)), page).toEqual([]);
    }
    // The same look-up finds react-admin where it is, so the check above can see it.
    expect(modulesLoadedFor("src/App.tsx").some((module) => ADMIN_ONLY_PACKAGE.test(module))).toBe(true);
  });

  it("loads the charts' library only with the home's chart: not with the admin app, nor with the home before its figures", () => {
    for (const page of [ADMIN_APP, SIGN_IN_LANDING, ...PUBLIC_PAGE_SOURCES]) {
      expect(modulesLoadedFor(page).filter((module) => CHARTS_PACKAGE.test(module)), page).toEqual([]);
    }
    // The same look-up finds the library where it is.
    expect(modulesLoadedFor("src/home/MonthsChart.tsx").some((module) => CHARTS_PACKAGE.test(module))).toBe(true);
  });

  it("is one file, named in index.html", () => {
    const html = readFileSync(join(dist, "index.html"), "utf8");
    const named = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
    // vite.config.ts gathers everything the entry imports statically into it.
    expect(publicScripts()).toHaveLength(1);
    expect(named).toEqual(publicScripts());
  });

  it(`weighs at most ${PUBLIC_SCRIPTS_BUDGET_KIB} KiB as sent`, () => {
    const sent = publicScripts().map((file) => join(dist, existsSync(join(dist, `${file}.br`)) ? `${file}.br` : file));
    const kib = sent.reduce((total, path) => total + statSync(path).size, 0) / 1024;
    expect(kib).toBeLessThanOrEqual(PUBLIC_SCRIPTS_BUDGET_KIB);
  });

  it("leaves the admin app to a chunk of its own, loaded only on demand", () => {
    expect(manifest[PUBLIC_ENTRY].dynamicImports).toContain(ADMIN_APP);
    expect(staticFiles(manifest, [PUBLIC_ENTRY])).not.toContain(manifest[ADMIN_APP].file);
  });
});
