/**
 * 'Verifică la ANAF' in the customer import's dry run, on both databases, against the app's own
 * ANAF emulator: the check is a task that reports the CUIs done of total; its findings per row
 * (unknown CUI, inactive, struck off, a name or county that differs) are warnings; ANAF down is
 * one message and no findings; the import fills empty addresses from the answers the check kept,
 * without asking ANAF. Pacing is judged on the times the emulator recorded.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { CustomerAnafCheck, CustomerAnafCheckOfferAnswer, CustomerAnafCheckStart, LoginResponse } from "../../contract/api";
import { ANAF_DEMO_CUIS, type AnafRequestLogEntry } from "../../server/anaf/emulator/index";
import { anafMessages, customerAnafCheckMessages } from "../../server/messages";
import { validCuisFrom } from "../helpers/anafCuis";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { multipart, xlsxOf } from "../helpers/excelFiles";
import { invoicingUserOfNewTenant } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const CONTROL = "/anaf-emulator/__emulator";
const CHECK = "/api/smartbill/customer/import/anaf-check";
/** The budget's one request per second, less what two clocks reading the same instant may differ by. */
const ONE_SECOND_LESS_CLOCK_SLACK = 990;
const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
const row = (code: string, name: string, cif: string, judet = "", adresa = "", localitate = "") =>
  [name, cif, "", code, adresa, localitate, judet, "", "", "", "", "", ""];

