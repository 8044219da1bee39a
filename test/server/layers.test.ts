/**
 * The layers, read from the imports: contract/ is the bottom layer both sides stand on, so it
 * imports nothing of server/ or src/ (a type taken from a route folder put the shared layer on top
 * of the server, and tied 21 files into one circle); the client takes contract's TypeBox schemas
 * as types only, so TypeBox stays out of its bundle; and the server's files import each other
 * without circles, so any one of them can be read, tested and moved starting from what it imports.
 */
import { describe, expect, it } from "vitest";
import { type ImportEdge, importCircles, importsOf, sourceFilesUnder } from "../helpers/importGraph";

/** An import that runs when the importing file loads (not a type, not a later `import()`). */
const loadsWithFile = (edge: ImportEdge) => !edge.typeOnly && !edge.dynamic;

/** The contract files that load TypeBox when they load, themselves or through what they import. */
function contractFilesLoadingTypeBox(): Set<string> {
  const files = sourceFilesUnder("contract");
  const loading = new Set(files.filter((file) => importsOf(file).some((edge) => loadsWithFile(edge) && edge.specifier === "typebox")));
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of files) {
      if (loading.has(file)) continue;
      if (importsOf(file).some((edge) => loadsWithFile(edge) && edge.file && loading.has(edge.file))) {
        loading.add(file);
        grew = true;
      }
    }
  }
  return loading;
}

describe("the layers", () => {
  it("keep contract/ free of imports from server/ and src/, types included", () => {
    const upward = sourceFilesUnder("contract").flatMap((file) =>
      importsOf(file)
        .filter((edge) => edge.file && /^(server|src)\//.test(edge.file))
        .map((edge) => `${file} → ${edge.file}`),
    );
    expect(upward).toEqual([]);
  });

  it("let the client take contract's TypeBox schemas as types only", () => {
    const withTypeBox = contractFilesLoadingTypeBox();
    // The check has something to find: the schemas load TypeBox, contract/api.ts does not.
    expect(withTypeBox.has("contract/schemas/invoices.ts")).toBe(true);
    expect(withTypeBox.has("contract/api.ts")).toBe(false);
    const loaded = sourceFilesUnder("src").flatMap((file) =>
      importsOf(file)
        .filter((edge) => loadsWithFile(edge) && (edge.specifier === "typebox" || (edge.file && withTypeBox.has(edge.file))))
        .map((edge) => `${file} → ${edge.file ?? edge.specifier}`),
    );
    expect(loaded).toEqual([]);
  });

  it("keep the server's files (and the contract they import) free of import circles, types included", () => {
    const files = sourceFilesUnder("server", "contract");
    // Every relative import is found, or an edge could hide from both checks.
    const unresolved = files.flatMap((file) =>
      importsOf(file)
        .filter((edge) => edge.file?.endsWith("(unresolved)"))
        .map((edge) => `${file} → ${edge.specifier}`),
    );
    expect(unresolved).toEqual([]);
    const circles = importCircles(files);
    expect(circles.map((files) => files.join(" ↔ "))).toEqual([]);
  });
});
