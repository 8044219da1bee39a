/**
 * The route folders under server/routes/api, found by reading the folder: each subfolder's
 * `index.ts` default-exports a RouteFolder (routeFolder.ts). Loaded once per process, before the
 * API's routes are registered; a folder whose index exports none stops the start with its name.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isRouteFolder, type RouteFolder } from "./routeFolder";
import type { PlainResource } from "./plainResource";

const FOLDER = dirname(fileURLToPath(import.meta.url));

/** The subfolders of server/routes/api, by name. */
export function routeFolderNames(folder = FOLDER): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

let loading: Promise<ReadonlyMap<string, RouteFolder>> | undefined;

/** Every route folder, by folder name (loaded once). */
export function routeFolders(): Promise<ReadonlyMap<string, RouteFolder>> {
  loading ??= (async () => {
    const folders = new Map<string, RouteFolder>();
    for (const name of routeFolderNames()) {
      const module: { default?: unknown } = await import(join(FOLDER, name, "index.ts"));
      if (!isRouteFolder(module.default)) {
        throw new Error(`server/routes/api/${name}/index.ts: export default routeFolder({ routes }) or tenantResource({ … })`);
      }
      folders.set(name, module.default);
    }
    return folders;
  })();
  return loading;
}

/** The plain tenant resources among the route folders, by resource name. */
export async function plainResources(): Promise<PlainResource[]> {
  return [...(await routeFolders()).values()].flatMap((folder) => (folder.resource ? [folder.resource] : []));
}
