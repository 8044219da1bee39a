import { createServer, type Server } from "node:http";
import type { Tenant, User } from "../../contract/api";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { createDataProvider } from "./dataProvider";
import { httpClient, type HttpClient } from "./httpClient";

/** The real client, remembering the addresses it was asked for. */
const asked: string[] = [];
const recording: HttpClient = (url, options) => {
  asked.push(`${options?.method ?? "GET"} ${url}`);
  return httpClient(url, options);
};
const provider = createDataProvider(recording);
beforeEach(() => (asked.length = 0));

describe("the dataProvider, against the real server", () => {
  let server: LiveServer;
  let created: Tenant[];
  beforeAll(async () => {
    server = await startLiveServer();
    usePageOrigin(server.url);
    await signInLive("superadmin@demo.ro");
    created = [];
    for (const name of ["Protocol Alfa", "Protocol Gama", "Protocol Beta"]) {
      created.push((await provider.create<Tenant>("tenants", { data: { name, description: null } })).data);
    }
  }, 60_000);
  afterAll(() => server.close());
  // Each test starts signed out (test/setup/client.ts).
  beforeEach(() => signInLive("superadmin@demo.ro"));

  it("asks the server for one sorted, searched page of the list", async () => {
    const params = { sort: { field: "name", order: "DESC" as const }, filter: { q: "protocol" } };
    const first = await provider.getList<Tenant>("tenants", { ...params, pagination: { page: 1, perPage: 2 } });
    expect(asked).toEqual(["GET /api/tenant/list?page=0&size=2&sort=name%2Cdesc&q=protocol"]);
    expect(first.total).toBe(3);
    expect(first.data.map((t) => t.name)).toEqual(["Protocol Gama", "Protocol Beta"]);
    const second = await provider.getList<Tenant>("tenants", { ...params, pagination: { page: 2, perPage: 2 } });
    expect(second.data.map((t) => t.name)).toEqual(["Protocol Alfa"]);
  });

  it("asks for records by id, never for the whole list", async () => {
    const [alfa, gama] = created;
    const { data } = await provider.getMany<Tenant>("tenants", { ids: [gama.id, alfa.id] });
    expect(asked).toEqual([`GET /api/tenant/list?id=${gama.id}&id=${alfa.id}`]);
    expect(data.map((t) => t.name).sort()).toEqual(["Protocol Alfa", "Protocol Gama"]);
  });

  it("splits a long list of ids into requests of at most 500", async () => {
    const ids = [...Array.from({ length: 600 }, (_, i) => 100_000 + i), created[2].id];
    const { data } = await provider.getMany<Tenant>("tenants", { ids });
    expect(asked).toHaveLength(2);
    expect(new URL(asked[0].slice(4), server.url).searchParams.getAll("id")).toHaveLength(500);
    expect(data.map((t) => t.name)).toEqual(["Protocol Beta"]);
  });

  it("asks for the records referring to one by the reference's filter, paged", async () => {
    const { data, total } = await provider.getManyReference<User>("users", {
      target: "tenantId",
      id: 2,
      pagination: { page: 1, perPage: 10 },
      sort: { field: "email", order: "ASC" },
      filter: {},
    });
    expect(asked).toEqual(["GET /api/user/list?page=0&size=10&sort=email%2Casc&tenantId=2"]);
    expect(total).toBe(data.length);
    expect(data.map((u) => u.email)).toEqual(["admin@demo.ro", "facturare@demo.ro"]);
  });

  it("reads one record of a list-only resource by its key, settings by name", async () => {
    await signInLive("admin@demo.ro");
    const { data } = await provider.getOne("properties", { id: "smartbill.username" });
    expect(asked).toEqual(["GET /api/property/properties?id=smartbill.username"]);
    expect(data).toMatchObject({ id: "smartbill.username", name: "smartbill.username", value: "facturare@demo.ro" });
  });
});

describe("the dataProvider, for a resource outside the path table", () => {
  // No such resource exists on the server yet: a stand-in records what it is asked and answers
  // as server/routes/api/tenantResourceRoutes.ts does (its test covers the server side).
  const seen: string[] = [];
  let api: Server;
  let base: string;
  beforeAll(async () => {
    api = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        seen.push(`${request.method} ${request.url}`);
        const record = { id: 3, name: "Menghină" };
        const url = new URL(request.url!, "http://x");
        const json = url.pathname === "/api/widgets" && url.searchParams.has("page") ? { content: [record], totalElements: 1 } : url.pathname === "/api/widgets" ? [record] : record;
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
  });
  afterAll(() => api.close());
  beforeEach(() => (seen.length = 0));

  it("speaks the same protocol at /api/<resource> with no provider code", async () => {
    const widgets = createDataProvider(httpClient, base);
    const list = await widgets.getList("widgets", { pagination: { page: 1, perPage: 10 }, sort: { field: "name", order: "ASC" }, filter: { q: "m" } });
    expect(list).toEqual({ data: [{ id: 3, name: "Menghină" }], total: 1 });
    await widgets.getMany("widgets", { ids: [3, 4] });
    await widgets.getOne("widgets", { id: 3 });
    await widgets.getManyReference("widgets", { target: "warehouseId", id: 7, pagination: { page: 1, perPage: 5 }, sort: { field: "id", order: "ASC" }, filter: {} });
    await widgets.create("widgets", { data: { name: "Menghină" } });
    await widgets.update("widgets", { id: 3, data: { name: "Menghină" }, previousData: { id: 3 } });
    await widgets.delete("widgets", { id: 3 });
    expect(seen).toEqual([
      "GET /api/widgets?page=0&size=10&sort=name%2Casc&q=m",
      "GET /api/widgets?id=3&id=4",
      "GET /api/widgets/3",
      "GET /api/widgets?page=0&size=5&sort=id%2Casc&warehouseId=7",
      "POST /api/widgets",
      "PUT /api/widgets/3",
      "DELETE /api/widgets/3",
    ]);
  });
});
