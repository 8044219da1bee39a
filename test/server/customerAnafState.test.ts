/**
 * A customer read, added or saved one at a time carries ANAF's last known state of its CUI, on
 * both databases: null before anyone asked ANAF about it (and for a CIF that is no Romanian CUI),
 * then the state and when it was read, once 'Completează din ANAF' (GET /api/anaf/company/{cif})
 * has asked; reading the customer never asks ANAF itself.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CustomerRecord } from "../../contract/api";
import { ANAF_DEMO_CUIS } from "../../server/anaf/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const BASE = "/api/smartbill/customer";

const customer = (codClient: string, cif: string) => ({
  clientName: "Firmă Verificată SRL",
  codClient,
  cif,
  adresa: "Str. Lungă 1",
  localitate: "Brașov",
  judet: "Brașov",
});

describeEachDialect("a customer's ANAF state", (dialect) => {
  let t: TestApp;
  let clerk: Awaited<ReturnType<TestApp["signIn"]>>;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    // The ANAF client asks this server's own emulator, which it reaches only while listening.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    clerk = await t.signIn("facturare@demo.ro");
  });
  afterAll(() => t.close());

  const anafRequests = async () => (await t.app.inject({ method: "GET", url: "/anaf-emulator/__emulator/requests" })).json<{ count: number }>().count;
  const read = async (id: number) => {
    const res = await t.api("GET", `${BASE}/${id}`, { session: clerk });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CustomerRecord>();
  };

  it("is null before ANAF was asked, and the state with its date after a lookup", async () => {
    const added = await t.api("POST", BASE, { session: clerk, body: customer("ANAF-INACTIV", `RO${ANAF_DEMO_CUIS.inactive}`) });
    expect(added.statusCode, added.body).toBe(201);
    const { id, anaf: whenAdded } = added.json<CustomerRecord>();
    expect(whenAdded).toBeNull();
    const asked = await anafRequests();
    expect((await read(id)).anaf).toBeNull();
    // Reading the customer never asks ANAF.
    expect(await anafRequests()).toBe(asked);

    const lookup = await t.api("GET", `/api/anaf/company/${ANAF_DEMO_CUIS.inactive}`, { session: clerk });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const { anaf } = await read(id);
    expect(anaf).toEqual({ state: "inactive", checkedAt: lookup.json<{ checkedAt: string }>().checkedAt });

    // Saved again, the answer still carries it.
    const saved = await t.api("PUT", `${BASE}/${id}`, { session: clerk, body: { ...customer("ANAF-INACTIV", ANAF_DEMO_CUIS.inactive), adresa: "Str. Scurtă 2" } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CustomerRecord>().anaf).toEqual(anaf);
  });

  it("names a CUI ANAF does not know, and none for a foreign VAT code", async () => {
    await t.app.inject({ method: "PUT", url: "/anaf-emulator/__emulator/settings", payload: { unknownCuis: [18547290] } });
    try {
      const { id } = (await t.api("POST", BASE, { session: clerk, body: customer("ANAF-NECUNOSCUT", "RO18547290") })).json<CustomerRecord>();
      expect((await t.api("GET", "/api/anaf/company/RO18547290", { session: clerk })).statusCode).toBe(404);
      expect((await read(id)).anaf).toMatchObject({ state: "notFound" });
    } finally {
      await t.app.inject({ method: "POST", url: "/anaf-emulator/__emulator/reset" });
    }
    const foreign = (await t.api("POST", BASE, { session: clerk, body: customer("STRAIN", "DE123456789") })).json<CustomerRecord>();
    expect((await read(foreign.id)).anaf).toBeNull();
  });
});
