/**
 * ANAF's lookup (server/anaf/) against the app's own ANAF emulator, on both databases: what is
 * read from an answer, the states, each fault turned into its Romanian message with nothing
 * cached, the day's cache, batches of 100 at most one request per second, and the route
 * GET /api/anaf/company/{cif}. Pacing is judged on the times the emulator recorded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnafCompany } from "../../contract/anaf";
import { cuiOf } from "../../contract/cif";
import { AnafUnavailable, anafStateOf, lastKnownStates, lookupCompanies } from "../../server/anaf/index";
import { ANAF_DEMO_CUIS, type AnafRequestLogEntry } from "../../server/anaf/emulator/index";
import { readAnafAnswer } from "../../server/anaf/readAnswer";
import { romanianDate } from "../../server/smartbill/bucharestTime";
import { anafMessages, customerRowMessages } from "../../server/messages";
import { validCuisFrom } from "../helpers/anafCuis";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const CONTROL = "/anaf-emulator/__emulator";
/** The budget's one request per second, less what two clocks reading the same instant may differ by. */
const ONE_SECOND_LESS_CLOCK_SLACK = 990;

describe("a CIF's digits", () => {
  it("are the CUI when the control digit matches, with or without RO, spaces, dashes or dots", () => {
    expect(cuiOf("RO18547290")).toBe("18547290");
    expect(cuiOf("ro 185-472.90")).toBe("18547290");
    expect(cuiOf("18547291")).toBeNull();
    expect(cuiOf("018547290")).toBeNull();
    expect(cuiOf("RO")).toBeNull();
    expect(cuiOf("DE123456789")).toBeNull();
  });
});

describe("ANAF's answer", () => {
  it("names the CUIs not found whether ANAF lists them as numbers or as {cui} objects, and needs no cod/message", () => {
    expect(readAnafAnswer({ found: [], notFound: [18547291, { cui: 39812061 }] }, "2026-01-01T00:00:00.000Z")?.notFound).toEqual([
      "18547291",
      "39812061",
    ]);
    expect(readAnafAnswer({ cod: 200, message: "SUCCESS" }, "x")).toBeUndefined();
  });
});

