/**
 * One customer at a time at /api/smartbill/customer (GET/PUT/DELETE /{id}, POST /) on both
 * dialects: added, read, corrected and deleted; refused with the import's own Romanian reasons,
 * each at its field; a code unique in the tenant; another tenant's customer not found; a
 * customer its invoices still use kept, naming how many; each change in the audit log; its CUI
 * stored; the list's search following every change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Customer, LoginResponse, Page } from "../../contract/api";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { multipart, xlsxOf } from "../helpers/excelFiles";
import { addDraftInvoice } from "../helpers/sentInvoices";
import { invoicingUserOfNewTenant } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const DEMO_TENANT = 2;
const BASE = "/api/smartbill/customer";
const NOT_FOUND = { message: "Clientul nu a fost găsit." };

const acme = {
  clientName: "Acme Distribuție SRL",
  cif: "RO 185 472 90",
  regCom: "J12/55/2019",
  codClient: "ACME-1",
  adresa: "Str. Memorandumului 28",
  localitate: "Cluj-Napoca",
  judet: "Cluj",
  banca: "Banca Transilvania",
  iban: "RO49 AAAA 1B31 0075 9384 0000",
  tara: "",
  email: "office@acme.ro",
  persContact: "Ana Pop",
  telefon: "0264 000 000",
};
/** acme as stored: the CIF and IBAN without spaces, Romania for an empty country. */
const acmeStored = { ...acme, cif: "RO18547290", iban: "RO49AAAA1B31007593840000", tara: "Romania" };

