/** Reading and changing users: plain functions taking `db`, dialect-free. */
import type { Kysely } from "kysely";
import type { TenantRef } from "../../../../contract/api";
import { ROLES, type RoleName } from "../../../../contract/roles";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";

/** What sign-in and the profile need to know about a user. */
export interface UserAccount {
  id: number;
  email: string;
  passwordHash: string | null;
  tenant: TenantRef;
  roles: RoleName[];
}

/** Emails are compared case-insensitively: stored and looked up trimmed and lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<UserAccount | undefined> {
  return findAccount(db, "email", normalizeEmail(email));
}

export async function findAccountById(
  db: Kysely<Database>,
  id: number,
): Promise<UserAccount | undefined> {
  return findAccount(db, "id", id);
}

export async function setPasswordHash(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ passwordHash, updatedAt: timestamp() })
    .where("id", "=", userId)
    .execute();
}

async function findAccount(
  db: Kysely<Database>,
  column: "id" | "email",
  value: number | string,
): Promise<UserAccount | undefined> {
  const row = await db
    .selectFrom("users")
    .innerJoin("tenants", "tenants.id", "users.tenantId")
    .select([
      "users.id",
      "users.email",
      "users.passwordHash",
      "tenants.id as tenantId",
      "tenants.name as tenantName",
    ])
    .where(`users.${column}`, "=", value)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.passwordHash,
    tenant: { id: row.tenantId, name: row.tenantName },
    roles: await findRoleNames(db, row.id),
  };
}

/** The user's roles, in the order of contract/roles.ts ROLES. */
export async function findRoleNames(db: Kysely<Database>, userId: number): Promise<RoleName[]> {
  const rows = await db
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.roleId")
    .select("roles.name")
    .where("user_roles.userId", "=", userId)
    .execute();
  const names = new Set(rows.map((row) => row.name));
  return ROLES.filter((role) => names.has(role));
}
