/** Reading and changing users: plain functions taking `db` (dialect-free but for the row lock). */
import type { Kysely } from "kysely";
import { dialectOf } from "../../../db/connection";
import type { ListParams, Page, TenantRef, User } from "../../../../contract/api";
import { ROLES, type RoleName } from "../../../../contract/roles";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { type ListSpec, runList } from "../listQuery";
import { MAX_ID } from "../../../../contract/schemas/ids";

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

/** The account and its roles in one reading: a row per role (one row, its role null, for none). */
async function findAccount(
  db: Kysely<Database>,
  column: "id" | "email",
  value: number | string,
): Promise<UserAccount | undefined> {
  const rows = await db
    .selectFrom("users")
    .innerJoin("tenants", "tenants.id", "users.tenantId")
    .leftJoin("user_roles", "user_roles.userId", "users.id")
    .leftJoin("roles", "roles.id", "user_roles.roleId")
    .select([
      "users.id",
      "users.email",
      "users.passwordHash",
      "tenants.id as tenantId",
      "tenants.name as tenantName",
      "roles.name as role",
    ])
    .where(`users.${column}`, "=", value)
    .execute();
  const [row] = rows;
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.passwordHash,
    tenant: { id: row.tenantId, name: row.tenantName },
    roles: inRoleOrder(rows.map((each) => each.role)),
  };
}

/** Role names in the order of contract/roles.ts ROLES, each once. */
function inRoleOrder(names: (string | null)[]): RoleName[] {
  const present = new Set(names);
  return ROLES.filter((role) => present.has(role));
}

/** The user's roles, in the order of contract/roles.ts ROLES. */
export async function findRoleNames(db: Kysely<Database>, userId: number): Promise<RoleName[]> {
  const rows = await db
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.roleId")
    .select("roles.name")
    .where("user_roles.userId", "=", userId)
    .execute();
  return inRoleOrder(rows.map((row) => row.name));
}

/* ---------- Administration (/api/user) ---------- */

export const userList = {
  sortable: {
    id: "users.id",
    email: "users.email",
    createdAt: "users.createdAt",
    updatedAt: "users.updatedAt",
    tenantId: "users.tenantId",
  },
  searchable: ["users.email"],
  defaultOrder: ["users.tenantId", "users.id"],
  // A tenant's users (getManyReference); the caller's scope still applies.
  filters: { tenantId: { column: "users.tenantId", schema: { type: "integer", minimum: 1, maximum: MAX_ID } } },
} satisfies ListSpec;

/** Which users a caller reaches: one tenant's, or (super-admin) every tenant's. */
export type UserScope = { tenantId: number } | "all";

export interface UserFields {
  /** already normalized (normalizeEmail) */
  email: string;
  tenantId: number;
}

function usersIn(db: Kysely<Database>, scope: UserScope) {
  const query = db.selectFrom("users").innerJoin("tenants", "tenants.id", "users.tenantId");
  return scope === "all" ? query : query.where("users.tenantId", "=", scope.tenantId);
}

const USER_COLUMNS = [
  "users.id",
  "users.email",
  "users.createdAt",
  "users.updatedAt",
  "tenants.id as tenantId",
  "tenants.name as tenantName",
  "tenants.description as tenantDescription",
] as const;

interface UserRow {
  id: number;
  email: string;
  createdAt: string;
  updatedAt: string;
  tenantId: number;
  tenantName: string;
  tenantDescription: string | null;
}

export function listUsers(db: Kysely<Database>, scope: UserScope, params: ListParams): Promise<User[] | Page<User>> {
  return runList(usersIn(db, scope), params, userList, (query) => query.select(USER_COLUMNS), (rows) =>
    withRoles(db, rows),
  );
}

/** The user, if the scope reaches it. */
export async function findUser(db: Kysely<Database>, scope: UserScope, id: number): Promise<User | undefined> {
  const row = await usersIn(db, scope).select(USER_COLUMNS).where("users.id", "=", id).executeTakeFirst();
  return row ? (await withRoles(db, [row]))[0] : undefined;
}

