import { afterAll, beforeAll } from "vitest";
import { createServer, type Server } from "node:http";
import { createDataProvider } from "./dataProvider";
import { createHttpClient } from "./httpClient";
import { createTokenRefresher } from "./tokenRefresher";
import { session } from "./session";

// A stand-in API speaking the spec's irregular paths (their real routes come with later issues);
// it records what it was asked so the tests can check the paths and parameters sent.
const seen: Array<{ method: string; url: string; body: string }> = [];
const tenants = [
  { id: 1, name: "system" },
  { id: 2, name: "Demo SRL" },
  { id: 3, name: "Alfa" },
  { id: 4, name: "Beta" },
];
let api: Server;
let base: string;

beforeAll(async () => {
  api = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push({ method: request.method!, url: request.url!, body });
      const url = new URL(request.url!, "http://x");
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) =>
        response.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(json));
      if (url.pathname === "/api/tenant/list") return send(200, tenants);
      if (url.pathname === "/api/smartbill/customer/all") return send(200, { content: [{ id: 9, clientName: "X" }], totalElements: 41 });
      if (url.pathname === "/api/tenant/add") return send(200, { id: 5, ...JSON.parse(body) });
      if (url.pathname.startsWith("/api/property/properties/")) return send(200, {});
      if (url.pathname === "/api/widgets") return send(200, [{ id: 1 }], { "Content-Range": "widgets 0-0/1" });
      send(404, { message: "nu" });
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
});
afterAll(() => api.close());
beforeEach(() => (seen.length = 0));

const provider = () => createDataProvider(createHttpClient(createTokenRefresher(session)), base);

describe("the dataProvider", () => {
  it("pages, sorts and filters a plain-array answer on the client", async () => {
    const { data, total } = await provider().getList("tenants", {
      pagination: { page: 1, perPage: 2 },
      sort: { field: "name", order: "DESC" },
      filter: { q: "E" },
    });
    expect(seen[0].url).toBe("/api/tenant/list?page=0&size=2&sort=name%2Cdesc&q=E");
    expect(total).toBe(3); // Alfa has no e; case is ignored
    expect(data.map((t) => t.name)).toEqual(["system", "Demo SRL"]);
  });

  it("takes a paged answer as the server sends it", async () => {
    const { data, total } = await provider().getList("customers", {
      pagination: { page: 3, perPage: 20 },
      sort: { field: "clientName", order: "ASC" },
      filter: { judet: "Cluj" },
    });
    expect(seen[0].url).toBe("/api/smartbill/customer/all?page=2&size=20&sort=clientName%2Casc&judet=Cluj");
    expect(total).toBe(41);
    expect(data).toEqual([{ id: 9, clientName: "X" }]);
  });

  it("creates and updates on the spec's paths, keying settings by name", async () => {
    const created = await provider().create("tenants", { data: { name: "Nou", description: "d" } });
    expect(created.data).toMatchObject({ id: 5, name: "Nou" });
    await provider().update("properties", { id: "smartbill.token", data: { value: "v" }, previousData: { id: "smartbill.token" } });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /api/tenant/add", "PUT /api/property/properties/smartbill.token"]);
    expect(JSON.parse(seen[1].body)).toEqual({ value: "v" });
  });

  it("finds records of a list-only resource by id", async () => {
    const { data } = await provider().getMany("tenants", { ids: [2, 4] });
    expect(data.map((t) => t.name)).toEqual(["Demo SRL", "Beta"]);
  });

  it("serves resources outside the path table as plain REST under /api", async () => {
    const { data, total } = await provider().getList("widgets", {
      pagination: { page: 1, perPage: 10 },
      sort: { field: "id", order: "ASC" },
      filter: {},
    });
    expect(seen[0].url.startsWith("/api/widgets?")).toBe(true);
    expect(total).toBe(1);
    expect(data).toEqual([{ id: 1 }]);
  });
});