describeEachDialect("ANAF's lookup against the emulator", (dialect) => {
  let t: TestApp;
  let clerk: Awaited<ReturnType<TestApp["signIn"]>>;

  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off", ANAF_TIMEOUT_MS: "1500" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    clerk = await t.signIn("facturare@demo.ro");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await control("POST", "/reset");
    await t.db.deleteFrom("anaf_companies").execute();
  });

  async function control(method: "GET" | "PUT" | "POST" | "DELETE", path: string, body?: object) {
    const response = await t.app.inject({ method, url: `${CONTROL}${path}`, ...(body ? { payload: body } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json() : undefined;
  }
  const requests = async () => ((await control("GET", "/requests")) as { requests: AnafRequestLogEntry[] }).requests;
  const company = (cif: string) => t.api("GET", `/api/anaf/company/${encodeURIComponent(cif)}`, { session: clerk });
  const cachedCuis = async () => (await t.db.selectFrom("anaf_companies").select("cui").execute()).map((row) => row.cui);

  it("fills every field from ANAF's answer, asking v9 for the CUI as a number on Romania's date", async () => {
    const response = await company("RO45273124");
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json<AnafCompany>();
    expect(found).toMatchObject({
      cui: "45273124",
      name: "EXEMPLU SOFT SRL",
      regCom: "J40/12345/2021",
      phone: "0210000000",
      address: {
        street: "Str. Exemplului",
        number: "7",
        locality: "Sector 3 Mun. Bucureşti",
        county: "MUNICIPIUL BUCUREŞTI",
        countyCode: "B",
        postalCode: "030001",
        details: "BL. A1, AP.12",
      },
      vatPayer: true,
      vatSince: "2021-10-01",
      vatOnReceipts: false,
      inactive: false,
      inactiveSince: null,
      struckOffOn: null,
      eInvoiceRegistered: true,
      eInvoiceSince: "2022-01-10",
      registrationText: "INREGISTRAT din data 15.09.2021",
    });
    expect(found.demo).toBeUndefined();
    expect(Date.parse(found.checkedAt)).not.toBeNaN();
    const [asked] = await requests();
    expect(asked).toMatchObject({ cuis: [45273124], cuiCount: 1, status: 200 });
    expect(asked.date).toBe(romanianDate(asked.at));
  });

  it("reads VAT on receipts and a county other than Bucharest, and a non-VAT payer", async () => {
    const found = await lookupCompanies(t.app, [ANAF_DEMO_CUIS.cluj, ANAF_DEMO_CUIS.nonVatPayer]);
    expect(found.get(ANAF_DEMO_CUIS.cluj)).toMatchObject({ vatOnReceipts: true, address: { countyCode: "CJ", locality: "Mun. Cluj-Napoca" } });
    expect(found.get(ANAF_DEMO_CUIS.nonVatPayer)).toMatchObject({ vatPayer: false, vatSince: null, eInvoiceRegistered: false });
  });

  it("tells an inactive and a struck-off company by their states and dates", async () => {
    const found = await lookupCompanies(t.app, [ANAF_DEMO_CUIS.inactive, ANAF_DEMO_CUIS.struckOff, ANAF_DEMO_CUIS.vatPayerBucharest]);
    const inactive = found.get(ANAF_DEMO_CUIS.inactive)!;
    expect(inactive).toMatchObject({ inactive: true, inactiveSince: "2024-03-01", struckOffOn: null });
    expect(anafStateOf(inactive)).toBe("inactive");
    const struckOff = found.get(ANAF_DEMO_CUIS.struckOff)!;
    expect(struckOff.struckOffOn).toBe("2023-11-15");
    expect(anafStateOf(struckOff)).toBe("struckOff");
    expect(anafStateOf(found.get(ANAF_DEMO_CUIS.vatPayerBucharest)!)).toBe("active");
    expect(anafStateOf(null)).toBe("notFound");
    const states = await lastKnownStates(t.db, [ANAF_DEMO_CUIS.inactive, ANAF_DEMO_CUIS.struckOff, "18547290"]);
    expect(states.get(ANAF_DEMO_CUIS.inactive)?.state).toBe("inactive");
    expect(states.get(ANAF_DEMO_CUIS.struckOff)?.state).toBe("struckOff");
    expect(states.has("18547290")).toBe(false);
  });

  it("answers any other valid CUI with a stable company marked demonstrative", async () => {
    const [cui] = validCuisFrom(3_456_789, 1);
    const first = (await lookupCompanies(t.app, [cui])).get(cui)!;
    expect(first).toMatchObject({ name: `FIRMA DEMONSTRATIVĂ ${cui} SRL`, demo: true, inactive: false, struckOffOn: null });
    const again = (await lookupCompanies(t.app, [cui], { maxAgeMs: 0 })).get(cui)!;
    expect({ ...again, checkedAt: "" }).toEqual({ ...first, checkedAt: "" });
  });

  it("answers 404 for a CUI ANAF does not know, and keeps that it does not", async () => {
    await control("PUT", "/settings", { unknownCuis: [18547290] });
    const response = await company("18547290");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: anafMessages.notFound("18547290") });
    expect((await lastKnownStates(t.db, ["18547290"])).get("18547290")?.state).toBe("notFound");
  });

  it("refuses a CIF whose control digit is wrong with the import's words, asking ANAF nothing", async () => {
    const response = await company("RO18547291");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: customerRowMessages.cifInvalid("RO18547291") });
    expect(await requests()).toEqual([]);
  });

  it("is refused to a role without the customers", async () => {
    const admin = await t.signIn("admin@demo.ro");
    const response = await t.api("GET", "/api/anaf/company/RO45273124", { session: admin });
    expect(response.statusCode).toBe(403);
  });

  const faults = [
    { fault: "429", message: anafMessages.tooManyRequests },
    { fault: "503", message: anafMessages.serverError(503) },
    { fault: "html", message: anafMessages.htmlPage },
    { fault: "hang", message: anafMessages.timedOut(1.5) },
    { fault: "slow", message: anafMessages.timedOut(1.5) },
  ] as const;
  for (const { fault, message } of faults) {
    it(`answers 503 with a Romanian reason and caches nothing when ANAF faults (${fault})`, async () => {
      await control("PUT", "/settings", { slowMs: 3_000, hangMs: 3_000 });
      await control("POST", "/faults", { fault });
      const response = await company("RO45273124");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message });
      expect(message).toMatch(/Clientul poate fi salvat/);
      expect(await cachedCuis()).toEqual([]);
    });
  }

  it("reads ANAF's refusal of a request too soon after another as its firewall page", async () => {
    await control("PUT", "/settings", { rateRefusal: "html", minIntervalMs: 60 * 60_000 });
    await lookupCompanies(t.app, [ANAF_DEMO_CUIS.cluj]);
    const refused = await lookupCompanies(t.app, [ANAF_DEMO_CUIS.inactive]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AnafUnavailable);
    expect((refused as Error).message).toBe(anafMessages.htmlPage);
    expect((await requests()).map((request) => request.outcome)).toEqual(["answered", "rate"]);
    expect(await cachedCuis()).toEqual([ANAF_DEMO_CUIS.cluj]);
  });

  it("answers a CUI read within the day from the table, and asks again once the answer is older", async () => {
    expect((await company("RO45273124")).statusCode).toBe(200);
    expect((await company("45273124")).json<AnafCompany>().name).toBe("EXEMPLU SOFT SRL");
    expect(await requests()).toHaveLength(1);
    await t.db.updateTable("anaf_companies").set({ checkedAt: new Date(Date.now() - 25 * 3600_000).toISOString() }).execute();
    expect((await company("45273124")).statusCode).toBe(200);
    expect(await requests()).toHaveLength(2);
  });

  it("asks 250 CUIs in 3 requests of at most 100, a second apart, telling its progress", async () => {
    const cuis = validCuisFrom(2_000_000, 250);
    const progress: [number, number][] = [];
    const found = await lookupCompanies(t.app, cuis, { onProgress: (done, total) => progress.push([done, total]) });
    expect(found.size).toBe(250);
    expect([...found.values()].every((company) => company !== null)).toBe(true);
    const log = await requests();
    expect(log.map((request) => [request.cuiCount, request.status])).toEqual([
      [100, 200],
      [100, 200],
      [50, 200],
    ]);
    for (let i = 1; i < log.length; i++) expect(log[i].at - log[i - 1].at).toBeGreaterThanOrEqual(ONE_SECOND_LESS_CLOCK_SLACK);
    expect(progress).toEqual([
      [0, 250],
      [100, 250],
      [200, 250],
      [250, 250],
    ]);
    // The next lookup of the same CUIs asks nothing.
    await lookupCompanies(t.app, cuis);
    expect(await requests()).toHaveLength(3);
  }, 30_000);
});
