import { visibleSections } from "./menuSections";

const shape = (roles: string[]) =>
  visibleSections(roles).map((section) => [section.title, section.entries.map((entry) => entry.to)]);

describe("the sidebar's sections", () => {
  it("show every entry to the super-admin", () => {
    expect(shape(["ROLE_SUPERADMIN"])).toEqual([
      ["menu.sections.general", ["/"]],
      ["menu.sections.smartbill", ["/invoices/import", "/invoices"]],
      ["menu.sections.stock", ["/stock", "/stock/import", "/products", "/warehouses", "/tasks"]],
      ["menu.sections.customers", ["/customers", "/customers/import"]],
      ["menu.sections.administration", ["/tenants", "/users", "/properties", "/audit", "/smartbill-connection"]],
    ]);
  });

  it("hide the SmartBill work and Tenants from an admin, who sets up the warehouses", () => {
    expect(shape(["ROLE_ADMIN"])).toEqual([
      ["menu.sections.general", ["/"]],
      ["menu.sections.stock", ["/warehouses"]],
      ["menu.sections.administration", ["/users", "/properties", "/audit", "/smartbill-connection"]],
    ]);
  });

  it("hide Administration from the invoicing role", () => {
    expect(shape(["ROLE_SMARTBILL"]).map(([title]) => title)).toEqual([
      "menu.sections.general",
      "menu.sections.smartbill",
      "menu.sections.stock",
      "menu.sections.customers",
    ]);
  });

  it("leave only Home to a signed-in user without roles", () => {
    expect(shape([])).toEqual([["menu.sections.general", ["/"]]]);
  });
});

describe("the sidebar, built from the resource definitions", () => {
  it("shows a resource's entries in its section, after the others, with the icon it chose once", async () => {
    const { RESOURCES } = await import("../resources");
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