describeEachDialect("one customer (/api/smartbill/customer/{id})", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let other: { tenantId: number; session: LoginResponse };
  beforeAll(async () => {
    // The worker off: the text index catches up only when the test says so (on SQLite).
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    let superadmin: LoginResponse;
    ({ superadmin, invoicing } = await signInDemoRoles(t));
    other = await invoicingUserOfNewTenant(t, superadmin, "Alți Clienți SRL", "facturare@alti-clienti.ro");
  });
  afterAll(() => t.close());

  const add = (body: unknown, session = invoicing) => t.api("POST", BASE, { session, body });
  const read = (id: number, session = invoicing) => t.api("GET", `${BASE}/${id}`, { session });
  const edit = (id: number, body: unknown, session = invoicing) => t.api("PUT", `${BASE}/${id}`, { session, body });
  const remove = (id: number, session = invoicing) => t.api("DELETE", `${BASE}/${id}`, { session });
  const added = async (fields: Partial<typeof acme>) => {
    const res = await add({ ...acme, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Customer>();
  };
  const stored = (id: number) => t.db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst();
  const auditOf = (id: number) =>
    t.db.selectFrom("audit_log").select(["action", "tenantId", "userEmail", "target", "targetLabel"]).where("target", "=", String(id)).where("action", "like", "customers.%").orderBy("id").execute();
  const search = async (q: string) => {
    await t.app.customerIndexer?.idle();
    const page = (await t.api("GET", `${BASE}/all?page=0&size=10&q=${encodeURIComponent(q)}`, { session: invoicing })).json<Page<Customer>>();
    return { codes: page.content.map((customer) => customer.codClient), total: page.totalElements };
  };

  describe("records", () => {
    it("adds a customer as the import would store it, with its CUI, and reads it back", async () => {
      const res = await add(acme);
      expect(res.statusCode).toBe(201);
      const customer = res.json<Customer>();
      expect(customer).toMatchObject({ id: expect.any(Number), ...acmeStored });
      expect((await read(customer.id)).json()).toEqual(customer);
      expect(await stored(customer.id)).toMatchObject({ tenantId: DEMO_TENANT, cui: "18547290" });
    });

    it("corrects an address, accepting the whole record react-admin sends back, and keeps the CUI with the CIF", async () => {
      const customer = await added({ codClient: "EDIT-1" });
      const res = await edit(customer.id, { ...customer, adresa: "Bd. Eroilor 3", localitate: "Turda", cif: "DE123456789", anaf: { state: "active" } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ...customer, adresa: "Bd. Eroilor 3", localitate: "Turda", cif: "DE123456789" });
      // A foreign VAT code has no CUI.
      expect(await stored(customer.id)).toMatchObject({ adresa: "Bd. Eroilor 3", cui: null });
      expect((await edit(customer.id, { ...customer, cif: "18547290" })).statusCode).toBe(200);
      expect(await stored(customer.id)).toMatchObject({ cui: "18547290" });
    });

    it("deletes a customer no invoice uses, answering 204, and then knows it no more", async () => {
      const customer = await added({ codClient: "DEL-1" });
      const res = await remove(customer.id);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expect(await stored(customer.id)).toBeUndefined();
      expect((await read(customer.id)).statusCode).toBe(404);
      expect((await read(customer.id)).json()).toEqual(NOT_FOUND);
      expect((await remove(customer.id)).statusCode).toBe(404);
    });
  });

  describe("the import", () => {
    it("stores each imported customer's CUI, and a re-import's new one", async () => {
      const headers = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
      const row = (code: string, cif: string) => [`${code} SRL`, cif, "", code, "", "", "", "", "", "", "", "", ""];
      const importRows = async (...rows: string[][]) => {
        const { body, headers: contentType } = multipart(await xlsxOf([headers, ...rows]));
        const res = await t.api("POST", `${BASE}/import`, { session: invoicing, body, headers: contentType });
        expect(res.statusCode, res.body).toBe(200);
      };
      const cuis = async () =>
        Object.fromEntries(
          (await t.db.selectFrom("customers").select(["codClient", "cui"]).where("tenantId", "=", DEMO_TENANT).where("codClient", "like", "IMP-%").execute()).map(
            (customer) => [customer.codClient, customer.cui],
          ),
        );
      await importRows(row("IMP-RO", "RO18547290"), row("IMP-DIGITS", "18547290"), row("IMP-DE", "DE123456789"));
      expect(await cuis()).toEqual({ "IMP-RO": "18547290", "IMP-DIGITS": "18547290", "IMP-DE": null });
      await importRows(row("IMP-DE", "RO18547290"), row("IMP-RO", "FR12345678901"));
      expect(await cuis()).toEqual({ "IMP-RO": null, "IMP-DIGITS": "18547290", "IMP-DE": "18547290" });
    });
  });

  describe("checks", () => {
    const refused = async (fields: Record<string, unknown>, errors: Record<string, string>) => {
      const before = await t.db.selectFrom("customers").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
      const res = await add({ ...acme, codClient: "CHK", ...fields });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: Object.values(errors).join(" "), errors });
      const after = await t.db.selectFrom("customers").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    };

    it("refuses a missing name, code or CIF with the import's words, each at its field", async () => {
      await refused(
        { clientName: "  ", codClient: null, cif: undefined },
        { clientName: "Denumirea clientului lipsește.", codClient: "Codul clientului lipsește.", cif: "CIF-ul lipsește." },
      );
    });

    it("refuses a CIF whose control digit is wrong, an IBAN that fails mod-97 and an e-mail that is none", async () => {
      await refused({ cif: "RO18547291" }, { cif: "CIF invalid: „RO18547291” (cifra de control nu se potrivește sau formatul nu este recunoscut)." });
      await refused({ iban: "RO49AAAA1B31007593840001" }, { iban: "IBAN invalid: „RO49AAAA1B31007593840001”." });
      await refused({ email: "office@acme" }, { email: "Adresă de email invalidă: „office@acme”." });
    });

    it("refuses a text longer than the import takes", async () => {
      await refused({ adresa: "x".repeat(501) }, { adresa: "Valoarea din coloana „Adresa” depășește 500 de caractere." });
    });

    it("refuses a field the customer does not have", async () => {
      const res = await add({ ...acme, codClient: "UNK", stock: 3 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ stock: "câmpul „stock” nu este permis" });
    });

    it("refuses a code another customer of the tenant has, on adding and on editing, at the code's field", async () => {
      const first = await added({ codClient: "DUP-1" });
      const again = await add({ ...acme, codClient: "DUP-1", clientName: "Altul SRL" });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: "Există deja un client cu codul „DUP-1”.", errors: { codClient: "Există deja un client cu codul „DUP-1”." } });
      const second = await added({ codClient: "DUP-2" });
      const renamed = await edit(second.id, { ...acme, codClient: "DUP-1" });
      expect(renamed.statusCode).toBe(409);
      expect((await read(second.id)).json<Customer>().codClient).toBe("DUP-2");
      // Its own code is no duplicate; another tenant may have the same code.
      expect((await edit(first.id, { ...acme, codClient: "DUP-1", telefon: "0722" })).statusCode).toBe(200);
      expect((await add({ ...acme, codClient: "DUP-1" }, other.session)).statusCode).toBe(201);
    });
  });

  describe("tenants", () => {
    it("does not find another tenant's customer to read, edit or delete, and changes nothing of it", async () => {
      const theirs = (await add({ ...acme, codClient: "THEIRS" }, other.session)).json<Customer>();
      expect((await read(theirs.id)).json()).toEqual(NOT_FOUND);
      const edited = await edit(theirs.id, { ...acme, codClient: "MINE" });
      expect(edited.statusCode).toBe(404);
      expect(edited.json()).toEqual(NOT_FOUND);
      expect((await remove(theirs.id)).statusCode).toBe(404);
      expect(await stored(theirs.id)).toMatchObject({ tenantId: other.tenantId, codClient: "THEIRS", clientName: acme.clientName });
      expect((await read(theirs.id, other.session)).statusCode).toBe(200);
    });
  });

  describe("a customer its invoices use", () => {
    it.each([
      [1, "Clientul nu poate fi șters: îl folosește 1 factură."],
      [2, "Clientul nu poate fi șters: îl folosesc 2 facturi."],
      [20, "Clientul nu poate fi șters: îl folosesc 20 de facturi."],
    ])("is kept while %i invoice(s) use it, saying how many", async (count, message) => {
      const customer = await added({ codClient: `USED-${count}` });
      for (let i = 0; i < count; i++) await addDraftInvoice(t, customer.id);
      const res = await remove(customer.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message });
      expect(await stored(customer.id)).toBeDefined();
      expect((await auditOf(customer.id)).map((row) => row.action)).toEqual(["customers.create"]);
    });
  });

  describe("audit", () => {
    it("records adding, editing and deleting, each with who and which customer", async () => {
      const customer = await added({ codClient: "AUD-1", clientName: "Audit SRL" });
      await edit(customer.id, { ...acme, codClient: "AUD-1", clientName: "Audit Nou SRL" });
      await remove(customer.id);
      const who = { tenantId: DEMO_TENANT, userEmail: "facturare@demo.ro", target: String(customer.id) };
      expect(await auditOf(customer.id)).toEqual([
        { action: "customers.create", ...who, targetLabel: "Audit SRL" },
        { action: "customers.update", ...who, targetLabel: "Audit Nou SRL" },
        { action: "customers.delete", ...who, targetLabel: "Audit Nou SRL" },
      ]);
    });

    it("records nothing for a refused change", async () => {
      const customer = await added({ codClient: "AUD-2" });
      await edit(customer.id, { ...acme, codClient: "AUD-2", cif: "RO1" });
      expect((await auditOf(customer.id)).map((row) => row.action)).toEqual(["customers.create"]);
    });
  });

  describe("search", () => {
    it("finds a customer added, by its new text once edited and no longer by its old, and not once deleted", async () => {
      const customer = await added({ codClient: "SRCH-1", clientName: "Zăpadă Albă SRL" });
      expect(await search("zapada alba")).toEqual({ codes: ["SRCH-1"], total: 1 });
      await edit(customer.id, { ...acme, codClient: "SRCH-1", clientName: "Ploaie Caldă SRL" });
      expect(await search("zapada alba")).toEqual({ codes: [], total: 0 });
      expect(await search("ploaie calda")).toEqual({ codes: ["SRCH-1"], total: 1 });
      await remove(customer.id);
      expect(await search("ploaie calda")).toEqual({ codes: [], total: 0 });
    });
  });
});
