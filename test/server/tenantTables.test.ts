/**
 * Deleting a tenant is refused while any table still holds its data (tenants.repository.ts
 * tenantOwnedTables(): the house's and every plain resource's). A table with a `tenantId` that the list forgets turns that clean refusal
 * into a foreign-key error, or loses rows: the migrated schema itself is checked here.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "kysely";
import {
  TENANT_DERIVED_TABLES,
  tenantOwnedTables,
  uncoveredTenantTables,
} from "../../server/routes/api/tenants/tenants.repository";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

describeEachDialect("the tables a tenant's deletion looks at", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
  });
  afterAll(() => t.close());

  it("cover every table of the schema with a tenantId column", async () => {
    expect(await uncoveredTenantTables(t.db)).toEqual([]);
  });

  it("are tables of the schema that have a tenantId column", async () => {
    const tables = await t.db.introspection.getTables();
    const withTenant = tables.filter((table) => table.columns.some((column) => column.name === "tenantId")).map((table) => table.name);
    expect(withTenant).toEqual(expect.arrayContaining(await tenantOwnedTables()));
    // The derived tables exist on the dialects that have them (the index queue: SQLite).
    for (const name of TENANT_DERIVED_TABLES) {
      if (tables.some((table) => table.name === name)) expect(withTenant).toContain(name);
    }
  });

  it("name a new table with a tenantId that nobody added to them", async () => {
    await sql`create table gadgets (id integer primary key, "tenantId" integer not null references tenants(id))`.execute(t.db);
    try {
      expect(await uncoveredTenantTables(t.db)).toEqual(["gadgets"]);
    } finally {
      await sql`drop table gadgets`.execute(t.db);
    }
  });
});
