import { afterAll, afterEach, beforeAll } from "vitest";
import Fastify from "fastify";
import { startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { createAuthProvider, NO_TOKEN_MESSAGE } from "./authProvider";
import { requestJson } from "./requestJson";
import { session, type SessionEndReason } from "./session";
import { createTokenRefresher, type TokenRefresher } from "./tokenRefresher";

// 11 s tokens: the timer (10 s before expiry) fires about a second after login.
const TTL = 11;
let server: LiveServer;
let refresher: TokenRefresher;

beforeAll(async () => {
  server = await startLiveServer({ ACCESS_TOKEN_TTL_SECONDS: String(TTL) });
  usePageOrigin(server.url);
});
afterAll(() => server.close());
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
    await vi.waitFor(() => expect(session.get()?.authenticationToken).not.toBe(first.authenticationToken), {
      timeout: 5_000,
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
    // Someone else used this refresh token: the server now refuses it (and ends the login).
    await requestJson("/dmz-api/refresh", { method: "POST", body: JSON.stringify({ refreshToken: first.refreshToken }) });
    const { seen, stop } = endings();
    await expect(refresher.refresh()).rejects.toMatchObject({ status: 401 });
    stop();
    expect(seen).toEqual(["refresh-failed"]);
    expect(session.get()).toBeNull();
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
