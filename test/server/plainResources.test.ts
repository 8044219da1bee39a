/**
 * Every plain tenant resource (a route folder whose default export is tenantResource({ … })),
 * run through the same checks from its declaration alone, on both databases: its two example
 * records (the body schema's `examples`) added, read, listed, searched, edited and deleted; a
 * second record with a unique value refused; a blank required text refused; a reference to
 * another tenant's record refused; another tenant's id leading nowhere; and each demo role let in
 * or kept out as its role matrix row says. A new resource is tested by being declared; its own
 * rules need tests of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse, Page } from "../../contract/api";
import { apiPathOf } from "../../contract/paths";
import { type ResourceName, rolesAllow } from "../../contract/roles";
import type { PlainResource } from "../../server/routes/api/plainResource";
import { plainResources } from "../../server/routes/api/routeFolders";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const RESOURCES = await plainResources();
const FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };
type Fields = Record<string, unknown>;

it("finds the plain resources (the catalogue among them)", () => {
  expect(RESOURCES.map((resource) => resource.name)).toContain("products");
});

describeEachDialect("every plain resource", (dialect) => {
  let t: TestApp;
  let sessions: { session: LoginResponse; role: string }[];
  let otherTenant: number;
  let superadmin: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    const demo = await signInDemoRoles(t);
    superadmin = demo.superadmin;
    sessions = [
      { session: demo.invoicing, role: "ROLE_SMARTBILL" },
      { session: demo.admin, role: "ROLE_ADMIN" },
      { session: demo.superadmin, role: "ROLE_SUPERADMIN" },
    ];
    otherTenant = await addTenant(t, "Alt Registru SRL");
  });
  afterAll(() => t.close());

  describe.each(RESOURCES.map((resource) => [resource.name, resource] as const))("%s", (name, resource: PlainResource) => {
    const path = apiPathOf(name);
    const [first, second] = resource.body.examples as Fields[];
    /** The demo user the role matrix row lets in: the clerk first, then the admin, then the super-admin. */
    const user = () => sessions.find(({ role }) => rolesAllow([role], name as ResourceName))!.session;
    const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown, session = user()) =>
      t.api(method, url, { session, body });
    const countRows = async () =>
      Number((await (t.db as any).selectFrom(resource.table).select((eb: any) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const cleanUp = async () => {
      await (t.db as any).deleteFrom(resource.table).execute();
    };

    it("has two example records that differ in every unique column", () => {
      expect(first).toBeDefined();
      expect(second).toBeDefined();
      for (const column of Object.keys(resource.unique)) expect(first[column], column).not.toEqual(second[column]);
    });

    it("adds, reads, lists, searches, edits and deletes a record, answering it as stored", async () => {
      await cleanUp();
      const created = await call("POST", path, first);
      expect(created.statusCode, created.body).toBe(200);
      const record = created.json<Fields & { id: number }>();
      expect(record).toMatchObject(first);
      expect((await call("GET", `${path}/${record.id}`)).json()).toEqual(record);

      const listed = (await call("GET", path)).json<Fields[]>();
      expect(listed).toEqual([record]);
      const paged = (await call("GET", `${path}?page=0&size=10`)).json<Page<Fields>>();
      expect(paged).toMatchObject({ content: [record], totalElements: 1 });
      for (const column of resource.searchable) {
        const text = String(first[column]);
        const found = (await call("GET", `${path}?q=${encodeURIComponent(text)}`)).json<Fields[]>();
        expect(found.map((row) => row.id), `q=${text} (${column})`).toContain(record.id);
      }

      const edited = await call("PUT", `${path}/${record.id}`, { ...record, ...second });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ ...second, id: record.id });
      expect((await call("GET", `${path}/${record.id}`)).json()).toMatchObject(second);

      const deleted = await call("DELETE", `${path}/${record.id}`);
      expect(deleted.statusCode).toBe(200);
      expect((await call("GET", `${path}/${record.id}`)).statusCode).toBe(404);
      expect(await countRows()).toBe(0);
    });

    it("refuses a second record with a unique column's value with 409 in Romanian, storing nothing", async () => {
      await cleanUp();
      const kept = (await call("POST", path, first)).json<{ id: number }>();
      const other = (await call("POST", path, second)).json<{ id: number }>();
      for (const [column, sentence] of Object.entries(resource.unique)) {
        const again = await call("POST", path, { ...second, [column]: first[column] });
        expect(again.statusCode, column).toBe(409);
        expect(again.json()).toEqual({ message: sentence });
        const edited = await call("PUT", `${path}/${other.id}`, { ...second, [column]: first[column] });
        expect(edited.statusCode, column).toBe(409);
      }
      expect(await countRows()).toBe(2);
      expect((await call("GET", `${path}/${kept.id}`)).json()).toMatchObject(first);
      expect((await call("GET", `${path}/${other.id}`)).json()).toMatchObject(second);
    });

    it("refuses a blank required text with 400 naming it, storing nothing", async () => {
      await cleanUp();
      for (const column of resource.required) {
        const blank = await call("POST", path, { ...first, [column]: "   " });
        expect(blank.statusCode, column).toBe(400);
        expect(blank.json<{ errors?: Fields }>().errors, column).toHaveProperty(column);
      }
      expect(await countRows()).toBe(0);
    });

    it("never shows, changes, deletes or refers to another tenant's record: its id leads nowhere", async () => {
      await cleanUp();
      const theirs = await t.api("POST", path, { session: superadmin, tenantId: otherTenant, body: first });
      expect(theirs.statusCode, theirs.body).toBe(200);
      const id = theirs.json<{ id: number }>().id;
      expect((await call("GET", `${path}/${id}`)).statusCode).toBe(404);
      expect((await call("PUT", `${path}/${id}`, second)).statusCode).toBe(404);
      expect((await call("DELETE", `${path}/${id}`)).statusCode).toBe(404);
      expect((await call("GET", path)).json()).toEqual([]);
      expect((await call("GET", `${path}?id=${id}`)).json()).toEqual([]);
      for (const [column, target] of Object.entries(resource.references)) {
        const foreign = RESOURCES.find((candidate) => candidate.name === target)!;
        const their = await t.api("POST", apiPathOf(target), {
          session: superadmin,
          tenantId: otherTenant,
          body: { ...(foreign.body.examples as Fields[])[1] },
        });
        const referring = await call("POST", path, { ...second, [column]: their.json<{ id: number }>().id });
        expect(referring.statusCode, column).toBe(400);
        expect(referring.json<{ errors?: Fields }>().errors, column).toHaveProperty(column);
      }
      expect((await t.api("GET", `${path}/${id}`, { session: superadmin, tenantId: otherTenant })).json()).toMatchObject(first);
    });

    it("lets in the roles its role matrix row names, and only them", async () => {
      await cleanUp();
      for (const { session, role } of sessions) {
        const allowed = rolesAllow([role], name as ResourceName);
        const listed = await call("GET", path, undefined, session);
        expect(listed.statusCode, role).toBe(allowed ? 200 : 403);
        if (allowed) continue;
        expect(listed.json()).toEqual(FORBIDDEN);
        expect((await call("POST", path, first, session)).statusCode, role).toBe(403);
      }
      expect(await countRows()).toBe(0);
    });
  });
});
