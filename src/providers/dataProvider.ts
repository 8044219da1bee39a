/**
 * The app's dataProvider: resources of the spec's irregular API go through the path table;
 * any other resource is plain REST under /api/<resource> (ra-data-simple-rest), so a new
 * resource with a REST backend needs no mapping code at all.
 */
import { combineDataProviders, type DataProvider } from "react-admin";
import simpleRestProvider from "ra-data-simple-rest";
import { API } from "../../contract/paths";
import { httpClient as defaultHttpClient, type HttpClient } from "./httpClient";
import { createCustomMethods } from "./customMethods";
import { RESOURCE_PATHS } from "./resourcePaths";
import { createSpecPathDataProvider } from "./specPathDataProvider";

export function createDataProvider(http: HttpClient = defaultHttpClient, apiBase = ""): DataProvider {
  const specPaths = Object.fromEntries(
    Object.entries(RESOURCE_PATHS).map(([name, paths]) => [
      name,
      {
        ...paths,
        list: apiBase + paths.list,
        create: paths.create && apiBase + paths.create,
        one: paths.one && ((id: any) => apiBase + paths.one!(id)),
        read: paths.read && ((id: any) => apiBase + paths.read!(id)),
      },
    ]),
  );
  const specProvider = createSpecPathDataProvider(specPaths, http);
  const restProvider = simpleRestProvider(`${apiBase}${API}`, (url, options) => http(url, options as any) as any);
  return { ...combineDataProviders((resource) => (RESOURCE_PATHS[resource] ? specProvider : restProvider)), ...createCustomMethods(http) };
}

export const dataProvider = createDataProvider();
