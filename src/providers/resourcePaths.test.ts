/**
 * The spec's irregular paths live in one table (contract/paths.ts IRREGULAR_PATHS): the server's
 * mount prefixes (`apiPrefixOf`, API_PREFIXES) and the client's paths (`resourcePaths`) are both
 * read from its row, and a resource without a row speaks plain REST at /api/<name>.
 * (test/server/resourcePaths.test.ts checks that the server really serves these paths.)
 */
import {
  API,
  API_PREFIXES,
  IRREGULAR_PATHS,
  type IrregularPath,
  PLAIN_REST_CALLS,
  apiPathOf,
  apiPrefixOf,
} from "../../contract/paths";
import { RESOURCE_PATHS, resourcePaths } from "./resourcePaths";

const rows = Object.entries(IRREGULAR_PATHS as Record<string, IrregularPath>);

describe("the irregular paths' one table", () => {
  it.each(rows)("gives the server's prefix for %s", (name, row) => {
    expect(apiPrefixOf(name)).toBe(row.prefix ?? `/${name}`);
    expect(API_PREFIXES[name as keyof typeof API_PREFIXES]).toBe(apiPrefixOf(name));
    expect(apiPathOf(name)).toBe(`${API}${apiPrefixOf(name)}`);
  });

  it.each(rows)("gives the client's paths for %s: its prefix, then its row's suffixes, only for its calls", (name, row) => {
    const paths = resourcePaths(name);
    const calls = row.calls ?? PLAIN_REST_CALLS;
    expect(paths.list).toBe(apiPathOf(name) + (row.list ?? ""));
    expect(paths.create).toBe(calls.includes("create") ? apiPathOf(name) + (row.create ?? "") : undefined);
    const oneRecord = `${apiPathOf(name)}${row.one ?? ""}/a%2Fb`;
    expect(paths.one?.("a/b")).toBe(calls.includes("one") ? oneRecord : undefined);
    expect(paths.read?.("a/b")).toBe(calls.includes("read") ? oneRecord : undefined);
    expect(paths.idField).toBe(row.idField);
  });

  it("names in RESOURCE_PATHS exactly the rows the data provider calls", () => {
    expect(Object.keys(RESOURCE_PATHS).sort()).toEqual(rows.filter(([, row]) => (row.calls ?? PLAIN_REST_CALLS).length > 0).map(([name]) => name).sort());
    for (const [name, paths] of Object.entries(RESOURCE_PATHS)) expect(paths.list).toBe(resourcePaths(name).list);
  });

  it("keeps the spec's irregular addresses", () => {
    expect(resourcePaths("tenants").list).toBe("/api/tenant/list");
    expect(resourcePaths("users").create).toBe("/api/user/add");
    expect(resourcePaths("properties").one!("smartbill.cif")).toBe("/api/property/properties/smartbill.cif");
    // The list at the spec's /all; one customer by plain REST beside it.
    const customers = resourcePaths("customers");
    expect(customers.list).toBe("/api/smartbill/customer/all");
    expect([customers.create, customers.read!(7), customers.one!(7)]).toEqual(["/api/smartbill/customer", "/api/smartbill/customer/7", "/api/smartbill/customer/7"]);
    expect(resourcePaths("invoices").read!(7)).toBe("/api/smartbill/invoice/7");
    expect(resourcePaths("warehouses").read).toBeUndefined();
    expect(apiPrefixOf("me")).toBe("");
  });

  it("gives a resource without a row plain REST at /api/<name> (where the server mounts its folder)", () => {
    expect(Object.hasOwn(IRREGULAR_PATHS, "customerCategories")).toBe(false);
    expect(apiPrefixOf("customerCategories")).toBe("/customerCategories");
    const paths = resourcePaths("customerCategories");
    expect({ ...paths, one: paths.one?.(3), read: paths.read?.(3) }).toEqual({
      list: "/api/customerCategories",
      create: "/api/customerCategories",
      one: "/api/customerCategories/3",
      read: "/api/customerCategories/3",
    });
  });
});
