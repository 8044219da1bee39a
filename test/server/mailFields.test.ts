/**
 * What becomes a mail header stays one: an invoice e-mail's subject is one line, its addresses
 * plain local@domain (no display name, no angle brackets), in the send route (nothing reaches
 * SmartBill's /document/send) and in the smartbill.email.subject / .cc settings the form starts
 * from; the one address rule (contract/emailAddress.ts) holds for users and the customer import
 * too. The audit row of a sent e-mail names every recipient.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CustomerImportResult, LoginResponse } from "../../contract/api";
import { isEmailAddress } from "../../contract/emailAddress";
import { customerRowMessages, invoiceActionMessages, invoiceEmailDefaults } from "../../server/messages";
import type { OutboxMail } from "../../server/smartbill/emulator/documentSend";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { multipart, xlsxOf } from "../helpers/excelFiles";
import { addCustomer, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { emulator, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const DISPLAY_NAME = '"evil"<a@b.ro>';
const SCRIPT = "<script>x</script>@x.ro";
const HEADER_SPLIT = "Factura\r\nBcc: spam@evil.ro";

describe("the address rule (contract/emailAddress.ts)", () => {
  it("takes a plain local@domain and nothing dressed around it", () => {
    for (const good of ["contact@exemplu.ro", "ion.popescu+facturi@firma-mea.co.uk", "o'brien@x.ro", "A_B@sub.domeniu.ro"]) {
      expect(isEmailAddress(good), good).toBe(true);
    }
    const bad = [DISPLAY_NAME, SCRIPT, "Ion <ion@x.ro>", "ion@x.ro\r\nBcc: y@z.ro", "ion @x.ro", "ion@x", "ion@-x.ro", "ion..pop@x.ro", ".ion@x.ro", "ion@x.ro.", "ion@ex_emplu.ro", "ioană@x.ro", `${"a".repeat(65)}@x.ro`];
    for (const address of bad) expect(isEmailAddress(address), address).toBe(false);
  });
});

describeEachDialect("mail fields that become headers", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let clientId: number;
  beforeAll(async () => {
    t = await liveApp(dialect);
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    clientId = await addCustomer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await liftSmartBillBlocks(t.db);
    await emulator(t, "POST", "/reset");
    await t.db.deleteFrom("properties").where("tenantId", "=", DEMO_TENANT).where("name", "like", "smartbill.email.%").execute();
  });

  const email = (id: number, body: object) => t.api("POST", `/api/smartbill/invoice/${id}/email`, { session: invoicing, body });
  const outbox = async () => ((await emulator(t, "GET", "/outbox")) as { mails: OutboxMail[] }).mails;
  const setting = (name: string, value: string) => t.api("POST", "/api/property/properties", { session: admin, body: { name, value } });
  const valid = { to: "contact@exemplu.ro", subject: "Factura SBL 0001", body: invoiceEmailDefaults.body };

  describe("the invoice's e-mail (POST /{id}/email → SmartBill's /document/send)", () => {
    it("refuses a subject with a line break in it, and sends nothing", async () => {
      const id = await addSentInvoice(t, invoicing, clientId);
      for (const subject of [HEADER_SPLIT, "Factura\nBcc: spam@evil.ro", "Factura\rX", "Factura\u2028X"]) {
        const refused = await email(id, { ...valid, subject });
        expect(refused.statusCode, subject).toBe(400);
        expect(refused.json().errors).toEqual({ subject: invoiceActionMessages.subjectOneLine });
        expect(refused.json().message).toBe(`${invoiceActionMessages.emailInvalid} ${invoiceActionMessages.subjectOneLine}`);
      }
      expect(await outbox()).toEqual([]);
    });

    it("refuses a display name, angle brackets or a script as an address, in to and in cc", async () => {
      const id = await addSentInvoice(t, invoicing, clientId);
      for (const address of [DISPLAY_NAME, SCRIPT, "Ion Popescu <ion@exemplu.ro>"]) {
        const to = await email(id, { ...valid, to: address });
        expect(to.statusCode, address).toBe(400);
        expect(to.json().errors).toEqual({ to: invoiceActionMessages.addressInvalid(address) });
        const cc = await email(id, { ...valid, cc: `ok@exemplu.ro, ${address}` });
        expect(cc.statusCode, address).toBe(400);
        expect(cc.json().errors).toEqual({ cc: invoiceActionMessages.addressInvalid(address) });
      }
      expect(await outbox()).toEqual([]);
    });

    it("names every recipient, to and cc, in the audit row of the e-mail sent", async () => {
      const id = await addSentInvoice(t, invoicing, clientId);
      const sent = await email(id, { ...valid, to: "contact@exemplu.ro; director@exemplu.ro", cc: "contabilitate@demo.ro, arhiva@demo.ro" });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(await outbox()).toMatchObject([{ to: ["contact@exemplu.ro", "director@exemplu.ro"], cc: ["contabilitate@demo.ro", "arhiva@demo.ro"] }]);
      const rows = await t.db.selectFrom("audit_log").select(["action", "result"]).where("target", "=", String(id)).where("action", "=", "invoices.email").execute();
      expect(rows).toEqual([
        { action: "invoices.email", result: invoiceActionMessages.emailRecipients("contact@exemplu.ro,director@exemplu.ro", "contabilitate@demo.ro,arhiva@demo.ro") },
      ]);
      expect(rows[0].result).toContain("arhiva@demo.ro");
    });
  });

  describe("the settings the e-mail form starts from", () => {
    it("refuses a subject setting with a line break, on add and on edit, keeping what was there", async () => {
      const refused = await setting("smartbill.email.subject", HEADER_SPLIT);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: invoiceActionMessages.subjectOneLine, errors: { value: invoiceActionMessages.subjectOneLine } });
      expect((await setting("smartbill.email.subject", "Factura #serie numar document#")).statusCode).toBe(200);
      const edited = await t.api("PUT", "/api/property/properties/smartbill.email.subject", { session: admin, body: { value: HEADER_SPLIT } });
      expect(edited.statusCode).toBe(400);
      const stored = await t.db.selectFrom("properties").select("value").where("tenantId", "=", DEMO_TENANT).where("name", "=", "smartbill.email.subject").executeTakeFirstOrThrow();
      expect(stored.value).toBe("Factura #serie numar document#");
    });

    it("refuses a cc setting that is not plain addresses, on add and on edit", async () => {
      for (const value of [DISPLAY_NAME, SCRIPT, "arhiva@demo.ro\r\nBcc: spam@evil.ro"]) {
        const refused = await setting("smartbill.email.cc", value);
        expect(refused.statusCode, value).toBe(400);
        expect(refused.json().errors).toEqual({ value: expect.stringMatching(/^Adresa de e-mail „.*” nu este validă\.$/s) });
      }
      expect((await setting("smartbill.email.cc", "arhiva@demo.ro, contabil@demo.ro")).statusCode).toBe(200);
      const edited = await t.api("PUT", "/api/property/properties/smartbill.email.cc", { session: admin, body: { value: `ok@demo.ro; ${DISPLAY_NAME}` } });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().errors).toEqual({ value: invoiceActionMessages.addressInvalid(DISPLAY_NAME) });
      // The body is text, not a header: its lines stay.
      expect((await setting("smartbill.email.body", "Bună ziua,\r\nfactura e atașată.")).statusCode).toBe(200);
    });
  });

  describe("the same address rule elsewhere", () => {
    it("refuses such addresses in the customer import and for a new user", async () => {
      const headers = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
      const row = (code: string, address: string) => ["Adrese SRL", "RO18547290", "", code, "", "", "", "", "", "", address, "", ""];
      const file = multipart(await xlsxOf([headers, row("ML1", DISPLAY_NAME), row("ML2", SCRIPT), row("ML3", "bun@exemplu.ro")]));
      const result = (await t.api("POST", "/api/smartbill/customer/import?dryRun=true", { session: invoicing, ...file })).json<CustomerImportResult>();
      expect(result.counters).toMatchObject({ newItems: 1, errorItems: 2 });
      expect(result.rejected.map((rejected) => rejected.reason)).toEqual([
        customerRowMessages.emailInvalid(DISPLAY_NAME),
        customerRowMessages.emailInvalid(SCRIPT),
      ]);
      const user = await t.api("POST", "/api/user/add", { session: admin, body: { email: SCRIPT, tenantId: DEMO_TENANT } });
      expect(user.statusCode).toBe(400);
      expect(user.json().errors).toHaveProperty("email");
    });
  });
});
