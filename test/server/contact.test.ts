import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_LIMITS } from "../../contract/contact";
import { CONTACT_MAX_PER_ADDRESS, CONTACT_MAX_PER_SENDER, CONTACT_MAX_TOTAL } from "../../server/routes/dmz/contact";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const MESSAGE = {
  name: "Ana Popescu",
  email: "ana@firma-noua.ro",
  company: "Firma Nouă SRL",
  message: "Bună ziua, am dori să folosim platforma pentru facturare. Ce trebuie să facem?",
};

describeEachDialect("the contact page's server side", (dialect) => {
  let address = 0;
  /** Each call from its own client address unless one is given, so the per-address count is its own. */
  const send = (t: TestApp, body: unknown, remoteAddress = `10.1.0.${++address}`) =>
    t.api("POST", "/dmz-api/contact", { body, xsrf: false, remoteAddress });
  const outbox = (t: TestApp) => t.db.selectFrom("outbox").selectAll().orderBy("id").execute();
  const contactAudit = (t: TestApp) => t.db.selectFrom("audit_log").selectAll().where("action", "=", "contact.message").execute();

  describe("with the operator's contact details configured", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp(dialect, { env: { CONTACT_EMAIL: "Contact@Operator.ro", CONTACT_PHONE: "+40 21 123 4567" } });
    });
    afterAll(() => t.close());

    it("answers them to anyone, without a session", async () => {
      const answer = await t.api("GET", "/dmz-api/contact");
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ email: "contact@operator.ro", phone: "+40 21 123 4567" });
    });

    it("writes an accepted message to CONTACT_EMAIL's outbox, with the sender to answer, and records it in the audit log", async () => {
      const answer = await send(t, MESSAGE);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: "Mesajul a fost trimis. Vă răspundem la adresa de e-mail pe care ați scris-o." });
      const [mail] = await outbox(t);
      expect(mail).toMatchObject({ recipient: "contact@operator.ro", subject: "Mesaj de contact de la Ana Popescu (Firma Nouă SRL)", sentAt: null });
      expect(mail.body).toContain("E-mail: ana@firma-noua.ro");
      expect(mail.body).toContain(MESSAGE.message);
      const [row] = await contactAudit(t);
      expect(row).toMatchObject({ tenantId: 1, userId: null, userEmail: "ana@firma-noua.ro", targetLabel: "Ana Popescu (Firma Nouă SRL)" });
    });

    it("keeps the subject on one line whatever the name holds", async () => {
      await send(t, { ...MESSAGE, name: "Ana\r\nBcc: toti@exemplu.ro", company: undefined, email: "ana2@firma-noua.ro" });
      const mails = await outbox(t);
      expect(mails.at(-1)!.subject).toBe("Mesaj de contact de la Ana Bcc: toti@exemplu.ro");
    });
  });

  describe("without them", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp(dialect);
    });
    afterAll(() => t.close());

    it("answers none, and sends the message to the super-admin's outbox", async () => {
      expect((await t.api("GET", "/dmz-api/contact")).json()).toEqual({ email: null, phone: null });
      expect((await send(t, MESSAGE)).statusCode).toBe(200);
      expect((await outbox(t)).map((mail) => mail.recipient)).toEqual(["superadmin@demo.ro"]);
    });

    it("refuses a message without a name, an address to answer or a real message, saying which, and keeps nothing", async () => {
      const before = (await outbox(t)).length;
      const answer = await send(t, { name: "   ", email: "nu-e-adresa", company: "", message: "salut" });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: "Mesajul nu a fost trimis: corectați câmpurile marcate.",
        errors: {
          name: "Scrieți numele dumneavoastră.",
          email: "Scrieți o adresă de e-mail validă, ca să vă putem răspunde.",
          message: `Mesajul este prea scurt: scrieți cel puțin ${CONTACT_LIMITS.messageMin} caractere.`,
        },
      });
      expect((await outbox(t)).length).toBe(before);
      expect(await contactAudit(t)).toHaveLength(1); // the one accepted above
    });

    it("refuses what is over its bounds before reading further: a long field, an unknown one, a large body", async () => {
      for (const body of [
        { ...MESSAGE, message: "x".repeat(CONTACT_LIMITS.message + 1) },
        { ...MESSAGE, name: "x".repeat(CONTACT_LIMITS.name + 1) },
        { ...MESSAGE, recipient: "altcineva@exemplu.ro" },
        { name: MESSAGE.name, email: MESSAGE.email },
      ]) {
        expect((await send(t, body)).statusCode).toBe(400);
      }
      const huge = await send(t, { ...MESSAGE, message: "x".repeat(64 * 1024) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toBe("Cererea este prea mare.");
    });
  });

  describe("counting", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp(dialect, { env: { CONTACT_EMAIL: "contact@operator.ro" } });
    });
    afterAll(() => t.close());

    it(`takes ${CONTACT_MAX_PER_ADDRESS} messages an hour from one client address, then answers 429 with when to try again`, async () => {
      const answers = [];
      for (let n = 0; n < CONTACT_MAX_PER_ADDRESS + 2; n++) answers.push(await send(t, { ...MESSAGE, email: `a${n}@exemplu.ro` }, "10.2.0.1"));
      expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(CONTACT_MAX_PER_ADDRESS).fill(200), 429, 429]);
      expect(answers.at(-1)!.json().message).toMatch(/^Prea multe încercări\. Încercați din nou peste \d+ (de )?minute?\.$/);
      expect(Number(answers.at(-1)!.headers["retry-after"])).toBeGreaterThan(0);
    });

    it(`takes ${CONTACT_MAX_PER_SENDER} an hour from one sender's address, from any client address`, async () => {
      const statuses = [];
      for (let n = 0; n < CONTACT_MAX_PER_SENDER + 1; n++) statuses.push((await send(t, { ...MESSAGE, email: "insistent@exemplu.ro" })).statusCode);
      expect(statuses).toEqual([...Array(CONTACT_MAX_PER_SENDER).fill(200), 429]);
    });

    it(`takes ${CONTACT_MAX_TOTAL} an hour from everyone together, so no number of addresses fills the outbox`, async () => {
      await t.db.deleteFrom("login_failures").execute();
      let accepted = 0;
      for (let n = 0; accepted < CONTACT_MAX_TOTAL; n++) {
        if ((await send(t, { ...MESSAGE, email: `m${n}@exemplu.ro` }, `10.3.${Math.floor(n / 4)}.${n % 4}`)).statusCode === 200) accepted += 1;
      }
      const over = await send(t, { ...MESSAGE, email: "inca-unul@exemplu.ro" }, "10.4.0.1");
      expect(over.statusCode).toBe(429);
      const mails = await t.db.selectFrom("outbox").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
      expect(Number(mails.n)).toBeLessThanOrEqual(CONTACT_MAX_PER_ADDRESS + CONTACT_MAX_PER_SENDER + CONTACT_MAX_TOTAL);
    });
  });
});

describe("the contact settings", () => {
  it("refuse at start-up a CONTACT_EMAIL that is no address and a CONTACT_PHONE that is no number", async () => {
    const { loadConfig } = await import("../../server/config");
    expect(() => loadConfig({ CONTACT_EMAIL: "contact" })).toThrow(/CONTACT_EMAIL must be an e-mail address/);
    expect(() => loadConfig({ CONTACT_PHONE: "<script>" })).toThrow(/CONTACT_PHONE must be a phone number/);
    expect(loadConfig({ CONTACT_PHONE: "(021) 123.45.67" }).contact).toEqual({ email: undefined, phone: "(021) 123.45.67" });
  });
});
