/**
 * The build's compressed copies (scripts/precompress.ts): a .br and a .gz beside each text file
 * where they pay, none where they do not, and no stale copy left to be served in a file's place.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { writeCompressedCopies } from "../../scripts/precompress";

describe("the build's compressed copies", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "precompress-"));
    mkdirSync(join(dir, "assets"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: string | Buffer) => writeFileSync(join(dir, name), content);
  const copies = (name: string) => [".br", ".gz"].filter((extension) => existsSync(join(dir, name + extension)));
  const text = (bytes: number) => "const rând = 'Șir de caractere românești';\n".repeat(Math.ceil(bytes / 45)).slice(0, bytes);

  it("writes a brotli and a gzip copy beside each text file, each decoding to the file", async () => {
    const files = ["index.html", "assets/App-x1.js", "assets/index-x2.css", "favicon.svg", "assets/data.json"];
    for (const name of files) write(name, text(4000));
    const sizes = await writeCompressedCopies(dir);
    for (const name of files) {
      expect([name, copies(name)]).toEqual([name, [".br", ".gz"]]);
      const original = readFileSync(join(dir, name));
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).equals(original)).toBe(true);
    }
    expect(sizes.find(({ file }) => file === join("assets", "App-x1.js"))).toMatchObject({ bytes: readFileSync(join(dir, "assets", "App-x1.js")).length, br: expect.any(Number), gz: expect.any(Number) });
  });

  it("writes none for a file under 512 bytes, one that does not shrink, a source map or a binary file", async () => {
    write("small.css", text(400));
    write("assets/noise.json", randomBytes(8000));
    write("assets/App-x1.js.map", text(8000));
    write("assets/logo.png", Buffer.alloc(8000));
    await writeCompressedCopies(dir);
    for (const name of ["small.css", "assets/noise.json", "assets/App-x1.js.map", "assets/logo.png"]) {
      expect([name, copies(name)]).toEqual([name, []]);
    }
  });

  it("removes a copy left by an earlier build where the file no longer earns one", async () => {
    write("index.html", text(300));
    write("index.html.br", "an older index.html, compressed");
    write("index.html.gz", "an older index.html, compressed");
    await writeCompressedCopies(dir);
    expect(copies("index.html")).toEqual([]);
  });
});
