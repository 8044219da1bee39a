import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { SMTPServer } from "smtp-server";
import { createPasswordToken } from "../../server/auth/passwordTokens";
import { resetPasswordMail } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";
import { addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const RECOVER_ANSWER = { message: "Dacă adresa există, veți primi un email cu linkul de resetare a parolei." };
const INVALID_LINK = { message: "Link invalid sau expirat." };

/** The link written to the outbox for the most recent mail to `email`. */
async function lastLink(t: TestApp, email: string): Promise<URL> {
  const mail = await t.db
    .selectFrom("outbox")
    .selectAll()
    .where("recipient", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const match = /https?:\/\/\S+/.exec(mail.body);
  if (!match) throw new Error(`no link in: ${mail.body}`);
  return new URL(match[0]);
}

describeEachDialect("passwords", (dialect) => {
  describe("POST /api/user/change-password", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp(dialect);
    });
    afterAll(() => t.close());

    const change = (session: { authenticationToken: string }, currentPassword: string, newPassword: string) =>
      t.api("POST", "/api/user/change-password", { session, body: { currentPassword, newPassword } });

    it("refuses a wrong current password with 400", async () => {
      const session = await t.signIn("admin@demo.ro");
      const response = await change(session, "not-my-password", "a-new-password");
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Parola curentă este incorectă.");
    });

    it("refuses a new password shorter than the minimum with 400", async () => {
      const session = await t.signIn("admin@demo.ro");
      const response = await change(session, "demo1234", "short");
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Parola nouă trebuie să aibă cel puțin 8 caractere.");
    });

    it("changes the password: the new one signs in, the old one no longer does", async () => {
      const session = await t.signIn("admin@demo.ro");
      const response = await change(session, "demo1234", "o-parola-noua");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: "Parola a fost schimbată cu succes." });
      expect((await t.login("admin@demo.ro", "demo1234")).statusCode).toBe(401);
      expect((await t.login("admin@demo.ro", "o-parola-noua")).statusCode).toBe(200);
    });

    it("signs out the user's other sessions but keeps the current one", async () => {
      const elsewhere = await t.signIn("facturare@demo.ro");
      const here = await t.signIn("facturare@demo.ro");
      expect((await change(here, "demo1234", "alta-parola-noua")).statusCode).toBe(200);
      expect((await t.api("GET", "/api/me", { session: here })).statusCode).toBe(200);
      expect((await t.api("GET", "/api/me", { session: elsewhere })).statusCode).toBe(401);
      const refresh = await t.api("POST", "/dmz-api/refresh", { body: { refreshToken: elsewhere.refreshToken } });
      expect(refresh.statusCode).toBe(401);
    });

    describe("wrong current passwords", () => {
      const WINDOW_SECONDS = 60;
      let throttledApp: TestApp;
      let counter = 0;
      beforeAll(async () => {
        throttledApp = await testApp(dialect, { env: { LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS) } });
      });
      afterAll(() => throttledApp.close());
      afterEach(() => vi.useRealTimers());

      async function signedInUser(): Promise<LoginResponse> {
        const email = `schimbare${++counter}@demo.ro`;
        await addUser(throttledApp, { email, tenantId: 2, roles: ["ROLE_SMARTBILL"], password: "parola-curenta" });
        return throttledApp.signIn(email, "parola-curenta");
      }
      const changeOn = (session: LoginResponse, currentPassword: string, newPassword = "o-parola-noua-1") =>
        throttledApp.api("POST", "/api/user/change-password", { session, body: { currentPassword, newPassword } });
      const guesses = (session: LoginResponse, count: number) =>
        Promise.all(Array.from({ length: count }, (_, i) => changeOn(session, `ghicit-${i}`)));

      it("answers 429 after 10 wrong ones, even for the right password, until the window ends", async () => {
        const session = await signedInUser();
        const answers = await guesses(session, 40);
        expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(10);
        expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(30);

        const right = await changeOn(session, "parola-curenta");
        expect(right.statusCode).toBe(429);
        expect(right.json().message).toBe("Prea multe încercări eșuate. Încercați din nou peste 1 minut.");
        expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
        expect(Number(right.headers["retry-after"])).toBeLessThanOrEqual(WINDOW_SECONDS);

        // Another account is not locked by this one's guesses.
        const other = await signedInUser();
        expect((await changeOn(other, "parola-curenta")).statusCode).toBe(200);

        // Once the window is over, the right password works again.
        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(Date.now() + (WINDOW_SECONDS + 1) * 1000);
        expect((await changeOn(session, "parola-curenta")).statusCode).toBe(200);
      });

      it("starts counting afresh after a successful change", async () => {
        const session = await signedInUser();
        await guesses(session, 9);
        expect((await changeOn(session, "parola-curenta", "a-doua-parola")).statusCode).toBe(200);
        expect((await guesses(session, 9)).every((r) => r.statusCode === 400)).toBe(true);
        expect((await changeOn(session, "a-doua-parola", "a-treia-parola")).statusCode).toBe(200);
      });
    });

    it("requires a session and the XSRF header", async () => {
      const body = { currentPassword: "x", newPassword: "yyyyyyyy" };
      expect((await t.api("POST", "/api/user/change-password", { body })).statusCode).toBe(401);
      const session = await t.signIn("superadmin@demo.ro");
      expect((await t.api("POST", "/api/user/change-password", { session, body, xsrf: false })).statusCode).toBe(403);
    });

    it("checks the session before the XSRF header: 401 without a token, 403 with one but no header", async () => {
      const body = { currentPassword: "x", newPassword: "yyyyyyyy" };
      const anonymous = await t.api("POST", "/api/user/change-password", { body, xsrf: false });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: "Autentificare necesară. Vă rugăm să vă autentificați." });

      const session = await t.signIn("superadmin@demo.ro");
      const signedIn = await t.api("POST", "/api/user/change-password", { session, body, xsrf: false });
      expect(signedIn.statusCode).toBe(403);
      expect(signedIn.json()).toEqual({ message: "Cerere respinsă: token anti-falsificare (XSRF) lipsă sau invalid." });
    });
  });

  describe("POST /dmz-api/recover and /dmz-api/reset", () => {
    let t: TestApp;
    const logLines: string[] = [];
    beforeAll(async () => {
      const stream = new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      });
      t = await testApp(dialect, { env: { APP_URL: "https://app.example.ro" }, logger: { level: "info", stream } });
    });
    afterAll(() => t.close());

    const recover = (email: string) => t.api("POST", "/dmz-api/recover", { body: { email }, xsrf: false });
    const reset = (body: object) => t.api("POST", "/dmz-api/reset", { body, xsrf: false });
    const outboxCount = async () =>
      Number((await t.db.selectFrom("outbox").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

    it("answers an unknown email exactly like a known one, and writes no mail for it", async () => {
      const unknown = await recover("nobody@demo.ro");
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(RECOVER_ANSWER);
      expect(await outboxCount()).toBe(0);

      const known = await recover("admin@demo.ro");
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(RECOVER_ANSWER);
      expect(await outboxCount()).toBe(1);
    });

    it("writes a reset link for the app's page to the outbox and the server log", async () => {
      await recover("facturare@demo.ro");
      const link = await lastLink(t, "facturare@demo.ro");
      expect(link.origin).toBe("https://app.example.ro");
      expect(link.pathname).toBe("/dmz/reset-password");
      expect(link.searchParams.get("email")).toBe("facturare@demo.ro");
      expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(logLines.some((line) => line.includes(link.toString()))).toBe(true);
      const mail = await t.db.selectFrom("outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(mail.subject).toBe("Resetarea parolei - SmartBill back office");
      // No SMTP_URL here: the outbox is the only way the link reaches anyone, so it stays whole.
      expect(mail.sentAt).toBeNull();
      expect(mail.body).toContain(link.toString());
    });

    it("resets the password once with the link, then refuses the same link", async () => {
      const session = await t.signIn("superadmin@demo.ro");
      await recover("superadmin@demo.ro");
      const link = await lastLink(t, "superadmin@demo.ro");
      const body = { email: link.searchParams.get("email"), token: link.searchParams.get("token"), newPassword: "parola-resetata" };

      const first = await reset(body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: "Parola a fost resetată cu succes." });
      expect((await t.login("superadmin@demo.ro", "parola-resetata")).statusCode).toBe(200);
      expect((await t.login("superadmin@demo.ro", "demo1234")).statusCode).toBe(401);
      // Existing sessions end with the reset.
      expect((await t.api("GET", "/api/me", { session })).statusCode).toBe(401);

      const second = await reset({ ...body, newPassword: "alta-parola" });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toEqual(INVALID_LINK);
    });

    it("refuses a link used with another email, an unknown token or the set route", async () => {
      await recover("admin@demo.ro");
      const link = await lastLink(t, "admin@demo.ro");
      const token = link.searchParams.get("token");
      expect((await reset({ email: "facturare@demo.ro", token, newPassword: "parola-noua-1" })).json()).toEqual(INVALID_LINK);
      expect((await reset({ email: "admin@demo.ro", token: "x".repeat(43), newPassword: "parola-noua-1" })).statusCode).toBe(400);
      const viaSet = await t.api("POST", "/dmz-api/set", { body: { email: "admin@demo.ro", token, newPassword: "parola-noua-1" } });
      expect(viaSet.statusCode).toBe(400);
      expect(viaSet.json()).toEqual(INVALID_LINK);
      // None of the refusals used it up.
      expect((await reset({ email: "admin@demo.ro", token, newPassword: "parola-noua-1" })).statusCode).toBe(200);
    });

    it("refuses a too-short new password and keeps the link usable", async () => {
      await recover("facturare@demo.ro");
      const link = await lastLink(t, "facturare@demo.ro");
      const body = { email: "facturare@demo.ro", token: link.searchParams.get("token") };
      const short = await reset({ ...body, newPassword: "scurt" });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe("Parola nouă trebuie să aibă cel puțin 8 caractere.");
      expect((await reset({ ...body, newPassword: "suficient-de-lunga" })).statusCode).toBe(200);
    });
  });

  describe("POST /dmz-api/set", () => {
    let t: TestApp;
    let userId: number;
    beforeAll(async () => {
      t = await testApp(dialect);
      const now = new Date().toISOString();
      const row = await t.db
        .insertInto("users")
        .values({ email: "nou@demo.ro", passwordHash: null, tenantId: 2, createdAt: now, updatedAt: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      userId = row.id;
    });
    afterAll(() => t.close());

    const set = (body: object) => t.api("POST", "/dmz-api/set", { body, xsrf: false });

    it("sets a new user's first password with a set token", async () => {
      const token = await createPasswordToken(t.db, userId, "set");
      const response = await set({ email: "nou@demo.ro", token, newPassword: "prima-parola" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: "Parola a fost setată cu succes." });
      expect((await t.login("nou@demo.ro", "prima-parola")).statusCode).toBe(200);
    });

    it("stores only a hash of the token, valid for 24 hours", async () => {
      const before = Date.now();
      const token = await createPasswordToken(t.db, userId, "set");
      const rows = await t.db.selectFrom("password_tokens").selectAll().where("userId", "=", userId).execute();
      expect(rows.some((row) => row.tokenHash === token)).toBe(false);
      const newest = rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      const lifetime = Date.parse(newest.expiresAt) - before;
      expect(lifetime).toBeGreaterThanOrEqual(24 * 3600 * 1000);
      expect(lifetime).toBeLessThan(24 * 3600 * 1000 + 60_000);
    });

    it("refuses a set token after its 24 hours", async () => {
      const token = await createPasswordToken(t.db, userId, "set");
      await t.db
        .updateTable("password_tokens")
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where("userId", "=", userId)
        .where("usedAt", "is", null)
        .execute();
      const response = await set({ email: "nou@demo.ro", token, newPassword: "parola-tarzie" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
    });
  });

  describe("throttling of POST /dmz-api/recover", () => {
    let t: TestApp;
    beforeAll(async () => {
      // The default window (900 s) and the fixed limits: 5 requests per email, 20 per address.
      t = await testApp(dialect, { env: { LOGIN_MAX_FAILURES: "3" } });
    });
    afterAll(() => t.close());

    const recover = (email: string, remoteAddress: string) =>
      t.api("POST", "/dmz-api/recover", { body: { email }, remoteAddress, xsrf: false });
    const mailsTo = async (email: string) =>
      (await t.db.selectFrom("outbox").select("id").where("recipient", "=", email).execute()).length;
    const TOO_MANY = { message: "Prea multe încercări. Încercați din nou peste 15 minute." };

    it("refuses a sixth request for the same email within the window with 429, and mails nothing for it", async () => {
      // Each request from its own address, so only the email's counter is in play.
      for (let i = 1; i <= 5; i++) {
        const response = await recover("admin@demo.ro", `10.4.0.${i}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(RECOVER_ANSWER);
      }
      const refused = await recover("Admin@Demo.ro", "10.4.0.9");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(890);
      expect(await mailsTo("admin@demo.ro")).toBe(5);
      // Other emails are unaffected.
      expect((await recover("facturare@demo.ro", "10.4.0.9")).statusCode).toBe(200);
    });

    it("mails no more than five links when twenty requests for one email arrive at once", async () => {
      await addUser(t, { email: "simultan@demo.ro", tenantId: 2, password: "parola-corecta" });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => recover("simultan@demo.ro", `10.8.${i}.1`)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(15);
      expect(await mailsTo("simultan@demo.ro")).toBe(5);
    });

    it("counts an unknown email exactly like a known one", async () => {
      for (let i = 1; i <= 5; i++) {
        const response = await recover("nobody@demo.ro", `10.5.0.${i}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(RECOVER_ANSWER);
      }
      const refused = await recover("nobody@demo.ro", "10.5.0.9");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
    });

    it("refuses the 21st request from one address across emails with 429; other addresses go on", async () => {
      const address = "10.6.0.1";
      for (let i = 1; i <= 20; i++) {
        expect((await recover(`guess${i}@demo.ro`, address)).statusCode).toBe(200);
      }
      const refused = await recover("superadmin@demo.ro", address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      expect((await recover("superadmin@demo.ro", "10.6.0.2")).statusCode).toBe(200);
    });

    it("keeps its counters apart from failed logins, in both directions", async () => {
      // admin@demo.ro is locked for reset links (first test): sign-in is not.
      expect((await t.login("admin@demo.ro", "demo1234", "10.7.0.1")).statusCode).toBe(200);
      // Three failed logins lock facturare@demo.ro for sign-in: reset links still go out.
      for (let i = 1; i <= 3; i++) {
        expect((await t.login("facturare@demo.ro", "wrong", `10.7.1.${i}`)).statusCode).toBe(401);
      }
      expect((await t.login("facturare@demo.ro", "demo1234", "10.7.1.9")).statusCode).toBe(429);
      expect((await recover("facturare@demo.ro", "10.7.1.9")).statusCode).toBe(200);
      const counter = await t.db
        .selectFrom("login_failures")
        .select("failures")
        .where("key", "=", "recover-account:admin@demo.ro")
        .executeTakeFirstOrThrow();
      expect(counter.failures).toBe(5);
    });
  });

  describe("in production mode", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp(dialect, {
        env: {
          NODE_ENV: "production",
          ADMIN_EMAIL: "owner@firma.ro",
          ADMIN_PASSWORD: "o-parola-sigura",
          APP_URL: "https://app.firma.ro",
        },
      });
    });
    afterAll(() => t.close());

    it("points reset links at APP_URL whatever Host header the request names", async () => {
      const response = await t.api("POST", "/dmz-api/recover", {
        body: { email: "owner@firma.ro" },
        headers: { host: "attacker.example" },
        xsrf: false,
      });
      expect(response.statusCode).toBe(200);
      expect((await lastLink(t, "owner@firma.ro")).origin).toBe("https://app.firma.ro");
    });
  });

  describe("e-mail delivery over SMTP", () => {
    let t: TestApp;
    let smtp: SMTPServer;
    const received: { to: string[]; data: string }[] = [];

    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, done) {
          let data = "";
          stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
          stream.on("end", () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
            done();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
      const address = smtp.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      t = await testApp(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "noreply@demo.ro" } });
    });
    afterAll(async () => {
      await t.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    });

    /** The link in the last mail the SMTP server received, as written in the mail. */
    const receivedLinkText = (): string => {
      // Quoted-printable may wrap long lines; read it with soft breaks removed.
      const data = received.at(-1)!.data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const match = /https?:\/\/\S+/.exec(data);
      if (!match) throw new Error(`no link in: ${data}`);
      return match[0];
    };
    const receivedLink = () => new URL(receivedLinkText());

    it("sends the reset link by SMTP and marks the outbox row as sent", async () => {
      const response = await t.api("POST", "/dmz-api/recover", { body: { email: "admin@demo.ro" } });
      expect(response.statusCode).toBe(200);
      await t.app.mailer.idle();

      expect(received).toHaveLength(1);
      expect(received[0].to).toEqual(["admin@demo.ro"]);
      expect(received[0].data).toContain("Resetarea parolei");
      const link = receivedLink();
      // Without APP_URL (demo mode) the link points back to the origin the request came to.
      expect(link.origin).toBe("http://localhost");
      expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const row = await t.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.sentAt).not.toBeNull();
    });

    it("keeps no usable token in the outbox once SMTP has delivered the mail", async () => {
      await t.api("POST", "/dmz-api/recover", { body: { email: "facturare@demo.ro" } });
      await t.app.mailer.idle();
      const linkText = receivedLinkText();
      const token = new URL(linkText).searchParams.get("token")!;

      const row = await t.db
        .selectFrom("outbox")
        .selectAll()
        .where("recipient", "=", "facturare@demo.ro")
        .executeTakeFirstOrThrow();
      expect(row.sentAt).not.toBeNull();
      expect(row.body).not.toContain(token);
      // Only the token is gone: the record still shows what was sent, and to which page.
      expect(linkText).toMatch(/\/dmz\/reset-password\?email=facturare%40demo\.ro&token=/);
      expect(row.body).toBe(resetPasswordMail.body(linkText.replace(token, "[trimis prin email]")));

      // The mailed link itself works.
      const reset = await t.api("POST", "/dmz-api/reset", {
        body: { email: "facturare@demo.ro", token, newPassword: "parola-din-email" },
      });
      expect(reset.statusCode).toBe(200);
    });
  });
});
