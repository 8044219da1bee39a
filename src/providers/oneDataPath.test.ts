/**
 * One data path: screens reach the server only through the dataProvider (its CRUD and its
 * custom methods, customMethods.ts), so every URL is written once, in contract/paths.ts, and read
 * by src/providers/. This reads every module of src/ outside the providers (tests aside) and
 * names any that writes an API address itself, calls fetch, or takes the httpClient.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const SRC = join(import.meta.dirname, "..");
const PROVIDERS = join(SRC, "providers");

function modulesOutsideProviders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === PROVIDERS ? [] : modulesOutsideProviders(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const API_ADDRESS = /^\/(api|dmz-api)(\/|$)/;

/** What in this source reaches the server past the dataProvider, one line each. */
function bypasses(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && API_ADDRESS.test(node.text)) {
      found.push(`line ${at(node)}: the address ${node.text}`);
    }
    if (ts.isTemplateExpression(node) && API_ADDRESS.test(node.head.text)) {
      found.push(`line ${at(node)}: the address ${node.head.text}…`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "fetch") {
      found.push(`line ${at(node)}: fetch()`);
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (/providers\/(httpClient|requestFile)$/.test(from)) found.push(`line ${at(node)}: imports ${from}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the client's one data path", () => {
  it("has no module outside src/providers/ that writes an API address, calls fetch or takes the httpClient", () => {
    const found = modulesOutsideProviders(SRC).flatMap((path) =>
      bypasses(path, readFileSync(path, "utf8")).map((what) => `${relative(SRC, path)} ${what}`),
    );
    expect(found).toEqual([]);
  });

  it("would name a screen that calls the httpClient with its own address", () => {
    const screen = [
      'import { httpClient } from "../providers/httpClient";',
      "// GET /api/in-a-comment is fine",
      "export const load = (id: number) => httpClient(`/api/smartbill/invoice/${id}`);",
      'export const taxes = () => window.fetch("/api/smartbill/tax");',
      'export const other = () => fetch(url);',
    ].join("\n");
    expect(bypasses("screen.ts", screen)).toEqual([
      "line 1: imports ../providers/httpClient",
      "line 3: the address /api/smartbill/invoice/…",
      "line 4: the address /api/smartbill/tax",
      "line 5: fetch()",
    ]);
  });
});
