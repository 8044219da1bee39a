/**
 * The app's resources: each folder's `index.tsx` that default-exports its definition (an
 * AppResource), found by the build (Vite's glob, in the app and its tests alike), so a new
 * resource is its folder and nothing else. App.tsx renders one <Resource> for each, and the menu
 * shows their entries section by section in the order of the role matrix's rows
 * (contract/roles.ts), the one list a resource adds its row to.
 */
import { ROLE_MATRIX } from "../contract/roles";
import type { AppResource } from "./appResource";

const FOLDERS = import.meta.glob<AppResource>("./*/index.tsx", { eager: true, import: "default" });

const ORDER: readonly string[] = Object.keys(ROLE_MATRIX);

/** Resources in the role matrix's order (a name without a row sorts last; registries.test refuses it). */
export function inMatrixOrder(resources: readonly AppResource[]): AppResource[] {
  const rank = (resource: AppResource) => (ORDER.includes(resource.name) ? ORDER.indexOf(resource.name) : ORDER.length);
  return [...resources].sort((a, b) => rank(a) - rank(b));
}

export const RESOURCES: readonly AppResource[] = inMatrixOrder(Object.values(FOLDERS).filter((resource) => resource !== undefined));

/** The folder each resource came from, for the check that a folder holds the resource of its name. */
export const RESOURCE_FOLDERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(FOLDERS).map(([path, resource]) => [path.split("/")[1]!, resource?.name ?? ""]),
);
