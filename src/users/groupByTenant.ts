/** Users grouped by tenant, groups and users in id order, for the users screen's headings. */
import type { User } from "../../contract/api";

export interface TenantGroup {
  tenant: User["tenant"];
  users: User[];
}

export function groupByTenant(users: readonly User[]): TenantGroup[] {
  const groups = new Map<number, TenantGroup>();
  for (const user of users) {
    const group = groups.get(user.tenant.id) ?? { tenant: user.tenant, users: [] };
    group.users.push(user);
    groups.set(user.tenant.id, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.tenant.id - b.tenant.id)
    .map((group) => ({ ...group, users: [...group.users].sort((a, b) => a.id - b.id) }));
}