describeEachDialect("ANAF in the customer import's dry run", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let other: { tenantId: number; session: LoginResponse };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_POLL_MS: "20", ANAF_TIMEOUT_MS: "1500" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    let superadmin: LoginResponse;
    ({ superadmin, invoicing } = await signInDemoRoles(t));
    other = await invoicingUserOfNewTenant(t, superadmin, "ANAF Alt Tenant SRL", "facturare@anaf-alt.ro");
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
  const upload = (url: string, file: Buffer, session = invoicing) => {
    const { body, headers } = multipart(file);
    return t.api("POST", url, { session, body, headers });
  };
  const startCheck = async (file: Buffer) => {
    const response = await upload(CHECK, file);
    expect(response.statusCode, response.body).toBe(202);
    return response.json<CustomerAnafCheckStart>();
  };
  /** Polls the check as the screen does, keeping every progress seen, until it ends. */
  async function checkToTheEnd(taskId: number) {
    const seen: CustomerAnafCheck[] = [];
    const deadline = Date.now() + 30_000;
    for (;;) {
      const response = await t.api("GET", `${CHECK}/${taskId}`, { session: invoicing });
      expect(response.statusCode, response.body).toBe(200);
      const check = response.json<CustomerAnafCheck>();
      seen.push(check);
      if (check.status === "done" || check.status === "failed") return { check, seen };
      if (Date.now() > deadline) throw new Error(`check ${taskId} still ${check.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("checks 250 CIFs in 3 requests a second apart, reports progress to the total, and names each row's finding", async () => {
    const [unknown, madeInactive, madeStruckOff, ...generated] = validCuisFrom(7_300_000, 3 + 243);
    await control("PUT", "/settings", {
      unknownCuis: [Number(unknown)],
      companyStates: { [madeInactive]: { inactiveSince: "2025-02-03" }, [madeStruckOff]: { struckOffOn: "2024-12-31" } },
    });
    const rows = [
      row("U1", "Necunoscută SRL", `RO${unknown}`),
      row("I1", "Comert Inactiv Demo S.R.L.", ANAF_DEMO_CUIS.inactive),
      row("S1", "CONSTRUCȚII RADIATE DEMO SRL", `RO ${ANAF_DEMO_CUIS.struckOff}`),
      row("N1", "Alt Nume SRL", ANAF_DEMO_CUIS.vatPayerBucharest, "București"),
      row("J1", "Cluj Logistic Demo SRL", ANAF_DEMO_CUIS.cluj, "Iași"),
      row("J2", "Cluj Logistic Demo SRL", `RO${ANAF_DEMO_CUIS.cluj}`, "jud. cluj"), // same CUI: asked once, no finding
      row("O1", `Firma Demonstrativă ${madeInactive} SRL`, madeInactive),
      row("O2", `Firma Demonstrativă ${madeStruckOff} SRL`, madeStruckOff),
      // a valid row without a Romanian CUI is not asked about
      row("F1", "Foreign GmbH", "DE123456789"),
      ...generated.map((cui, index) => row(`G${index}`, `S.C. Firma Demonstrativa ${cui} S.R.L.`, cui)),
    ];
    const file = await xlsxOf([HEADERS, ...rows]);
    const start = await startCheck(file);
    expect(start.total).toBe(250);

    const { check, seen } = await checkToTheEnd(start.taskId);
    expect(check).toMatchObject({ status: "done", total: 250, processed: 250, errorText: null, message: customerAnafCheckMessages.done(250, 7) });
    expect(seen.some((step) => step.status === "running" && step.processed > 0 && step.processed < 250), "a progress between 0 and the total").toBe(true);
    expect(seen.every((step) => step.status === "done" || step.findings.length === 0)).toBe(true);

    const say = customerAnafCheckMessages;
    expect(check.findings).toEqual([
      { row: 2, codClient: "U1", cui: unknown, messages: [say.notKnown(unknown)] },
      { row: 3, codClient: "I1", cui: ANAF_DEMO_CUIS.inactive, messages: ["Firmă inactivă la ANAF din 01.03.2024."] },
      { row: 4, codClient: "S1", cui: ANAF_DEMO_CUIS.struckOff, messages: ["Firmă radiată la ANAF din 15.11.2023."] },
      { row: 5, codClient: "N1", cui: ANAF_DEMO_CUIS.vatPayerBucharest, messages: ["Denumirea diferă de cea de la ANAF: „EXEMPLU SOFT SRL”."] },
      { row: 6, codClient: "J1", cui: ANAF_DEMO_CUIS.cluj, messages: ["Județul diferă de cel de la ANAF: „Cluj”."] },
      { row: 8, codClient: "O1", cui: madeInactive, messages: ["Firmă inactivă la ANAF din 03.02.2025."] },
      { row: 9, codClient: "O2", cui: madeStruckOff, messages: ["Firmă radiată la ANAF din 31.12.2024."] },
    ]);

    const asked = (await requests()).filter((request) => request.outcome === "answered");
    expect(asked.map((request) => request.cuiCount)).toEqual([100, 100, 50]);
    for (let i = 1; i < asked.length; i++) expect(asked[i].at - asked[i - 1].at).toBeGreaterThanOrEqual(ONE_SECOND_LESS_CLOCK_SLACK);

    // Another tenant cannot read this tenant's check.
    expect((await t.api("GET", `${CHECK}/${start.taskId}`, { session: other.session })).statusCode).toBe(404);
  });

  it("says once that ANAF is unreachable, with no findings, and offers the next check unticked", async () => {
    expect((await t.api("GET", CHECK, { session: other.session })).json<CustomerAnafCheckOfferAnswer>()).toEqual({ suggested: true });
    await control("POST", "/faults", { fault: "503", times: 5 });
    const { body, headers } = multipart(await xlsxOf([HEADERS, row("D1", "Exemplu Soft SRL", ANAF_DEMO_CUIS.vatPayerBucharest)]));
    const start = await t.api("POST", CHECK, { session: other.session, body, headers });
    expect(start.statusCode, start.body).toBe(202);
    const taskId = start.json<CustomerAnafCheckStart>().taskId;
    let check: CustomerAnafCheck;
    const deadline = Date.now() + 30_000;
    do {
      check = (await t.api("GET", `${CHECK}/${taskId}`, { session: other.session })).json<CustomerAnafCheck>();
      if (Date.now() > deadline) throw new Error("the check did not end");
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (check.status !== "done" && check.status !== "failed");
    const unavailable = customerAnafCheckMessages.unavailable(anafMessages.serverError(503));
    expect(check).toMatchObject({ status: "failed", errorText: unavailable, findings: [] });
    expect((await t.api("GET", CHECK, { session: other.session })).json<CustomerAnafCheckOfferAnswer>()).toEqual({ suggested: false, message: unavailable });
    expect(await t.db.selectFrom("anaf_companies").selectAll().execute()).toEqual([]);
    // The import itself still goes through.
    const imported = await t.api("POST", "/api/smartbill/customer/import?fillFromAnaf=true", { session: other.session, ...multipart(await xlsxOf([HEADERS, row("D1", "Exemplu Soft SRL", ANAF_DEMO_CUIS.vatPayerBucharest)])) });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<{ message: string }>().message).not.toContain("ANAF");
  });

  it("fills the empty address fields from the answers the check kept, without asking ANAF during the import", async () => {
    const file = await xlsxOf([
      HEADERS,
      row("A1", "Exemplu Soft SRL", ANAF_DEMO_CUIS.vatPayerBucharest),
      row("A2", "Cluj Logistic Demo SRL", ANAF_DEMO_CUIS.cluj, "Cluj"),
      row("A3", "Atelier Micro Demo SRL", ANAF_DEMO_CUIS.nonVatPayer, "Brașov", "Str. Noastră 1", "Brașov"),
    ]);
    const { check } = await checkToTheEnd((await startCheck(file)).taskId);
    expect(check.status).toBe("done");
    await control("DELETE", "/requests");

    const imported = await upload("/api/smartbill/customer/import?fillFromAnaf=true", file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<{ message: string }>().message).toContain(customerAnafCheckMessages.filled(2));
    expect(await requests()).toEqual([]);
    const stored = await t.db
      .selectFrom("customers")
      .select(["codClient", "adresa", "localitate", "judet"])
      .where("tenantId", "=", 2)
      .where("codClient", "in", ["A1", "A2", "A3"])
      .orderBy("codClient")
      .execute();
    expect(stored).toEqual([
      { codClient: "A1", adresa: "Str. Exemplului nr. 7, BL. A1, AP.12, cod poștal 030001", localitate: "Sector 3", judet: "București" },
      { codClient: "A2", adresa: "Str. Memorandumului nr. 28, ET. 2, cod poștal 400114", localitate: "Mun. Cluj-Napoca", judet: "Cluj" },
      { codClient: "A3", adresa: "Str. Noastră 1", localitate: "Brașov", judet: "Brașov" },
    ]);

    // Without the option, the empty fields stay empty.
    const plain = await upload("/api/smartbill/customer/import", await xlsxOf([HEADERS, row("A4", "Exemplu Soft SRL", ANAF_DEMO_CUIS.vatPayerBucharest)]));
    expect(plain.json<{ message: string }>().message).not.toContain("ANAF");
    const a4 = await t.db.selectFrom("customers").select(["adresa", "localitate"]).where("tenantId", "=", 2).where("codClient", "=", "A4").executeTakeFirstOrThrow();
    expect(a4).toEqual({ adresa: "", localitate: "" });
  });
});
