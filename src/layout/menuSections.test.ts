import { visibleSections } from "./menuSections";

const shape = (roles: string[]) =>
  visibleSections(roles).map((section) => [section.title, section.entries.map((entry) => entry.to)]);

describe("the sidebar's sections", () => {
  it("show every entry to the super-admin", () => {
    expect(shape(["ROLE_SUPERADMIN"])).toEqual([
      ["menu.sections.general", ["/"]],
      ["menu.sections.smartbill", ["/invoices/import", "/invoices"]],
      ["menu.sections.stock", ["/stock", "/stock/import", "/warehouses", "/tasks"]],
      ["menu.sections.customers", ["/customers", "/customers/import"]],
      ["menu.sections.administration", ["/tenants", "/users", "/properties", "/smartbill-connection"]],
    ]);
  });

  it("hide the SmartBill work and Tenants from an admin, who sets up the warehouses", () => {
    expect(shape(["ROLE_ADMIN"])).toEqual([
      ["menu.sections.general", ["/"]],
      ["menu.sections.stock", ["/warehouses"]],
      ["menu.sections.administration", ["/users", "/properties", "/smartbill-connection"]],
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
