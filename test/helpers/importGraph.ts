/**
 * The product's own import graph, read from the sources with TypeScript's parser (the compiler the
 * project already has), for the tests that keep its layers apart and its files free of circles.
 * Every static edge counts, `import type` and `export … from` included: a type-only circle still
 * ties two files together for whoever reads or moves one of them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

export interface ImportEdge {
  /** the specifier as written */
  specifier: string;
  /** the file it names, relative to the project's root; undefined for a package */
  file?: string;
  /** `import type`, `export type … from`, `import("…")` in a type, or every named binding marked `type` */
  typeOnly: boolean;
  /** `import("…")` called at run time: loaded when called, not when the file loads */
  dynamic: boolean;
}

const ROOT = resolve(__dirname, "../..");
const SOURCE = /\.tsx?$/;

/** Every .ts and .tsx file under the given folders, relative to the project's root. */
export function sourceFilesUnder(...folders: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return found.sort();
}

/** The file a relative specifier names, as the bundler and tsx resolve it (.ts, .tsx, folder/index). */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  // A specifier written with a .js ending names the .ts file beside it.
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"));
  return candidates.find((path) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile());
}

const typeOnlyImport = (node: ts.ImportDeclaration) => {
  const clause = node.importClause;
  if (!clause) return false; // `import "./x"` runs the file
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
};

const typeOnlyExport = (node: ts.ExportDeclaration) => {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
};

const parsed = new Map<string, ImportEdge[]>();

/** What one source file imports: declarations, re-exports, `import("…")` types and calls. */
export function importsOf(file: string): ImportEdge[] {
  let edges = parsed.get(file);
  if (!edges) parsed.set(file, (edges = parseImports(file)));
  return edges;
}

function parseImports(file: string): ImportEdge[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) =>
    edges.push({ specifier, typeOnly, dynamic, file: specifier.startsWith(".") ? resolveRelative(file, specifier) ?? `${specifier} (unresolved)` : undefined });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, typeOnlyImport(node), false);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      add(node.moduleSpecifier.text, typeOnlyExport(node), false);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression))
      add(node.moduleReference.expression.text, node.isTypeOnly, false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      add(node.argument.literal.text, true, false);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]))
      add(node.arguments[0].text, false, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/**
 * The circles among the given files: each strongly connected group of two or more files (or a
 * file that imports itself), found with Tarjan's algorithm over the static edges between them.
 */
export function importCircles(files: readonly string[], edgeCounts: (edge: ImportEdge) => boolean = (edge) => !edge.dynamic): string[][] {
  const inGraph = new Set(files);
  const next = new Map(files.map((file) => [file, [...new Set(importsOf(file).filter(edgeCounts).flatMap((e) => (e.file && inGraph.has(e.file) ? [e.file] : [])))]]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file)!) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || next.get(file)!.includes(file)) circles.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return circles;
}
