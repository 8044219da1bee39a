/**
 * The ANAF emulator (server/anaf/emulator/): PlatitorTvaRest v9's request and answer, its demo
 * companies, generated companies for other valid CUIs, notFound for a wrong control digit, the
 * limits of 100 CUIs and one request per second with ANAF-like refusals, and its request log.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validCui } from "../../contract/cif";
import { ANAF_DEMO_COMPANIES, anafEmulator, type AnafRequestLogEntry } from "../../server/anaf/emulator/index";
import { validCuisFrom } from "../helpers/anafCuis";

const TVA = "/api/PlatitorTvaRest/v9/tva";
const DATE = "2026-06-30";

describe("the ANAF emulator", () => {
  let emulator: FastifyInstance;
  beforeEach(async () => {
    emulator = Fastify({ logger: false });
    await emulator.register(anafEmulator, { minIntervalMs: 0 });
  });
  afterEach(() => emulator.close());

  const ask = (cuis: unknown[]) => emulator.inject({ method: "POST", url: TVA, payload: cuis.map((cui) => ({ cui, data: DATE })) });
  const log = async () => (await emulator.inject({ method: "GET", url: "/__emulator/requests" })).json<{ requests: AnafRequestLogEntry[] }>().requests;
  const settings = (body: object) => emulator.inject({ method: "PUT", url: "/__emulator/settings", payload: body });

  it("answers v9's {found, notFound} without cod or message, with ANAF's blocks for a demo company", async () => {
    const response = await ask([45273124]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["found", "notFound"]);
    expect(body.notFound).toEqual([]);
    const [company] = body.found;
    expect(company.date_generale).toMatchObject({ cui: 45273124, data: DATE, denumire: "EXEMPLU SOFT SRL", statusRO_e_Factura: true });
    expect(Object.keys(company).sort()).toEqual(
      ["adresa_domiciliu_fiscal", "adresa_sediu_social", "date_generale", "inregistrare_RTVAI", "inregistrare_SplitTVA", "inregistrare_scop_Tva", "stare_inactiv"].sort(),
    );
    expect(company.adresa_sediu_social).toMatchObject({ sdenumire_Localitate: "Sector 3 Mun. Bucureşti", scod_JudetAuto: "B" });
  });

  it("holds demo companies with valid control digits, one of each case", () => {
    expect(ANAF_DEMO_COMPANIES.every((company) => validCui(company.cui))).toBe(true);
    expect(ANAF_DEMO_COMPANIES.some((company) => company.vatSince && company.eInvoiceSince)).toBe(true);
    expect(ANAF_DEMO_COMPANIES.some((company) => !company.vatSince)).toBe(true);
    expect(ANAF_DEMO_COMPANIES.some((company) => company.inactiveSince && !company.struckOffOn)).toBe(true);
    expect(ANAF_DEMO_COMPANIES.some((company) => company.struckOffOn)).toBe(true);
    expect(ANAF_DEMO_COMPANIES.some((company) => company.countyPlate === "CJ")).toBe(true);
    expect(ANAF_DEMO_COMPANIES.some((company) => company.locality.startsWith("Sector 3"))).toBe(true);
  });

  it("answers any other valid CUI as an active demonstrative company, the same each time, and a wrong control digit as not found", async () => {
    const [cui] = validCuisFrom(4_321_987, 1).map(Number);
    const first = (await ask([cui, 18547291])).json();
    expect(first.notFound).toEqual([18547291]);
    expect(first.found[0].date_generale).toMatchObject({ cui, denumire: `FIRMA DEMONSTRATIVĂ ${cui} SRL`, demonstrativ: true });
    expect(first.found[0].stare_inactiv.statusInactivi).toBe(false);
    expect((await ask([cui])).json().found).toEqual(first.found);
  });

  it("answers none found with 404 and the same JSON when set to", async () => {
    await settings({ notFoundStatus: 404 });
    const response = await ask([18547291]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ found: [], notFound: [18547291] });
  });

  it("refuses more than 100 CUIs, and a body that is not v9's list, with 400", async () => {
    expect((await ask(validCuisFrom(1_000_000, 101).map(Number))).statusCode).toBe(400);
    expect((await ask(validCuisFrom(1_000_000, 100).map(Number))).statusCode).toBe(200);
    expect((await ask(["45273124"])).statusCode).toBe(400);
    expect((await emulator.inject({ method: "POST", url: TVA, payload: { cui: 45273124 } })).statusCode).toBe(400);
  });

  it("refuses a request less than a second after the last with 429, or ANAF's firewall page, and logs each with its time and size", async () => {
    await settings({ minIntervalMs: 60 * 60_000 });
    expect((await ask([45273124])).statusCode).toBe(200);
    expect((await ask([45273124, 24681350])).statusCode).toBe(429);
    await settings({ rateRefusal: "html" });
    const page = await ask([45273124]);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toMatch(/Request Rejected/);
    const requests = await log();
    expect(requests.map(({ cuiCount, status, outcome, date }) => ({ cuiCount, status, outcome, date }))).toEqual([
      { cuiCount: 1, status: 200, outcome: "answered", date: DATE },
      { cuiCount: 2, status: 429, outcome: "rate", date: DATE },
      { cuiCount: 1, status: 200, outcome: "rate", date: DATE },
    ]);
    expect(requests.every((request, i) => i === 0 || request.at >= requests[i - 1].at)).toBe(true);
  });

  it("strikes the next requests with the faults a test sets, then answers again", async () => {
    await emulator.inject({ method: "POST", url: "/__emulator/faults", payload: { fault: "503", times: 2 } });
    expect((await ask([45273124])).statusCode).toBe(503);
    expect((await ask([45273124])).statusCode).toBe(503);
    expect((await ask([45273124])).statusCode).toBe(200);
    expect((await emulator.inject({ method: "POST", url: "/__emulator/faults", payload: { fault: "nonsense" } })).statusCode).toBe(400);
  });
});
