/**
 * The client's path table (src/providers/resourcePaths.ts) and the server's routes name the same
 * addresses: every list, create, read and one-record path the client would call for a resource of
 * the menu is a route the server registers, with the method the client uses. Both read
 * contract/paths.ts; this keeps a path edited on one side only from turning into a 404 on a screen.
 */
import { RESOURCE_PATHS, resourcePaths } from "../../src/providers/resourcePaths";
import { apiRoutes, type ApiRoute } from "../helpers/apiRoutes";

/** The key apiRoutes puts in a path's parameters: `:name` → smartbill.cif, any other → 1. */
const keyOf = (resource: string) => (resource === "properties" ? "smartbill.cif" : 1);
/** Invoices and proformas are edited, never deleted: no screen offers it and the spec has no such call. */
const NEVER_DELETED = new Set(["invoices", "proformas"]);

describe("the client's resource paths", () => {
  let routes: Set<string>;
  beforeAll(async () => {
    routes = new Set((await apiRoutes()).map(([method, url]: ApiRoute) => `${method} ${url}`));
  });

  it.each(Object.keys(RESOURCE_PATHS))("are routes of the server for %s", (resource) => {
    const paths = resourcePaths(resource);
    const key = keyOf(resource);
    const called = [
      `GET ${paths.list}`,
      paths.create && `POST ${paths.create}`,
      paths.read && `GET ${paths.read(key)}`,
      paths.one && `PUT ${paths.one(key)}`,
      paths.one && !NEVER_DELETED.has(resource) && `DELETE ${paths.one(key)}`,
    ].filter((call): call is string => !!call);
    expect(called.filter((call) => !routes.has(call))).toEqual([]);
  });

  it("are routes of the server for a plain resource missing from the table (the catalogue)", () => {
    const paths = resourcePaths("products");
    const called = [`GET ${paths.list}`, `POST ${paths.create}`, `GET ${paths.read!(1)}`, `PUT ${paths.one!(1)}`, `DELETE ${paths.one!(1)}`];
    expect(called.filter((call) => !routes.has(call))).toEqual([]);
  });
});
