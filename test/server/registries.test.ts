/**
 * The two hand registries a new resource adds a line to, kept complete: a route folder under
 * server/routes/api or a migration file that nobody registered would otherwise simply not run.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migrations } from "../../server/db/migrations/index";
import { API_ROUTES } from "../../server/routes/api/index";

const foldersIn = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

describe("the registries", () => {
  it("mount every route folder under server/routes/api", () => {
    expect(Object.keys(API_ROUTES).sort()).toEqual(foldersIn("server/routes/api"));
  });

  it("run every migration file, in the order of their names", async () => {
    const files = readdirSync("server/db/migrations")
      .filter((name) => name.endsWith(".ts") && name !== "index.ts")
      .map((name) => name.replace(/\.ts$/, ""))
      .sort();
    expect(Object.keys(migrations)).toEqual(files);
    for (const name of files) expect(migrations[name]).toBe(await import(`../../server/db/migrations/${name}`));
  });
});
