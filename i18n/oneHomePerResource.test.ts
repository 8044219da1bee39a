/**
 * A resource's words have one home, `resources.<name>` (its name, fields and screens' words), in
 * both languages: a top-level block of the same name would be a second place to look, and the
 * next resource would copy whichever it found first. The audit log's top-level block keeps only
 * the action names, the verbs a plain resource's actions are named with and the result word the
 * server's export writes too (contract/auditActions.ts).
 */
import { ROLE_MATRIX } from "../contract/roles";
import { en } from "./en";
import { ro } from "./ro";

const SHARED_WITH_THE_SERVER: Record<string, readonly string[]> = { audit: ["actions", "verbs", "done"] };

describe.each([
  ["ro", ro],
  ["en", en],
])("the %s words of a resource", (_, messages) => {
  const resources = Object.keys(ROLE_MATRIX).filter((name) => name in messages.resources);

  it("live under resources.<name>, with no top-level block of the resource's name", () => {
    expect(resources).toEqual(expect.arrayContaining(["tenants", "users", "properties", "customers", "products", "invoices", "audit"]));
    const secondHomes = resources.flatMap((name) => {
      const block = (messages as Record<string, unknown>)[name];
      if (!block || typeof block !== "object") return [];
      const allowed = SHARED_WITH_THE_SERVER[name] ?? [];
      return Object.keys(block)
        .filter((key) => !allowed.includes(key))
        .map((key) => `${name}.${key}`);
    });
    expect(secondHomes).toEqual([]);
  });
});
