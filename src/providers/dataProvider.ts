/**
 * The app's dataProvider: one provider speaking the list protocol for every resource
 * (specPathDataProvider.ts). Resources of the spec's irregular API go through the path table;
 * any other resource lives at /api/<resource> (resourcePaths.ts), so a new resource needs no
 * provider code at all.
 */
import type { DataProvider } from "react-admin";
import { httpClient as defaultHttpClient, type HttpClient } from "./httpClient";
import { createCustomMethods } from "./customMethods";
import { type ResourcePaths, resourcePaths } from "./resourcePaths";
import { createSpecPathDataProvider } from "./specPathDataProvider";

/** The paths prefixed by `apiBase` (an origin, for tests against a server elsewhere). */
function withBase(paths: ResourcePaths, apiBase: string): ResourcePaths {
  if (!apiBase) return paths;
  return {
    ...paths,
    list: apiBase + paths.list,
    create: paths.create && apiBase + paths.create,
    one: paths.one && ((id) => apiBase + paths.one!(id)),
    read: paths.read && ((id) => apiBase + paths.read!(id)),
  };
}

export function createDataProvider(http: HttpClient = defaultHttpClient, apiBase = ""): DataProvider {
  return {
    ...createSpecPathDataProvider((resource) => withBase(resourcePaths(resource), apiBase), http),
    // The custom methods (imports, send, stock import, roles, set-url links, taxes).
    ...createCustomMethods(http),
  };
}

export const dataProvider = createDataProvider();
