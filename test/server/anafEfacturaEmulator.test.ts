/**
 * The ANAF e-Factura emulator (server/efactura/emulator/) as the app mounts it in demo mode at
 * /anaf-efactura-emulator: OAuth with PKCE (consent, deny, single-use codes, rotating refresh
 * tokens, expiry on its clock, revoke), the message lists (windows, filters, pages, overflow,
 * empty inbox, no rights), stareMesaj with its processing delay, descarcare's ZIP (UBL or error
 * file, and the signature), transformare's PDF, ANAF's daily-limit answers and faults, and the
 * SPV messages of invoices the SmartBill emulator issues for the same CIF. The emulator keeps its
 * state in memory, so SQLite alone is enough.
 */
import { randomBytes } from "node:crypto";
import JSZip from "jszip";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EFACTURA_EMULATOR_PREFIX, DEMO_EFACTURA_CLIENT } from "../../server/efactura/demoClient";
import { pkceChallenge } from "../../server/efactura/emulator/index";
import { DEMO_SMARTBILL_CIF, DEMO_SMARTBILL_TOKEN, DEMO_SMARTBILL_USERNAME } from "../../server/smartbill/emulator/index";
import { removeTemporaryDatabases } from "../helpers/databases";
import { addCustomer, addSentInvoice } from "../helpers/sentInvoices";
import { liveApp } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const E = EFACTURA_EMULATOR_PREFIX;
const REST = `${E}/prod/FCTEL/rest`;
const OAUTH = `${E}/anaf-oauth2/v1`;
const CIF = DEMO_SMARTBILL_CIF.replace(/^RO/, "");
const REDIRECT = "http://127.0.0.1:5173/api/efactura/callback";
const DAY = 86_400_000;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("the ANAF e-Factura emulator", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp("sqlite");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    expect((await admin("POST", "/reset")).statusCode).toBe(200);
  });

  const admin = (method: "GET" | "POST" | "DELETE", path: string, body?: object) =>
    t.app.inject({ method, url: `${E}/admin${path}`, ...(body ? { payload: body } : {}) });
  const emulatorNow = async () => (await admin("GET", "/clock")).json<{ now: number }>().now;

  /** Consent given on the page's form: the code and state the redirect carries. */
  async function authorize(verifier: string, decision: "allow" | "deny" = "allow") {
    const params = {
      response_type: "code",
      client_id: DEMO_EFACTURA_CLIENT.id,
      redirect_uri: REDIRECT,
      state: "st-123",
      code_challenge: pkceChallenge(verifier),
      code_challenge_method: "S256",
      token_content_type: "jwt",
    };
    const page = await t.app.inject({ method: "GET", url: `${OAUTH}/authorize?${form(params)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Autorizează accesul");
    expect(page.body).toContain("Refuză");
    const posted = await t.app.inject({ method: "POST", url: `${OAUTH}/authorize`, headers: FORM, payload: form({ ...params, decision }) });
    expect(posted.statusCode).toBe(302);
    const location = new URL(posted.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    return location.searchParams;
  }

  const exchange = (fields: Record<string, string>, basic = false) =>
    t.app.inject({
      method: "POST",
      url: `${OAUTH}/token`,
      headers: {
        ...FORM,
        ...(basic ? { authorization: `Basic ${Buffer.from(`${DEMO_EFACTURA_CLIENT.id}:${DEMO_EFACTURA_CLIENT.secret}`).toString("base64")}` } : {}),
      },
      payload: form(basic ? fields : { client_id: DEMO_EFACTURA_CLIENT.id, client_secret: DEMO_EFACTURA_CLIENT.secret, ...fields }),
    });

  async function tokens() {
    const verifier = randomBytes(32).toString("base64url");
    const code = (await authorize(verifier)).get("code")!;
    const response = await exchange({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ access_token: string; refresh_token: string; expires_in: number; token_type: string }>();
  }

  const get = (token: string | undefined, path: string, query: Record<string, string | number>) =>
    t.app.inject({
      method: "GET",
      url: `${REST}/${path}?${form(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  async function listPage(token: string, query: Record<string, string | number>) {
    const now = await emulatorNow();
    return get(token, "listaMesajePaginatieFactura", { cif: CIF, startTime: now - 59 * DAY, endTime: now, pagina: 1, ...query });
  }

  /** Issues an invoice through the SmartBill emulator's own API, as SmartBill's clients do. */
  async function issueInvoice(extra: Record<string, unknown> = {}) {
    const response = await t.app.inject({
      method: "POST",
      url: "/smartbill-emulator/SBORO/api/invoice",
      headers: {
        authorization: `Basic ${Buffer.from(`${DEMO_SMARTBILL_USERNAME}:${DEMO_SMARTBILL_TOKEN}`).toString("base64")}`,
        accept: "application/json",
      },
      payload: {
        companyVatCode: DEMO_SMARTBILL_CIF,
        client: { name: "Client Exemplu SRL", vatCode: "RO12345678", country: "Romania" },
        seriesName: "SBL",
        currency: "RON",
        dueDate: "2026-12-31",
        products: [{ name: "Consultanță", code: "C1", measuringUnitName: "ore", quantity: 2, price: 100, taxName: "Normala", taxPercentage: 21, isService: true }],
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ series: string; number: string }>();
  }

  interface AdminMessage {
    id: string;
    tip: string;
    id_solicitare: string;
    cif: string;
    detalii: string;
    data_creare: string;
    document?: { number: string; kind: string; total: number; currency: string };
    errors?: string[];
  }
  const messages = async () => (await admin("GET", "/messages")).json<{ messages: AdminMessage[] }>().messages;

  describe("OAuth", () => {
    it("gives a JWT access token with exp and a refresh token for a code, once, and only with the right PKCE verifier", async () => {
      const verifier = randomBytes(32).toString("base64url");
      const params = await authorize(verifier);
      expect(params.get("state")).toBe("st-123");
      const code = params.get("code")!;
      const wrong = await exchange({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: "not-the-verifier-not-the-verifier-not-the" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe("invalid_grant");
      // The failed exchange spent the code.
      const again = await exchange({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier });
      expect(again.json().error).toBe("invalid_grant");

      const verifier2 = randomBytes(32).toString("base64url");
      const code2 = (await authorize(verifier2)).get("code")!;
      const granted = await exchange({ grant_type: "authorization_code", code: code2, redirect_uri: REDIRECT, code_verifier: verifier2 }, true);
      expect(granted.statusCode).toBe(200);
      const body = granted.json();
      expect(body.token_type).toBe("Bearer");
      expect(body.expires_in).toBe(90 * 86_400);
      const claims = JSON.parse(Buffer.from(body.access_token.split(".")[1], "base64url").toString());
      expect(claims.exp - claims.iat).toBe(90 * 86_400);
      const reused = await exchange({ grant_type: "authorization_code", code: code2, redirect_uri: REDIRECT, code_verifier: verifier2 });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error).toBe("invalid_grant");
    });

    it("sends the person back with access_denied when they refuse, and refuses unknown clients, foreign redirects and bad credentials", async () => {
      const params = await authorize(randomBytes(32).toString("base64url"), "deny");
      expect(params.get("error")).toBe("access_denied");
      expect(params.get("state")).toBe("st-123");
      expect(params.get("code")).toBeNull();

      const query = { response_type: "code", client_id: DEMO_EFACTURA_CLIENT.id, redirect_uri: "https://evil.example/cb", state: "s", code_challenge: "x", code_challenge_method: "S256" };
      expect((await t.app.inject({ method: "GET", url: `${OAUTH}/authorize?${form(query)}` })).statusCode).toBe(400);
      expect((await t.app.inject({ method: "GET", url: `${OAUTH}/authorize?${form({ ...query, redirect_uri: REDIRECT, client_id: "other" })}` })).statusCode).toBe(400);
      const plain = await t.app.inject({ method: "GET", url: `${OAUTH}/authorize?${form({ ...query, redirect_uri: REDIRECT, code_challenge_method: "plain" })}` });
      expect(plain.statusCode).toBe(302);
      expect(new URL(plain.headers.location as string).searchParams.get("error")).toBe("invalid_request");

      const badClient = await t.app.inject({ method: "POST", url: `${OAUTH}/token`, headers: FORM, payload: form({ grant_type: "refresh_token", refresh_token: "x", client_id: DEMO_EFACTURA_CLIENT.id, client_secret: "wrong" }) });
      expect(badClient.statusCode).toBe(401);
      expect(badClient.json().error).toBe("invalid_client");
    });

    it("rotates refresh tokens: the new pair works, the old refresh token does not", async () => {
      const first = await tokens();
      const refreshed = await exchange({ grant_type: "refresh_token", refresh_token: first.refresh_token });
      expect(refreshed.statusCode).toBe(200);
      const second = refreshed.json();
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await listPage(second.access_token, {})).statusCode).toBe(200);
      const old = await exchange({ grant_type: "refresh_token", refresh_token: first.refresh_token });
      expect(old.statusCode).toBe(400);
      expect(old.json().error).toBe("invalid_grant");
    });

    it("lets tokens expire on its clock as the settings say, and answers 401 to a missing, expired, revoked or forged token", async () => {
      await admin("POST", "/settings", { accessSeconds: 3600, refreshSeconds: 7200 });
      const pair = await tokens();
      expect(pair.expires_in).toBe(3600);
      expect((await listPage(pair.access_token, {})).statusCode).toBe(200);
      expect((await listPage("garbage", {})).statusCode).toBe(401);
      expect((await get(undefined, "descarcare", { id: 1 })).statusCode).toBe(401);

      await admin("POST", "/clock", { advanceMs: 3601_000 });
      const expired = await listPage(pair.access_token, {});
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ status: 401, error: "Unauthorized" });
      // The refresh token still works within its own lifetime, then not.
      const refreshed = await exchange({ grant_type: "refresh_token", refresh_token: pair.refresh_token });
      expect(refreshed.statusCode).toBe(200);
      await admin("POST", "/clock", { advanceMs: 7201_000 });
      expect((await exchange({ grant_type: "refresh_token", refresh_token: refreshed.json().refresh_token })).json().error).toBe("invalid_grant");
    });

    it("revokes an access token and a refresh token", async () => {
      const pair = await tokens();
      const revoke = (token: string) => t.app.inject({ method: "POST", url: `${OAUTH}/revoke`, headers: FORM, payload: form({ token }) });
      expect((await revoke(pair.access_token)).statusCode).toBe(200);
      expect((await listPage(pair.access_token, {})).statusCode).toBe(401);
      expect((await revoke(pair.refresh_token)).statusCode).toBe(200);
      expect((await exchange({ grant_type: "refresh_token", refresh_token: pair.refresh_token })).json().error).toBe("invalid_grant");
    });
  });

  describe("messages", () => {
    it("holds three supplier invoices for the demo company, one in EUR, with their UBL", async () => {
      const { access_token } = await tokens();
      const page = await listPage(access_token, { filtru: "P" });
      const body = page.json();
      expect(body.mesaje).toHaveLength(3);
      expect(body.mesaje.every((m: AdminMessage) => m.tip === "FACTURA PRIMITA" && m.cif === CIF)).toBe(true);
      expect(body.mesaje[0].data_creare).toMatch(/^\d{12}$/);
      const all = await messages();
      expect(all.filter((m) => m.document?.currency === "EUR")).toHaveLength(1);
      const zip = await JSZip.loadAsync((await get(access_token, "descarcare", { id: body.mesaje[0].id })).rawPayload);
      const xml = await zip.file(`${body.mesaje[0].id}.xml`)!.async("string");
      expect(xml).toContain("<cac:AccountingSupplierParty>");
      expect(xml).toContain(`<cbc:CompanyID>${CIF}</cbc:CompanyID>`);
      expect(xml).toMatch(/<cbc:PayableAmount currencyID="(RON|EUR)">\d+\.\d{2}<\/cbc:PayableAmount>/);
    });

    it("makes FACTURA TRIMISA for an invoice SmartBill issues, ERORI FACTURA naming one whose number ends in 4, and a credit note for a storno; none for a proforma", async () => {
      const { access_token } = await tokens();
      const issued = [];
      for (let index = 0; index < 4; index += 1) issued.push(await issueInvoice());
      expect(issued.map((i) => `${i.series}${i.number}`)).toEqual(["SBL0001", "SBL0002", "SBL0003", "SBL0004"]);
      // A proforma never goes to SPV.
      const estimate = await t.app.inject({
        method: "POST",
        url: "/smartbill-emulator/SBORO/api/estimate",
        headers: { authorization: `Basic ${Buffer.from(`${DEMO_SMARTBILL_USERNAME}:${DEMO_SMARTBILL_TOKEN}`).toString("base64")}`, accept: "application/json" },
        payload: {
          companyVatCode: DEMO_SMARTBILL_CIF,
          client: { name: "Client Exemplu SRL", vatCode: "RO12345678", country: "Romania" },
          seriesName: "SBL-PF",
          products: [{ name: "Consultanță", code: "C1", measuringUnitName: "ore", quantity: 1, price: 100, taxName: "Normala", taxPercentage: 21, isService: true }],
        },
      });
      expect(estimate.statusCode, estimate.body).toBe(200);

      const sent = (await messages()).filter((m) => m.tip === "FACTURA TRIMISA");
      expect(sent.map((m) => m.document?.number)).toEqual(["SBL0001", "SBL0002", "SBL0003"]);
      expect(sent[0].detalii).toBe(`Factura cu id_incarcare=${sent[0].id_solicitare} emisa de cif_emitent=${CIF} pentru cif_beneficiar=12345678`);
      expect(sent[0].document?.total).toBe(242);

      const zip = await JSZip.loadAsync((await get(access_token, "descarcare", { id: sent[0].id })).rawPayload);
      expect(Object.keys(zip.files).sort()).toEqual([`${sent[0].id}.xml`, `semnatura_${sent[0].id}.xml`].sort());
      const ubl = await zip.file(`${sent[0].id}.xml`)!.async("string");
      expect(ubl).toContain("<cbc:ID>SBL0001</cbc:ID>");
      expect(ubl).toContain("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>");
      expect(ubl).toContain("<cbc:DueDate>2026-12-31</cbc:DueDate>");
      expect(ubl).toContain('<cbc:PayableAmount currencyID="RON">242.00</cbc:PayableAmount>');
      expect(ubl).toContain("<cbc:RegistrationName>Client Exemplu SRL</cbc:RegistrationName>");
      expect(await zip.file(`semnatura_${sent[0].id}.xml`)!.async("string")).toContain("<DigestValue>");

      const [rejected] = (await messages()).filter((m) => m.tip === "ERORI FACTURA");
      expect(rejected.errors?.[0]).toContain("Factura SBL0004");
      const status = await get(access_token, "stareMesaj", { id_incarcare: rejected.id_solicitare });
      expect(status.body).toContain('stare="nok"');
      expect(status.body).toContain(`id_descarcare="${rejected.id}"`);
      const errorZip = await JSZip.loadAsync((await get(access_token, "descarcare", { id: rejected.id })).rawPayload);
      const errorFile = await errorZip.file(`${rejected.id}.xml`)!.async("string");
      expect(errorFile).toContain('xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1"');
      expect(errorFile).toContain("[BR-RO-100] Factura SBL0004:");

      const storno = await t.app.inject({
        method: "POST",
        url: "/smartbill-emulator/SBORO/api/invoice/reverse",
        headers: { authorization: `Basic ${Buffer.from(`${DEMO_SMARTBILL_USERNAME}:${DEMO_SMARTBILL_TOKEN}`).toString("base64")}`, accept: "application/json" },
        payload: { companyVatCode: DEMO_SMARTBILL_CIF, seriesName: "SBL", number: "0001" },
      });
      expect(storno.statusCode, storno.body).toBe(200);
      const credit = (await messages()).find((m) => m.document?.number === "SBL0005")!;
      expect(credit.document?.kind).toBe("creditNote");
      const creditZip = await JSZip.loadAsync((await get(access_token, "descarcare", { id: credit.id })).rawPayload);
      const creditXml = await creditZip.file(`${credit.id}.xml`)!.async("string");
      expect(creditXml).toContain("<CreditNote ");
      expect(creditXml).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
      expect(creditXml).toContain("<cbc:ID>SBL0001</cbc:ID>");
    });

    it("answers stareMesaj 'in prelucrare' during the processing delay, then ok", async () => {
      const { access_token } = await tokens();
      await admin("POST", "/settings", { processingDelaySeconds: 600 });
      await issueInvoice();
      const [sent] = (await messages()).filter((m) => m.tip === "FACTURA TRIMISA");
      expect((await get(access_token, "stareMesaj", { id_incarcare: sent.id_solicitare })).body).toContain('stare="in prelucrare"');
      await admin("POST", "/clock", { advanceMs: 601_000 });
      const ok = await get(access_token, "stareMesaj", { id_incarcare: sent.id_solicitare });
      expect(ok.headers["content-type"]).toContain("xml");
      expect(ok.body).toContain('xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1"');
      expect(ok.body).toContain('stare="ok"');
      expect(ok.body).toContain(`id_descarcare="${sent.id}"`);
      expect((await get(access_token, "stareMesaj", { id_incarcare: "999" })).body).toContain("Nu exista factura cu id_incarcare= 999");
      expect((await get(access_token, "stareMesaj", { id_incarcare: "aaa" })).body).toContain("Id_incarcare introdus= aaa nu este un numar intreg");
    });

    it("lists by window, filter and page, refuses a window over 60 days or reversed, a page past the end, and says so for an empty inbox", async () => {
      const { access_token } = await tokens();
      const now = await emulatorNow();
      for (let index = 0; index < 4; index += 1) {
        await admin("POST", "/messages", { number: `F-${index}`, customer: { name: "Demo SRL", cif: CIF }, createdAt: now - index * 60_000 });
      }
      await admin("POST", "/settings", { pageSize: 3 });
      const first = (await listPage(access_token, { filtru: "P" })).json();
      expect(first).toMatchObject({ numar_total_inregistrari: 7, numar_total_pagini: 3, index_pagina_curenta: 1, numar_inregistrari_in_pagina: 3, numar_total_inregistrari_per_pagina: 3, cui: CIF });
      const last = (await listPage(access_token, { filtru: "P", pagina: 3 })).json();
      expect(last.mesaje).toHaveLength(1);
      expect((await listPage(access_token, { filtru: "P", pagina: 4 })).json()).toMatchObject({
        eroare: "Pagina solicitata 4 este mai mare decat numarul total de pagini 3",
      });
      // The window: the last hour holds only the four just added.
      const hour = (await listPage(access_token, { startTime: now - 3_600_000, endTime: now })).json();
      expect(hour.numar_total_inregistrari).toBe(4);
      expect((await listPage(access_token, { filtru: "T" })).json().eroare).toBe("Nu exista mesaje in ultimele 59 zile");
      expect((await listPage(access_token, { startTime: now - 61 * DAY, endTime: now })).json().eroare).toMatch(/60 de zile/);
      expect((await listPage(access_token, { startTime: now, endTime: now - DAY })).json().eroare).toMatch(/startTime/);
      expect((await get(access_token, "listaMesajePaginatieFactura", { cif: CIF, startTime: now - DAY, endTime: now })).statusCode).toBe(400);

      const simple = (await get(access_token, "listaMesajeFactura", { cif: CIF, zile: 1, filtru: "P" })).json();
      expect(simple.mesaje).toHaveLength(4);
      expect((await get(access_token, "listaMesajeFactura", { cif: CIF, zile: 61 })).json().eroare).toMatch(/intre 1 si 60/);
      // Another CIF's inbox is empty.
      expect((await get(access_token, "listaMesajeFactura", { cif: "24681350", zile: 60 })).json().eroare).toBe("Nu exista mesaje in ultimele 60 zile");
    });

    it("refuses a CIF the token has no rights on, like SPV", async () => {
      const { access_token } = await tokens();
      await admin("POST", "/settings", { noRightsCifs: [DEMO_SMARTBILL_CIF] });
      expect((await listPage(access_token, {})).json()).toMatchObject({ eroare: `Nu aveti drept in SPV pentru CIF=${CIF}` });
    });
  });

  describe("limits and faults", () => {
    it("answers each daily limit with ANAF's Romanian text (HTTP 200), counted per day of its clock", async () => {
      const { access_token } = await tokens();
      await admin("POST", "/settings", { listLimitPerDay: 2, downloadLimitPerMessage: 1, statusLimitPerDay: 1 });
      expect((await listPage(access_token, {})).json().mesaje).toBeDefined();
      expect((await listPage(access_token, {})).json().mesaje).toBeDefined();
      const limited = await listPage(access_token, {});
      expect(limited.statusCode).toBe(200);
      expect(limited.json().eroare).toBe("S-au facut deja 2 interogari de lista mesaje de catre utilizator in cursul zilei");

      const [message] = await messages();
      expect((await get(access_token, "descarcare", { id: message.id })).headers["content-type"]).toBe("application/zip");
      expect((await get(access_token, "descarcare", { id: message.id })).json().eroare).toBe(
        `S-au facut deja 1 descarcari la mesajul cu id_descarcare=${message.id} in cursul zilei`,
      );
      await issueInvoice();
      const sent = (await messages()).find((m) => m.tip === "FACTURA TRIMISA")!;
      expect((await get(access_token, "stareMesaj", { id_incarcare: sent.id_solicitare })).body).toContain('stare="ok"');
      expect((await get(access_token, "stareMesaj", { id_incarcare: sent.id_solicitare })).body).toContain("S-au facut deja 1 descarcari de mesaj in cursul zilei");

      await admin("POST", "/clock", { advanceMs: DAY });
      expect((await listPage(access_token, {})).json().mesaje).toBeDefined();
    });

    it("switches on each fault for the next calls of an operation: 500, 204, limit, firewall page, and a dropped connection", async () => {
      const { access_token } = await tokens();
      await admin("POST", "/faults", { operation: "list", fault: "500" });
      await admin("POST", "/faults", { operation: "list", fault: "204" });
      await admin("POST", "/faults", { operation: "list", fault: "limit" });
      await admin("POST", "/faults", { operation: "download", fault: "firewall", times: 2 });
      await admin("POST", "/faults", { operation: "token", fault: "500" });
      expect((await listPage(access_token, {})).statusCode).toBe(500);
      expect((await listPage(access_token, {})).statusCode).toBe(204);
      expect((await listPage(access_token, {})).json().eroare).toMatch(/^S-au facut deja \d+ interogari de lista mesaje/);
      expect((await listPage(access_token, {})).json().mesaje).toBeDefined();
      for (let index = 0; index < 2; index += 1) {
        const page = await get(access_token, "descarcare", { id: 1 });
        expect(page.statusCode).toBe(200);
        expect(page.headers["content-type"]).toContain("text/html");
        expect(page.body).toContain("Request Rejected");
      }
      expect((await exchange({ grant_type: "refresh_token", refresh_token: "x" })).statusCode).toBe(500);
      expect((await admin("POST", "/faults", { operation: "list", fault: "slow" })).statusCode).toBe(400);

      // The timeout: on a real connection, held and then dropped.
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const address = t.app.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      await admin("POST", "/settings", { hangMs: 50 });
      await admin("POST", "/faults", { operation: "status", fault: "timeout" });
      await expect(
        fetch(`http://127.0.0.1:${port}${REST}/stareMesaj?id_incarcare=1`, { headers: { authorization: `Bearer ${access_token}` } }),
      ).rejects.toThrow();
      const log = (await admin("GET", "/requests")).json().requests;
      expect(log.some((entry: { operation: string; outcome?: string }) => entry.operation === "status" && entry.outcome === "timeout")).toBe(true);
      expect(JSON.stringify(log)).not.toContain(access_token);
    });
  });

  describe("transformare", () => {
    it("turns a message's UBL into a PDF, and refuses what is no invoice with stare nok", async () => {
      const { access_token } = await tokens();
      await issueInvoice();
      const [sent] = (await messages()).filter((m) => m.tip === "FACTURA TRIMISA");
      const zip = await JSZip.loadAsync((await get(access_token, "descarcare", { id: sent.id })).rawPayload);
      const ubl = await zip.file(`${sent.id}.xml`)!.async("string");
      const pdf = await t.app.inject({ method: "POST", url: `${REST}/transformare/FACT1`, headers: { "content-type": "text/plain" }, payload: ubl });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
      const asCreditNote = await t.app.inject({ method: "POST", url: `${REST}/transformare/FCN`, headers: { "content-type": "text/plain" }, payload: ubl });
      expect(asCreditNote.json().stare).toBe("nok");
      expect((await t.app.inject({ method: "POST", url: `${REST}/transformare/FCN/DA`, headers: { "content-type": "text/plain" }, payload: ubl })).headers["content-type"]).toBe("application/pdf");
      const junk = await t.app.inject({ method: "POST", url: `${REST}/transformare/FACT1`, headers: { "content-type": "text/plain" }, payload: "<nota>nu</nota>" });
      expect(junk.statusCode).toBe(200);
      expect(junk.json()).toMatchObject({ stare: "nok", Messages: [{ message: expect.any(String) }], trace_id: expect.any(String) });
    });
  });
});

describe("the ANAF e-Factura emulator with the demo's data", () => {
  it("holds the messages of the invoices the demo company had issued through SmartBill, SBL0004 rejected", async () => {
    const t = await testApp("sqlite", { env: { DEMO_DATA: "on" } });
    try {
      const response = await t.app.inject({ method: "GET", url: `${E}/admin/messages?cif=${DEMO_SMARTBILL_CIF}` });
      const listed = response.json<{ messages: { tip: string; document?: { number: string }; errors?: string[] }[] }>().messages;
      expect(listed.filter((m) => m.tip === "FACTURA TRIMISA").map((m) => m.document?.number)).toEqual(["SBL0001", "SBL0002", "SBL0003"]);
      expect(listed.find((m) => m.tip === "ERORI FACTURA")?.errors?.[0]).toContain("Factura SBL0004");
      expect(listed.filter((m) => m.tip === "FACTURA PRIMITA")).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});

describe("the ANAF e-Factura emulator beside the product", () => {
  it("has the SPV message of an invoice the product sent through its own send route, with SmartBill's series and number", async () => {
    const t = await liveApp("sqlite");
    try {
      const session = await t.signIn("facturare@demo.ro");
      const id = await addSentInvoice(t, session, await addCustomer(t));
      const sent = await t.db.selectFrom("invoices").select(["sentSeries", "sentNumber"]).where("id", "=", id).executeTakeFirstOrThrow();
      const response = await t.app.inject({ method: "GET", url: `${E}/admin/messages?cif=${DEMO_SMARTBILL_CIF}` });
      const listed = response.json<{ messages: { tip: string; document?: { number: string; customer: { cif: string } } }[] }>().messages;
      const message = listed.find((m) => m.tip === "FACTURA TRIMISA");
      expect(message?.document?.number).toBe(`${sent.sentSeries}${sent.sentNumber}`);
      expect(message?.document?.customer.cif).toBe("12345678");
    } finally {
      await t.close();
    }
  });
});
