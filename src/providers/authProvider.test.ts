import { afterAll, beforeAll } from "vitest";
import { startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { createAuthProvider } from "./authProvider";
import { decodeClaims, session } from "./session";
import { createTokenRefresher } from "./tokenRefresher";
import { requestJson } from "./requestJson";

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());

function freshProvider() {
  const refresher = createTokenRefresher(session);
  return { refresher, auth: createAuthProvider(session, refresher) };
}

describe("the authProvider against the real server", () => {
  it("stores the session under 'general' (version 1) and sends the browser to /profile", async () => {
    const { auth, refresher } = freshProvider();
    const answer = await auth.login({ username: "admin@demo.ro", password: "demo1234" });
    refresher.stop();
    expect(answer).toEqual({ redirectTo: "/profile" });
    const stored = JSON.parse(localStorage.getItem("general")!);
    expect(stored).toMatchObject({ version: 1, userName: "admin@demo.ro", tenant: { id: 2, name: "Demo SRL" } });
    expect(typeof stored.refreshToken).toBe("string");
    expect(decodeClaims(stored.authenticationToken)).toMatchObject({ email: "admin@demo.ro", roles: ["ROLE_ADMIN"] });
  });

  it("reads permissions from the token's roles and access from the role matrix", async () => {
    const { auth, refresher } = freshProvider();
    await auth.login({ username: "facturare@demo.ro", password: "demo1234" });
    refresher.stop();
    expect(await auth.getPermissions!({})).toEqual(["ROLE_SMARTBILL"]);
    expect(await auth.canAccess!({ resource: "invoices", action: "list" })).toBe(true);
    expect(await auth.canAccess!({ resource: "users", action: "list" })).toBe(false);
    expect(await auth.getIdentity!()).toMatchObject({ fullName: "facturare@demo.ro", tenant: { name: "Demo SRL" } });
  });

  it("rejects a wrong password with the server's message and stores nothing", async () => {
    const { auth } = freshProvider();
    await expect(auth.login({ username: "admin@demo.ro", password: "gresit" })).rejects.toThrow(
      "Adresa de email sau parola este incorectă.",
    );
    expect(localStorage.getItem("general")).toBeNull();
  });

  it("clears all of localStorage on logout and goes home", async () => {
    const { auth } = freshProvider();
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    localStorage.setItem("other", "1");
    expect(await auth.logout({})).toBe("/");
    expect(localStorage.length).toBe(0);
  });

  it("forgets a super-admin's tenant choice when another user signs in, and at logout", async () => {
    const { auth, refresher } = freshProvider();
    await auth.login({ username: "superadmin@demo.ro", password: "demo1234" });
    session.chooseTenant({ id: 2, name: "Demo SRL" });
    await auth.login({ username: "admin@demo.ro", password: "demo1234" });
    expect(localStorage.getItem("general-tenant")).toBeNull();

    await auth.login({ username: "superadmin@demo.ro", password: "demo1234" });
    session.chooseTenant({ id: 2, name: "Demo SRL" });
    await auth.login({ username: "superadmin@demo.ro", password: "demo1234" }); // the same user again keeps it
    expect(session.actingTenant()).toEqual({ id: 2, name: "Demo SRL" });
    await auth.logout({});
    refresher.stop();
    expect(localStorage.getItem("general-tenant")).toBeNull();
  });

  it("ends the login on the server too when logging out", async () => {
    const { auth, refresher } = freshProvider();
    await auth.login({ username: "admin@demo.ro", password: "demo1234" });
    refresher.stop();
    const { refreshToken } = session.get()!;
    await auth.logout({});
    await expect(
      requestJson("/dmz-api/refresh", { method: "POST", body: JSON.stringify({ refreshToken }) }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it("refuses checkAuth without a session, and removes an expired one", async () => {
    const { auth } = freshProvider();
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: "/" });
    session.set(sessionWithRoles(["ROLE_ADMIN"], { expiresInSeconds: -5 }));
    const ended: string[] = [];
    const stop = session.subscribe((_s, reason) => reason && ended.push(reason));
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: "/" });
    stop();
    expect(ended).toEqual(["expired"]);
    expect(localStorage.getItem("general")).toBeNull();
  });

  it("treats a 401 as the end of the session and a 403 as a refusal only", async () => {
    const { auth } = freshProvider();
    await expect(auth.checkError({ status: 401 })).rejects.toBeDefined();
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
  });
});
