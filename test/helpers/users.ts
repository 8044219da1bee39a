/**
 * Users made directly in a test app's database (not through the API under test), with roles
 * and optionally a password to sign in with.
 */
import type { RoleName } from "../../contract/roles";
import { hashPassword } from "../../server/auth/passwords";
import type { TestApp } from "./testApp";

export interface NewTestUser {
  email: string;
  tenantId: number;
  roles?: RoleName[];
  /** none: the user has not chosen a password yet */
  password?: string;
}

/** Creates the user and answers its id. */
export async function addUser(t: TestApp, user: NewTestUser): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto("users")
    .values({
      email: user.email,
      tenantId: user.tenantId,
      passwordHash: user.password ? await hashPassword(user.password) : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const role of user.roles ?? []) {
    const { id: roleId } = await t.db.selectFrom("roles").select("id").where("name", "=", role).executeTakeFirstOrThrow();
    await t.db.insertInto("user_roles").values({ userId: id, roleId }).execute();
  }
  return id;
}

/** Creates a tenant and answers its id. */
export async function addTenant(t: TestApp, name: string, description: string | null = null): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto("tenants")
    .values({ name, description, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Signs in the three demo accounts, one per role, as most resource tests need. */
export async function signInDemoRoles(t: TestApp) {
  const [superadmin, admin, invoicing] = await Promise.all(
    ["superadmin@demo.ro", "admin@demo.ro", "facturare@demo.ro"].map((email) => t.signIn(email)),
  );
  return { superadmin, admin, invoicing };
}
