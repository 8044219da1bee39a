import { afterAll, beforeAll } from "vitest";
import { createServer, type Server } from "node:http";
import { startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { createAuthProvider } from "./authProvider";
import { createHttpClient } from "./httpClient";
import { NETWORK_ERROR_MESSAGE, requestJson, timeoutMessage } from "./requestJson";
import { session } from "./session";
import { createTokenRefresher } from "./tokenRefresher";

let server: LiveServer;
let odd: Server;
let oddUrl: string;

beforeAll(async () => {
  server = await startLiveServer();
  // A peer that misbehaves in ways the real server never does: a bare 502, and silence.
  odd = createServer((request, response) => {
    if (request.url === "/bare-502") response.writeHead(502).end();
    // "/silent" never answers
  });
  await new Promise<void>((resolve) => odd.listen(0, "127.0.0.1", resolve));
  oddUrl = `http://127.0.0.1:${(odd.address() as { port: number }).port}`;
}, 60_000);
afterAll(async () => {
  odd.closeAllConnections();
  odd.close();
  await server.close();
});

async function signedInClient(email = "admin@demo.ro") {
  usePageOrigin(server.url);
  const refresher = createTokenRefresher(session);
  await createAuthProvider(session, refresher).login({ username: email, password: "demo1234" });
  refresher.stop();
  return createHttpClient(refresher);
}

describe("the httpClient", () => {
  it("sends the Bearer token and X-Tenant-ID of the stored user", async () => {
    const http = await signedInClient();
    const { json } = await http("/api/me");
    expect(json).toMatchObject({ email: "admin@demo.ro", tenant: { id: 2 }, roles: ["ROLE_ADMIN"] });
  });

  it("echoes the anti-forgery cookie on same-origin state changes", async () => {
    const http = await signedInClient(); // the login's answer set the cookie, as in a browser
    // Past the anti-forgery check the server judges the password itself.
    await expect(
      http("/api/user/change-password", {
        method: "POST",
        body: JSON.stringify({ currentPassword: "not-it-123", newPassword: "whatever-123" }),
      }),
    ).rejects.toMatchObject({ status: 400, message: "Parola curentă este incorectă." });
  });

  it("does not hand the anti-forgery cookie to another origin", async () => {
    const http = await signedInClient();
    usePageOrigin("http://localhost:9"); // the page now lives elsewhere: the API is cross-origin
    await expect(
      http(`${server.url}/api/user/change-password`, {
        method: "POST",
        body: JSON.stringify({ currentPassword: "x", newPassword: "whatever-123" }),
      }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("uses the server's message as the error text", async () => {
    usePageOrigin(server.url);
    const http = createHttpClient(createTokenRefresher(session));
    await expect(http("/api/me")).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/\S/) });
  });

  it("reports a failure without a message as 'Request failed with status code N'", async () => {
    await expect(requestJson(`${oddUrl}/bare-502`)).rejects.toMatchObject({
      status: 502,
      message: "Request failed with status code 502",
    });
  });

  it("sends the tenant a super-admin chose in X-Tenant-ID: the answers are that tenant's", async () => {
    const http = await signedInClient("superadmin@demo.ro");
    session.chooseTenant(null); // the own tenant, system (sign-in chose the first company)
    const names = async () => (await http<{ name: string }[]>("/api/property/properties")).json.map((p) => p.name);
    expect(await names()).not.toContain("smartbill.username"); // system has no SmartBill settings
    session.chooseTenant({ id: 2, name: "Demo SRL" });
    expect(await names()).toContain("smartbill.username");
  });

  it("never sends a stored tenant choice for a user who is not a super-admin", async () => {
    const http = await signedInClient("admin@demo.ro");
    localStorage.setItem(
      "general-tenant",
      JSON.stringify({ version: 1, userName: "admin@demo.ro", tenant: { id: 1, name: "system" } }),
    );
    // Tenant 1 in the header would be refused (403): the admin's own tenant goes instead.
    const { json } = await http<{ name: string }[]>("/api/property/properties");
    expect(json.map((p) => p.name)).toContain("smartbill.username");
  });

  it("keeps the chosen tenant when a 404 is only a missing record", async () => {
    const http = await signedInClient("superadmin@demo.ro");
    session.chooseTenant({ id: 2, name: "Demo SRL" });
    await expect(http("/api/tasks/999999")).rejects.toMatchObject({ status: 404 });
    expect(session.actingTenant()).toEqual({ id: 2, name: "Demo SRL" });
  });

  it("drops the chosen tenant once the server no longer knows it, and acts on the own tenant again", async () => {
    const http = await signedInClient("superadmin@demo.ro");
    const { json: tenant } = await http<{ id: number }>("/api/tenant/add", { method: "POST", body: JSON.stringify({ name: "Trecător SRL" }) });
    session.chooseTenant({ id: tenant.id, name: "Trecător SRL" });
    const dropped: string[] = [];
    const stop = session.subscribeTenantChoice((change, gone) => dropped.push(`${change} ${gone?.name}`));
    await http(`/api/tenant/${tenant.id}`, { method: "DELETE" });
    // Several screens asking at once all fail; the choice ends once, and the next call works.
    const failures = await Promise.allSettled([http("/api/smartbill/warehouses"), http("/api/property/properties")]);
    stop();
    expect(failures.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(dropped).toEqual(["tenant-gone Trecător SRL"]);
    expect(session.actingTenant()).toEqual({ id: 1, name: "system" });
    await expect(http("/api/smartbill/warehouses")).resolves.toMatchObject({ status: 200 });
  });

  it("reports a network error and a time-out as such", async () => {
    await expect(requestJson("http://127.0.0.1:9/api/me")).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    await expect(requestJson(`${oddUrl}/silent`, { timeoutMs: 200 })).rejects.toMatchObject({
      status: 0,
      message: timeoutMessage(200),
    });
  });
});
