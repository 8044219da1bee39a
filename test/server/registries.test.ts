/**
 * The registries are found, not listed: every route folder under server/routes/api is mounted by
 * existing, every migration file runs by existing. What they hold must still fit together: a
 * folder that exports no routes, a plain resource whose folder, role matrix row or words do not
 * match its name, a migration file named against the rule would otherwise fail only in use.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isResourceName } from "../../contract/roles";
import { en } from "../../i18n/en";
import { ro } from "../../i18n/ro";
import { MIGRATION_FILE, migrationNames, migrations } from "../../server/db/migrations/index";
import { routeFolderNames, routeFolders } from "../../server/routes/api/routeFolders";
import { tableOf } from "../../server/routes/api/tenantResourceRoutes";

const foldersIn = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

describe("the registries", () => {
  it("mount every route folder under server/routes/api, each exporting its routes", async () => {
    const folders = await routeFolders();
    expect([...folders.keys()]).toEqual(foldersIn("server/routes/api"));
    expect(routeFolderNames()).toEqual(foldersIn("server/routes/api"));
  });

  it("hold each plain resource in the folder of its name, with a role matrix row, a table by the rule and its words", async () => {
    const words = (messages: { resources: object }, name: string) =>
      (messages.resources as Record<string, { name?: string } | undefined>)[name]?.name;
    for (const [folder, { resource }] of await routeFolders()) {
      if (!resource) continue;
      expect(resource.name, folder).toBe(folder);
      expect(isResourceName(resource.name), `${folder}: a row in contract/roles.ts ROLE_MATRIX`).toBe(true);
      expect(resource.table, `${folder}: the table is the name in snake_case`).toBe(tableOf(resource.name));
      expect(words(ro, resource.name), `${folder}: resources.${folder}.name in i18n/ro.ts`).toMatch(/\S/);
      expect(words(en, resource.name), `${folder}: resources.${folder}.name in i18n/en.ts`).toMatch(/\S/);
      expect(resource.body.examples, `${folder}: two example records in the body's schema`).toHaveLength(2);
    }
  });

  it("run every migration file, in the order of their names", async () => {
    const files = readdirSync("server/db/migrations")
      .filter((name) => name.endsWith(".ts") && name !== "index.ts")
      .sort();
    expect(files.filter((file) => !MIGRATION_FILE.test(file)), "NNNN_<what>.ts").toEqual([]);
    const names = files.map((file) => file.replace(/\.ts$/, ""));
    expect(migrationNames()).toEqual(names);
    expect(Object.keys(migrations)).toEqual(names);
    for (const name of names) expect(migrations[name]).toBe(await import(`../../server/db/migrations/${name}`));
  });
});
