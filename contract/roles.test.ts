import { grantableRoles, ROLE_DESCRIPTIONS, ROLE_MATRIX, ROLE_NAMES, ROLES, roleName, rolesAllow, rolesForTenant } from "./roles";

describe("the role matrix", () => {
  it("lets only the super-admin manage tenants", () => {
    expect(rolesAllow(["ROLE_SUPERADMIN"], "tenants")).toBe(true);
    expect(rolesAllow(["ROLE_ADMIN"], "tenants")).toBe(false);
    expect(rolesAllow(["ROLE_SMARTBILL"], "tenants")).toBe(false);
  });

  it("lets admins and the super-admin manage users, settings and the SmartBill connection", () => {
    for (const resource of ["users", "properties", "smartbillConnection"]) {
      expect(rolesAllow(["ROLE_ADMIN"], resource)).toBe(true);
      expect(rolesAllow(["ROLE_SUPERADMIN"], resource)).toBe(true);
      expect(rolesAllow(["ROLE_SMARTBILL"], resource)).toBe(false);
    }
  });

  it("opens the SmartBill work to the invoicing role and the super-admin only", () => {
    for (const resource of ["invoices", "customers", "stock", "tasks"] as const) {
      expect(ROLE_MATRIX[resource]).toEqual(["ROLE_SUPERADMIN", "ROLE_SMARTBILL"]);
      expect(rolesAllow(["ROLE_ADMIN"], resource)).toBe(false);
    }
  });

  it("lets the admin set up the warehouses beside the invoicing role", () => {
    expect(ROLE_MATRIX.warehouses).toEqual(["ROLE_SUPERADMIN", "ROLE_ADMIN", "ROLE_SMARTBILL"]);
  });

  it("refuses unknown resources and users without roles", () => {
    expect(rolesAllow(["ROLE_SUPERADMIN"], "nothing")).toBe(false);
    expect(rolesAllow([], "users")).toBe(false);
    expect(rolesAllow(undefined, "users")).toBe(false);
  });
});

describe("granting roles", () => {
  it("lets the super-admin grant every role", () => {
    expect(grantableRoles(["ROLE_SUPERADMIN"])).toEqual(["ROLE_SUPERADMIN", "ROLE_ADMIN", "ROLE_SMARTBILL"]);
  });

  it("never lets an admin make a super-admin", () => {
    expect(grantableRoles(["ROLE_ADMIN"])).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL"]);
  });

  it("lets the invoicing role grant nothing", () => {
    expect(grantableRoles(["ROLE_SMARTBILL"])).toEqual([]);
  });
});

describe("the roles as people read them", () => {
  it("give every role its own name and a line saying what it allows, never the code", () => {
    expect(ROLES.map(roleName)).toEqual(["Super-administrator", "Administrator firmă", "Operator facturare"]);
    expect(new Set(Object.values(ROLE_NAMES)).size).toBe(ROLES.length);
    for (const role of ROLES) expect(`${ROLE_NAMES[role]} ${ROLE_DESCRIPTIONS[role]}`).not.toMatch(/ROLE_/);
  });

  it("keep a code this version does not know as it is", () => {
    expect(roleName("ROLE_AUDITOR")).toBe("ROLE_AUDITOR");
  });
});

describe("the roles a company's user may hold", () => {
  it("are all of them in the system tenant, and all but the super-admin's in a client company", () => {
    expect(rolesForTenant(1)).toEqual(["ROLE_SUPERADMIN", "ROLE_ADMIN", "ROLE_SMARTBILL"]);
    expect(rolesForTenant(2)).toEqual(["ROLE_ADMIN", "ROLE_SMARTBILL"]);
    expect(rolesForTenant(2, ["ROLE_SUPERADMIN", "ROLE_SMARTBILL"])).toEqual(["ROLE_SMARTBILL"]);
  });
});
