import { afterAll, beforeAll } from "vitest";
import { startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { sessionWithRoles, unsignedToken } from "../../test/helpers/fakeSession";
import { createAuthProvider } from "./authProvider";
import { decodeClaims, nowInSeconds, session } from "./session";
import { createTokenRefresher } from "./tokenRefresher";
import { httpClient } from "./httpClient";
import { requestJson } from "./requestJson";

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
}, 60_000);
afterAll(() => server.close(), 30_000);

function freshProvider() {
  const refresher = createTokenRefresher(session);
  return { refresher, auth: createAuthProvider(session, refresher) };
}

describe("the authProvider against the real server", () => {
  it("stores the session under 'general' (version 1) and sends the browser to the signed-in home", async () => {
    const { auth, refresher } = freshProvider();
    const answer = await auth.login({ username: "admin@demo.ro", password: "demo1234" });
    refresher.stop();
    expect(answer).toEqual({ redirectTo: "/" });
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

  it("has a super-admin start acting on the first client company, not the system tenant, unless they chose one here before", async () => {
    const { auth, refresher } = freshProvider();
    await auth.login({ username: "superadmin@demo.ro", password: "demo1234" });
    expect(session.get()?.tenant).toEqual({ id: 1, name: "system" });
    expect(session.actingTenant()).toEqual({ id: 2, name: "Demo SRL" });

    const { json: later } = await httpClient<{ id: number; name: string }>("/api/tenant/add", {
      method: "POST",
      body: JSON.stringify({ name: "Alta Firma SRL" }),
    });
    session.chooseTenant({ id: later.id, name: later.name });
    await auth.login({ username: "superadmin@demo.ro", password: "demo1234" }); // signed in again in this browser
    expect(session.actingTenant()).toEqual({ id: later.id, name: "Alta Firma SRL" });

    // Signed out, the choice is forgotten: the first company again.
    await auth.logout({});
    await auth.login({ username: "superadmin@demo.ro", password: "demo1234" });
    refresher.stop();
    expect(session.actingTenant()).toEqual({ id: 2, name: "Demo SRL" });
  });

  it("leaves every other user in their own tenant", async () => {
    const { auth, refresher } = freshProvider();
    await auth.login({ username: "admin@demo.ro", password: "demo1234" });
    refresher.stop();
    expect(session.actingTenant()).toEqual({ id: 2, name: "Demo SRL" });
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

  it("refuses checkAuth without a session, sending the browser to sign in and back to the page asked for", async () => {
    const { auth } = freshProvider();
    window.history.pushState(null, "", "/invoices?filter=%7B%7D");
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: "/login?next=%2Finvoices%3Ffilter%3D%257B%257D", message: false });
  });

  it("passes checkAuth with an access token that expired while the browser was closed, refreshing it", async () => {
    const { auth, refresher } = freshProvider();
    await auth.login({ username: "admin@demo.ro", password: "demo1234" });
    refresher.stop();
    const signedIn = session.get()!;
    const claims = decodeClaims(signedIn.authenticationToken)!;
    session.set({ ...signedIn, authenticationToken: unsignedToken({ ...claims, exp: claims.iat - 1 }) });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    refresher.stop();
    expect(session.get()?.refreshToken).not.toBe(signedIn.refreshToken);
    expect(decodeClaims(session.get()!.authenticationToken)!.exp).toBeGreaterThan(nowInSeconds());
  });

  it("treats a 401 as the end of the session, to sign in again and come back, and a 403 as a refusal only", async () => {
    const { auth } = freshProvider();
    window.history.pushState(null, "", "/customers/7");
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: "/login?next=%2Fcustomers%2F7" });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
  });
});
