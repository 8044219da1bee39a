import { afterAll, afterEach, beforeAll } from "vitest";
import Fastify from "fastify";
import { startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { createAuthProvider } from "./authProvider";
import { NO_TOKEN_MESSAGE } from "./signIn";
import type { LoginResponse } from "../../contract/api";
import { requestJson } from "./requestJson";
import { decodeClaims, nowInSeconds, session, type SessionEndReason, type StoredSession } from "./session";
import { createTokenRefresher, SESSION_CHANGED_MESSAGE, type TokenRefresher } from "./tokenRefresher";
import { sessionWithRoles, unsignedToken } from "../../test/helpers/fakeSession";

// 11 s tokens: the timer (10 s before expiry) fires about a second after login.
const TTL = 11;
let server: LiveServer;
let refresher: TokenRefresher;

beforeAll(async () => {
  server = await startLiveServer({ ACCESS_TOKEN_TTL_SECONDS: String(TTL) });
  usePageOrigin(server.url);
}, 60_000);
afterAll(() => server.close(), 30_000);
afterEach(() => refresher?.stop());

async function signIn(email = "admin@demo.ro") {
  refresher = createTokenRefresher(session);
  await createAuthProvider(session, refresher).login({ username: email, password: "demo1234" });
  return session.get()!;
}

function endings() {
  const seen: SessionEndReason[] = [];
  const stop = session.subscribe((_s, reason) => reason && seen.push(reason));
  return { seen, stop };
}

describe("the token refresher against the real server", () => {
  it("refreshes by timer 10 s before the token expires, rotating both tokens", async () => {
    const first = await signIn();
    // The timer fires about a second after login; generous for a busy machine (the token lives 11 s).
    await vi.waitFor(() => expect(session.get()?.authenticationToken).not.toBe(first.authenticationToken), {
      timeout: 15_000,
      interval: 100,
    });
    const second = session.get()!;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    // The used refresh token is dead: presenting it again is refused.
    await expect(
      requestJson("/dmz-api/refresh", { method: "POST", body: JSON.stringify({ refreshToken: first.refreshToken }) }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it("refreshes once before calls made with an expiring token, however many callers wait", async () => {
    const first = await signIn();
    refresher.stop(); // no timer: the calls themselves must notice the expiring token
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // now surely within 10 s of expiry
    const [a, b, c] = await Promise.all([refresher.ensureFresh(), refresher.ensureFresh(), refresher.ensureFresh()]);
    // Two refreshes with the same token would be a reuse and would end the login; one happened.
    expect(a!.refreshToken).not.toBe(first.refreshToken);
    expect(b!.refreshToken).toBe(a!.refreshToken);
    expect(c!.refreshToken).toBe(a!.refreshToken);
    const me = await requestJson("/api/me", {
      headers: { Authorization: `Bearer ${a!.authenticationToken}`, "X-Tenant-ID": "2" },
    });
    expect(me.json.email).toBe("admin@demo.ro");
  });

  it("removes the stored user when the refresh is refused", async () => {
    const first = await signIn();
    refresher.stop();
    // The login was ended elsewhere (signed out, or revoked for a copied token): the server refuses it.
    await requestJson("/dmz-api/logout", { method: "POST", body: JSON.stringify({ refreshToken: first.refreshToken }) });
    const { seen, stop } = endings();
    await expect(refresher.refresh()).rejects.toMatchObject({ status: 401 });
    stop();
    expect(seen).toEqual(["refresh-failed"]);
    expect(session.get()).toBeNull();
  });

  it("after a reload that lost a refresh's answer, asks the same exchange again and stays signed in", async () => {
    const first = await signIn();
    refresher.stop();
    // The page sent its refresh, named as the refresher names it, and reloaded before the answer.
    const body = JSON.stringify({ refreshToken: first.refreshToken, attempt: session.refreshAttempt(first.refreshToken) });
    const { json: lost } = await requestJson<LoginResponse>("/dmz-api/refresh", { method: "POST", body });
    // The reloaded page still holds the old token, and refreshes with it.
    refresher = createTokenRefresher(session);
    const { seen, stop } = endings();
    const again = await refresher.refresh();
    stop();
    expect(seen).toEqual([]);
    expect(again.refreshToken).toBe(lost.refreshToken);
    expect(session.get()?.refreshToken).toBe(lost.refreshToken);
    // The login goes on: the next exchange is a new one.
    expect((await refresher.refresh()).refreshToken).not.toBe(lost.refreshToken);
  });
});

/**
 * The browser was closed past the access token's life: what is stored is the session with an
 * access token already expired (its claims kept, as the server wrote them) and a live refresh token.
 */
function closedBrowserPastExpiry(signedIn: StoredSession): StoredSession {
  const claims = decodeClaims(signedIn.authenticationToken)!;
  const expired = { ...signedIn, authenticationToken: unsignedToken({ ...claims, exp: nowInSeconds() - 60 }) };
  session.set(expired);
  return expired;
}

describe("a session whose access token expired while the browser was closed", () => {
  it("is refreshed on return, not ended: the next call carries a fresh token", async () => {
    const first = await signIn();
    refresher.stop();
    closedBrowserPastExpiry(first);
    // The browser opens again: a new page, a new refresher.
    refresher = createTokenRefresher(session);
    const { seen, stop } = endings();
    const fresh = await refresher.ensureFresh();
    stop();
    expect(seen).toEqual([]);
    expect(fresh!.refreshToken).not.toBe(first.refreshToken);
    expect(session.get()).toEqual(fresh);
    const me = await requestJson("/api/me", { headers: { Authorization: `Bearer ${fresh!.authenticationToken}`, "X-Tenant-ID": "2" } });
    expect(me.json.email).toBe("admin@demo.ro");
  });

  it("is refreshed exactly once however many calls, timers and tabs race for it", async () => {
    const first = await signIn();
    refresher.stop();
    closedBrowserPastExpiry(first);
    refresher = createTokenRefresher(session);
    const otherTab = createTokenRefresher(session);
    try {
      refresher.schedule(); // the start-up timer, due at once
      const answers = await Promise.all([refresher.ensureFresh(), refresher.ensureFresh(), otherTab.ensureFresh(), refresher.ensureFresh()]);
      // A second exchange of the same refresh token would have ended the login (a reuse).
      expect(new Set(answers.map((answer) => answer!.refreshToken)).size).toBe(1);
      expect(answers[0]!.refreshToken).not.toBe(first.refreshToken);
      // The login lives on: its next exchange is a plain one.
      await vi.waitFor(() => expect(session.get()?.refreshToken).toBe(answers[0]!.refreshToken), { timeout: 10_000 });
      const next = await requestJson<LoginResponse>("/dmz-api/refresh", {
        method: "POST",
        body: JSON.stringify({ refreshToken: answers[0]!.refreshToken }),
      });
      expect(next.json.authenticationToken).toBeTruthy();
    } finally {
      otherTab.stop();
    }
  });

  it("ends when the server refuses its refresh token", async () => {
    const first = await signIn();
    refresher.stop();
    await requestJson("/dmz-api/logout", { method: "POST", body: JSON.stringify({ refreshToken: first.refreshToken }) });
    closedBrowserPastExpiry(first);
    refresher = createTokenRefresher(session);
    const { seen, stop } = endings();
    await expect(refresher.ensureFresh()).rejects.toMatchObject({ status: 401 });
    stop();
    expect(seen).toEqual(["refresh-failed"]);
    expect(session.get()).toBeNull();
  });
});

describe("a refresh racing with the user", () => {
  it("does not bring back a login that was logged out while the refresh was on its way", async () => {
    await signIn();
    refresher.stop();
    const pending = refresher.refresh();
    session.clearAll(); // the user pressed Logout
    await expect(pending).rejects.toThrow(SESSION_CHANGED_MESSAGE);
    expect(session.get()).toBeNull();
  });
});

describe("a refresh meeting a passing failure", () => {
  it("tries again before signing the user out", async () => {
    let calls = 0;
    const flaky = Fastify();
    flaky.post("/dmz-api/refresh", async (_request, reply) => {
      calls += 1;
      if (calls < 3) return reply.code(503).send();
      const fresh = sessionWithRoles(["ROLE_ADMIN"]);
      return { ...fresh, refreshToken: "after-retries" };
    });
    await flaky.listen({ port: 0, host: "127.0.0.1" });
    try {
      session.set(sessionWithRoles(["ROLE_ADMIN"]));
      refresher = createTokenRefresher(session, `http://127.0.0.1:${(flaky.server.address() as { port: number }).port}`);
      const next = await refresher.refresh();
      expect(calls).toBe(3);
      expect(next.refreshToken).toBe("after-retries");
      expect(session.get()?.refreshToken).toBe("after-retries");
    } finally {
      await flaky.close();
    }
  });
});

describe("a browser whose clock is ahead of the server's", () => {
  it("does not ask for a new token in a loop when every fresh one already looks expired", async () => {
    let calls = 0;
    const server = Fastify();
    server.post("/dmz-api/refresh", async () => {
      calls += 1;
      // Good for 15 minutes by the server's clock, expired by this browser's.
      return { ...sessionWithRoles(["ROLE_ADMIN"], { expiresInSeconds: -120 }), refreshToken: `r${calls}` };
    });
    await server.listen({ port: 0, host: "127.0.0.1" });
    try {
      session.set(sessionWithRoles(["ROLE_ADMIN"], { expiresInSeconds: -120 }));
      refresher = createTokenRefresher(session, `http://127.0.0.1:${(server.server.address() as { port: number }).port}`);
      const fresh = await refresher.ensureFresh();
      expect(fresh!.refreshToken).toBe("r1");
      // Calls right after go out with it rather than refreshing again.
      expect((await refresher.ensureFresh())!.refreshToken).toBe("r1");
      expect((await refresher.ensureFresh())!.refreshToken).toBe("r1");
      expect(calls).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe("a login answer without an access token", () => {
  it("is refused and leaves no stored user", async () => {
    const odd = Fastify();
    odd.post("/dmz-api/login", async () => ({ refreshToken: "x", userName: "a@b.ro", tenant: { id: 2, name: "x" } }));
    await odd.listen({ port: 0, host: "127.0.0.1" });
    const address = odd.server.address() as { port: number };
    const { seen, stop } = endings();
    try {
      refresher = createTokenRefresher(session, `http://127.0.0.1:${address.port}`);
      const auth = createAuthProvider(session, refresher, `http://127.0.0.1:${address.port}`);
      await expect(auth.login({ username: "a@b.ro", password: "x" })).rejects.toThrow(NO_TOKEN_MESSAGE);
    } finally {
      stop();
      await odd.close();
    }
    expect(seen).toEqual(["no-token"]);
    expect(localStorage.getItem("general")).toBeNull();
  });
});
