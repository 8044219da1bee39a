/**
 * The data a new installation needs. Roles are ensured on every start. On an empty database
 * (no users), demo mode creates the demo tenant, its accounts and its SmartBill settings, and
 * (DEMO_DATA, on by default) the demo company's customers, stock, catalogue and invoices;
 * production creates only tenant 1 and the first super-admin from ADMIN_EMAIL /
 * ADMIN_PASSWORD. A database that has users is never touched, so restarts are harmless.
 */
import { type Kysely, sql } from "kysely";
import { MIN_PASSWORD_LENGTH, SYSTEM_TENANT_ID } from "../../contract/constants";
import { isEmailAddress } from "../../contract/emailAddress";
import { ROLES, type RoleName } from "../../contract/roles";
import type { Config } from "../config";
import { DEMO_SMARTBILL_ACCOUNT } from "../demo/demoCompany";
import { seedDemoCompany } from "../demo/seedDemoCompany";
import { hashPassword } from "../auth/passwords";
import { dialectOf, lockUntilCommit, TRANSACTION_LOCKS } from "./connection";
import type { Database } from "./database";
import { timestamp } from "./timestamps";

export const DEMO_PASSWORD = "demo1234";

export interface DemoAccount {
  email: string;
  role: RoleName;
  tenantId: number;
}

/** The demo accounts, all with DEMO_PASSWORD; ids follow the order (user 1 is the super-admin). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "superadmin@demo.ro", role: "ROLE_SUPERADMIN", tenantId: SYSTEM_TENANT_ID },
  { email: "admin@demo.ro", role: "ROLE_ADMIN", tenantId: 2 },
  { email: "facturare@demo.ro", role: "ROLE_SMARTBILL", tenantId: 2 },
];

const SYSTEM_TENANT = { id: SYSTEM_TENANT_ID, name: "system", description: "Firma operatorului platformei" };
const DEMO_TENANT = { id: 2, name: "Demo SRL", description: "Firmă demonstrativă" };

/** The demo tenant's SmartBill connection (its settings): the emulator's one account. */
function demoProperties(config: Config): { name: string; value: string }[] {
  return [
    { name: "smartbill.username", value: DEMO_SMARTBILL_ACCOUNT.username },
    { name: "smartbill.token", value: DEMO_SMARTBILL_ACCOUNT.token },
    { name: "smartbill.cif", value: DEMO_SMARTBILL_ACCOUNT.cif },
    // The SmartBill emulator this same server serves in demo mode, in place of
    // https://ws.smartbill.ro/SBORO/api. It follows the configured port; behind a proxy or
    // on another host, change this setting on the Settings screen.
    { name: "smartbill.url", value: `http://127.0.0.1:${config.port}/smartbill-emulator/SBORO/api` },
  ];
}

export class SeedError extends Error {
  override name = "SeedError";
}

export type SeedOutcome = "demo" | "first-admin" | "none";

export async function seed(db: Kysely<Database>, config: Config): Promise<SeedOutcome> {
  await ensureRoles(db);
  if (await hasUsers(db)) return "none";

  const accounts = config.demo ? await demoAccounts() : await firstAdmin(config);
  const tenants = config.demo ? [SYSTEM_TENANT, DEMO_TENANT] : [SYSTEM_TENANT];

  return db.transaction().execute(async (trx) => {
    const postgres = dialectOf(trx) === "postgres";
    // Two processes starting together on an empty PostgreSQL database: the second waits here,
    // then sees the users the first created.
    await lockUntilCommit(trx, TRANSACTION_LOCKS.seed, 0);
    if (await hasUsers(trx)) return "none";

    const now = timestamp();
    const roleIds = await roleIdsByName(trx);
    for (const tenant of tenants) {
      await trx.insertInto("tenants").values({ ...tenant, createdAt: now, updatedAt: now }).execute();
    }
    for (const [index, account] of accounts.entries()) {
      const id = index + 1;
      await trx
        .insertInto("users")
        .values({
          id,
          email: account.email,
          passwordHash: account.passwordHash,
          tenantId: account.tenantId,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await trx.insertInto("user_roles").values({ userId: id, roleId: roleIds[account.role] }).execute();
    }
    if (config.demo) {
      await trx
        .insertInto("properties")
        .values(demoProperties(config).map((p) => ({ tenantId: DEMO_TENANT.id, ...p, createdAt: now, updatedAt: now })))
        .execute();
      // What a visitor needs to see a working product: customers, stock, catalogue, invoices.
      if (config.demoData) await seedDemoCompany(trx, DEMO_TENANT.id);
    }
    // Explicit ids bypass PostgreSQL's sequences; move them past the rows just written so the
    // next ordinary insert does not collide with id 1.
    if (postgres) {
      for (const table of ["tenants", "users"]) {
        const maxId = sql`(select max("id") from ${sql.table(table)})`;
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${maxId})`.execute(trx);
      }
    }
    return config.demo ? "demo" : "first-admin";
  });
}

async function ensureRoles(db: Kysely<Database>): Promise<void> {
  for (const name of ROLES) {
    await db
      .insertInto("roles")
      .values({ name })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }
}

async function hasUsers(db: Kysely<Database>): Promise<boolean> {
  return !!(await db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}

async function roleIdsByName(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom("roles").select(["id", "name"]).execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

interface SeedAccount extends DemoAccount {
  passwordHash: string;
}

async function demoAccounts(): Promise<SeedAccount[]> {
  // One hash each: the same password still gets its own salt per account.
  return Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({
      ...account,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })),
  );
}

async function firstAdmin(config: Config): Promise<SeedAccount[]> {
  const { adminEmail, adminPassword } = config;
  if (!adminEmail || !adminPassword) {
    throw new SeedError(
      "The database is empty: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first " +
        "super-admin (NODE_ENV=production creates no demo accounts).",
    );
  }
  if (!isEmailAddress(adminEmail)) {
    throw new SeedError(`ADMIN_EMAIL must be an email address, got "${adminEmail}".`);
  }
  if (adminPassword.length < MIN_PASSWORD_LENGTH) {
    throw new SeedError(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  return [
    {
      email: adminEmail,
      role: "ROLE_SUPERADMIN",
      tenantId: SYSTEM_TENANT_ID,
      passwordHash: await hashPassword(adminPassword),
    },
  ];
}
