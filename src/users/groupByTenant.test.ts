import type { User } from "../../contract/api";
import { groupByTenant } from "./groupByTenant";

const user = (id: number, tenantId: number, tenantName: string): User => ({
  id,
  email: `u${id}@x.ro`,
  tenant: { id: tenantId, name: tenantName, description: `${tenantName} desc` },
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  roles: [],
});

describe("groupByTenant", () => {
  it("puts each tenant's users under that tenant, tenants and users in id order", () => {
    const groups = groupByTenant([user(5, 2, "Demo SRL"), user(1, 1, "system"), user(3, 2, "Demo SRL"), user(9, 7, "Alfa")]);
    expect(groups.map((g) => [g.tenant.name, g.users.map((u) => u.id)])).toEqual([
      ["system", [1]],
      ["Demo SRL", [3, 5]],
      ["Alfa", [9]],
    ]);
    expect(groups[1].tenant.description).toBe("Demo SRL desc");
  });

  it("makes no group out of nothing", () => {
    expect(groupByTenant([])).toEqual([]);
  });
});
