/**
 * 'Primii pași': which of a new tenant's set-up steps are done — a SmartBill connection, an
 * invoicing user, a warehouse, customers — for the tenant's administrators.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addWarehouse, liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const FIRST_STEPS = "/api/first-steps";
const NOTHING_DONE = { smartBillConnection: false, invoicingUser: false, warehouse: false, customers: false };

describeEachDialect("the first steps of a tenant (/api/first-steps)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  let newAdmin: LoginResponse;
  let newTenant: number;

  beforeAll(async () => {
    t = await liveApp(dialect);
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    newTenant = await addTenant(t, "Firmă Nouă SRL");
    await addUser(t, { email: "admin@firmanoua.ro", tenantId: newTenant, roles: ["ROLE_ADMIN"], password: "parola-noua-1" });
    newAdmin = await t.signIn("admin@firmanoua.ro", "parola-noua-1");
  });
  afterAll(() => t.close());

  const steps = (session: LoginResponse, tenantId?: number) => t.api("GET", FIRST_STEPS, { session, tenantId });

  it("answers a new tenant's admin that nothing is done yet", async () => {
    const response = await steps(newAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(NOTHING_DONE);
  });

  it("ticks each step once it is done, and only that one", async () => {
    const port = (t.app.server.address() as { port: number }).port;
    const saved = await t.api("PUT", "/api/smartbill/connection", {
      session: newAdmin,
      body: {
        username: "facturare@demo.ro",
        token: "demo-smartbill-token-0001",
        cif: "RO40671760",
        url: `http://127.0.0.1:${port}/smartbill-emulator/SBORO/api`,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await steps(newAdmin)).json()).toEqual({ ...NOTHING_DONE, smartBillConnection: true });

    // An admin is not an invoicing user; a user with ROLE_SMARTBILL is.
    await addUser(t, { email: "alt-admin@firmanoua.ro", tenantId: newTenant, roles: ["ROLE_ADMIN"] });
    expect((await steps(newAdmin)).json().invoicingUser).toBe(false);
    await addUser(t, { email: "facturare@firmanoua.ro", tenantId: newTenant, roles: ["ROLE_SMARTBILL"] });
    expect((await steps(newAdmin)).json()).toEqual({ ...NOTHING_DONE, smartBillConnection: true, invoicingUser: true });

    await addWarehouse(t, newTenant, "Depozit Central");
    expect((await steps(newAdmin)).json()).toEqual({ smartBillConnection: true, invoicingUser: true, warehouse: true, customers: false });

    const now = new Date().toISOString();
    await t.db
      .insertInto("customers")
      .values({
        tenantId: newTenant,
        clientName: "Client Exemplu SRL",
        cif: "RO12345678",
        regCom: "",
        codClient: "C001",
        adresa: "",
        localitate: "",
        judet: "",
        banca: "",
        iban: "",
        tara: "Romania",
        email: "",
        persContact: "",
        telefon: "",
        mentions: null,
        observations: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect((await steps(newAdmin)).json()).toEqual({ smartBillConnection: true, invoicingUser: true, warehouse: true, customers: true });
  });

  it("counts only the request's tenant: the demo tenant's users and settings are not another tenant's", async () => {
    const other = await addTenant(t, "Altă Firmă SRL");
    expect((await steps(superadmin, other)).json()).toEqual(NOTHING_DONE);
    expect((await steps(admin)).json()).toEqual({ smartBillConnection: true, invoicingUser: true, warehouse: false, customers: false });
  });

  it("is refused to the invoicing role, and to an admin asking about another tenant", async () => {
    const refused = await steps(invoicing);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Nu aveți dreptul să accesați această resursă." });
    const spoofed = await steps(newAdmin, 2);
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json()).toEqual({ message: "Nu aveți acces la datele acestei firme." });
  });
});