/** A user id and a new user's fields; the user has no password and no roles yet. */
export async function insertUser(db: Kysely<Database>, fields: UserFields): Promise<number> {
  const now = timestamp();
  const row = await db
    .insertInto("users")
    .values({ ...fields, passwordHash: null, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Kysely<Database>, id: number, fields: UserFields): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...fields, updatedAt: timestamp() })
    .where("id", "=", id)
    .execute();
}

/**
 * The user and everything of theirs: roles, sessions with their refresh tokens, password links.
 * The caller runs it in a transaction; false when there was no such user.
 */
export async function deleteUser(trx: Kysely<Database>, id: number): Promise<boolean> {
  if (!(await lockUser(trx, id))) return false;
  await trx
    .deleteFrom("refresh_tokens")
    .where("sessionId", "in", (eb) => eb.selectFrom("sessions").select("id").where("userId", "=", id))
    .execute();
  await trx.deleteFrom("sessions").where("userId", "=", id).execute();
  await trx.deleteFrom("password_tokens").where("userId", "=", id).execute();
  await trx.deleteFrom("user_roles").where("userId", "=", id).execute();
  await trx.deleteFrom("users").where("id", "=", id).execute();
  return true;
}

/**
 * Holds the user's row until the transaction ends (PostgreSQL; SQLite runs one writing
 * transaction at a time anyway). A change to who the user is (roles, tenant, the account
 * itself) takes it to change; a sign-in shares it to read the roles it puts in its token. So
 * two changes run one after the other, each reading what the other wrote, and a sign-in either
 * comes before a change (whose revocation then ends its session) or reads what it wrote. False
 * when there is no such user.
 */
export async function lockUser(trx: Kysely<Database>, id: number, purpose: "change" | "read" = "change"): Promise<boolean> {
  let query = trx.selectFrom("users").select("id").where("id", "=", id);
  if (dialectOf(trx) === "postgres") query = purpose === "change" ? query.forUpdate() : query.forShare();
  return (await query.executeTakeFirst()) !== undefined;
}

/** Makes `roles` the user's whole set of roles; the caller runs it in a transaction. */
export async function replaceRoles(trx: Kysely<Database>, userId: number, roles: readonly RoleName[]): Promise<void> {
  await trx.deleteFrom("user_roles").where("userId", "=", userId).execute();
  if (roles.length === 0) return;
  const roleIds = await trx.selectFrom("roles").select("id").where("name", "in", [...roles]).execute();
  await trx
    .insertInto("user_roles")
    .values(roleIds.map((role) => ({ userId, roleId: role.id })))
    .execute();
}

/** Bounds the number of bound parameters per query (SQLite and PostgreSQL both have a cap). */
const IDS_PER_QUERY = 500;

async function withRoles(db: Kysely<Database>, rows: UserRow[]): Promise<User[]> {
  const rolesByUser = new Map<number, Set<string>>();
  for (let start = 0; start < rows.length; start += IDS_PER_QUERY) {
    const ids = rows.slice(start, start + IDS_PER_QUERY).map((row) => row.id);
    const found = await db
      .selectFrom("user_roles")
      .innerJoin("roles", "roles.id", "user_roles.roleId")
      .select(["user_roles.userId", "roles.name"])
      .where("user_roles.userId", "in", ids)
      .execute();
    for (const { userId, name } of found) {
      if (!rolesByUser.has(userId)) rolesByUser.set(userId, new Set());
      rolesByUser.get(userId)!.add(name);
    }
  }
  return rows.map((row) => {
    const names = rolesByUser.get(row.id);
    return {
      id: row.id,
      email: row.email,
      tenant: { id: row.tenantId, name: row.tenantName, description: row.tenantDescription },
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      roles: ROLES.filter((role) => names?.has(role)),
    };
  });
}
