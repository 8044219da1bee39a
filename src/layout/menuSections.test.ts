import { MENU_SECTION_NAMES } from "../appResource";
import { visibleSections } from "./menuSections";

const SECTION_ORDER: readonly string[] = MENU_SECTION_NAMES;

import { ROLE_MATRIX, rolesAllow } from "../../contract/roles";
import { RESOURCE_FOLDERS, RESOURCES } from "../resources";

const shape = (roles: string[]) =>
  visibleSections(roles).map((section) => [section.title, section.entries.map((entry) => entry.to)] as const);

/** `expected` appears in `actual` in its order, other entries (a resource added since) between them. */
function inOrder(actual: readonly string[], expected: readonly string[]) {
  expect(actual.filter((to) => expected.includes(to))).toEqual(expected);
}

/** Every entry the resources and the pages give these roles, section by section, as the definitions say. */
const entriesFor = (roles: string[]) =>
  RESOURCES.filter((resource) => resource.menu && rolesAllow(roles, resource.name)).flatMap((resource) =>
    resource.menu!.entries.map((entry) => `${resource.menu!.section}:/${resource.name}${entry.path ? `/${entry.path}` : ""}`),
  );

describe("the sidebar's sections", () => {
  it("show every entry to the super-admin, in the spec's order", () => {
    const sections = Object.fromEntries(shape(["ROLE_SUPERADMIN"]));
    expect(Object.keys(sections)).toEqual([
      "menu.sections.general",
      "menu.sections.smartbill",
      "menu.sections.stock",
      "menu.sections.customers",
      "menu.sections.administration",
    ]);
    expect(sections["menu.sections.general"]).toEqual(["/"]);
    inOrder(sections["menu.sections.smartbill"]!, ["/invoices/import", "/invoices"]);
    inOrder(sections["menu.sections.stock"]!, ["/stock", "/stock/import", "/products", "/warehouses", "/tasks"]);
    inOrder(sections["menu.sections.customers"]!, ["/customers", "/customers/import"]);
    inOrder(sections["menu.sections.administration"]!, ["/tenants", "/users", "/properties", "/audit", "/smartbill-connection"]);
  });

  it("show each role exactly the entries of the resources its role matrix rows allow", () => {
    for (const role of ["ROLE_SUPERADMIN", "ROLE_ADMIN", "ROLE_SMARTBILL"]) {
      const shown = visibleSections([role]).flatMap((section) =>
        section.entries.filter((entry) => entry.resource && entry.to !== "/smartbill-connection" && entry.to !== "/efactura-spv").map((entry) => `${section.title.replace("menu.sections.", "")}:${entry.to}`),
      );
      expect(shown, role).toEqual(
        [...entriesFor([role])].sort((a, b) => SECTION_ORDER.indexOf(a.split(":")[0]!) - SECTION_ORDER.indexOf(b.split(":")[0]!)),
      );
    }
  });

  it("hide the SmartBill work and Tenants from an admin, who sets up the warehouses", () => {
    const sections = Object.fromEntries(shape(["ROLE_ADMIN"]));
    expect(sections["menu.sections.smartbill"]).toBeUndefined();
    expect(sections["menu.sections.stock"]).toContain("/warehouses");
    expect(sections["menu.sections.stock"]).not.toContain("/stock");
    inOrder(sections["menu.sections.administration"]!, ["/users", "/properties", "/audit", "/smartbill-connection"]);
    expect(sections["menu.sections.administration"]).not.toContain("/tenants");
  });

  it("hide Administration from the invoicing role", () => {
    expect(shape(["ROLE_SMARTBILL"]).map(([title]) => title)).toEqual([
      "menu.sections.general",
      "menu.sections.smartbill",
      "menu.sections.stock",
      "menu.sections.customers",
    ]);
  });

  it("lead each role that reads the SPV connection to it exactly once: admins in Administration, the invoicing role beside the invoices", () => {
    const places = (roles: string[]) => shape(roles).filter(([, entries]) => entries.includes("/efactura-spv")).map(([title]) => title);
    expect(places(["ROLE_SUPERADMIN"])).toEqual(["menu.sections.administration"]);
    expect(places(["ROLE_ADMIN"])).toEqual(["menu.sections.administration"]);
    expect(places(["ROLE_SMARTBILL"])).toEqual(["menu.sections.smartbill"]);
    expect(places(["ROLE_ADMIN", "ROLE_SMARTBILL"])).toEqual(["menu.sections.administration"]);
  });

  it("leave only Home to a signed-in user without roles", () => {
    expect(shape([])).toEqual([["menu.sections.general", ["/"]]]);
  });
});

describe("the resources, found from their folders", () => {
  it("are each folder's index.tsx, named as its folder, with a row of the role matrix", () => {
    expect(Object.keys(RESOURCE_FOLDERS).length).toBeGreaterThanOrEqual(10);
    for (const [folder, name] of Object.entries(RESOURCE_FOLDERS)) {
      expect(name, `src/${folder}/index.tsx: export default the folder's resource`).toBe(folder);
      expect(Object.hasOwn(ROLE_MATRIX, name), `${name}: a row in contract/roles.ts ROLE_MATRIX`).toBe(true);
    }
  });

  it("come in the order of the role matrix's rows", () => {
    const order = Object.keys(ROLE_MATRIX);
    const ranks = RESOURCES.map((resource) => order.indexOf(resource.name));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

describe("the sidebar, built from the resource definitions", () => {
  it("shows a resource's entries in its section, after the others, with the icon it chose once", async () => {
    const ScaleIcon = (await import("@mui/icons-material/Scale")).default;
    const UploadIcon = (await import("@mui/icons-material/Upload")).default;
    // A catalogue borrowing the customers' row of the role matrix (the invoicing role's).
    const products = {
      name: "customers",
      icon: ScaleIcon,
      menu: {
        section: "stock",
        entries: [{ label: "menu.products" }, { path: "import", label: "menu.productImport", icon: UploadIcon }],
      },
    } as const;
    const stock = visibleSections(["ROLE_SMARTBILL"], [...RESOURCES, products]).find(
      (section) => section.title === "menu.sections.stock",
    )!;
    expect(stock.entries.map((entry) => entry.to)).toEqual([
      "/stock",
      "/stock/import",
      "/products",
      "/warehouses",
      "/tasks",
      "/customers",
      "/customers/import",
    ]);
    expect(stock.entries.slice(-2).map((entry) => entry.icon)).toEqual([ScaleIcon, UploadIcon]);
    expect(visibleSections(["ROLE_ADMIN"], [...RESOURCES, products]).flatMap((s) => s.entries.map((e) => e.label))).not.toContain(
      "menu.products",
    );
  });
});
