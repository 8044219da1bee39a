/**
 * An invoice's series is a name SmartBill could have (letters, digits, `-`), wherever one is
 * accepted: the import's form and the edit screen's. A quote, a line break, a space, a
 * diacritic or an invisible character is refused in Romanian; the demo's and SmartBill's usual
 * names (SBL, SBL-PF, fac) still pass, and the import's default stays SBL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Invoice, InvoiceImportResult, LoginResponse } from "../../contract/api";
import { INVOICE_DEFAULTS } from "../../contract/constants";
import { isSeriesName } from "../../contract/seriesName";
import { invoiceMessages } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { invoiceUpload, xlsxOf } from "../helpers/excelFiles";
import { addCustomer } from "../helpers/sentInvoices";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import { liveApp } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const REFUSED = ['SBL"', "SBL\r\nX", "SBL\nX", "SB L", "ȘBL", "SBL\u202e", "SBL\u200b", "SBL/1", "<b>SBL</b>", "S".repeat(51)];
const ACCEPTED = ["SBL", "SBL-PF", "fac", "F2026", "S".repeat(50)];

describe("the series rule (contract/seriesName.ts)", () => {
  it("takes SmartBill's names and the import's default, and nothing else", () => {
    expect(isSeriesName(INVOICE_DEFAULTS.seriesName)).toBe(true);
    for (const name of ACCEPTED) expect(isSeriesName(name), name).toBe(true);
    for (const name of REFUSED) expect(isSeriesName(name), JSON.stringify(name)).toBe(false);
  });
});

describeEachDialect("an invoice's series", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let clientId: number;
  beforeAll(async () => {
    t = await liveApp(dialect, { env: { TASK_WORKER: "off" } });
    invoicing = await t.signIn("facturare@demo.ro");
    clientId = await addCustomer(t);
    await liftSmartBillBlocks(t.db);
  });
  afterAll(() => t.close());

  const sheet = () => xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"], ["Produs 1", "P1", 1, 10, 21]]);
  const importWith = async (payload: object) => t.api("POST", "/api/smartbill/invoice/import", { session: invoicing, ...invoiceUpload(await sheet(), payload) });
  const invoiceCount = async () => (await t.db.selectFrom("invoices").select("id").execute()).length;

  it("refuses, on import, a series SmartBill could not have, storing nothing", async () => {
    const before = await invoiceCount();
    for (const seriesName of REFUSED) {
      const refused = await importWith({ clientId, seriesName });
      expect(refused.statusCode, JSON.stringify(seriesName)).toBe(400);
      // Longer than 50: refused by the schema, with its own sentence.
      // Invisible characters are refused at the edge, before the series rule, with their own sentence.
      const invisible = /[\u200b\u202e]/.test(seriesName);
      if (seriesName.length <= 50 && !invisible) expect(refused.json().errors, JSON.stringify(seriesName)).toEqual({ seriesName: invoiceMessages.seriesInvalid });
      else expect(Object.keys(refused.json().errors), JSON.stringify(seriesName)).toEqual(["seriesName"]);
    }
    expect(await invoiceCount()).toBe(before);
  });

  it("imports SmartBill's usual names, and SBL when none is given", async () => {
    for (const seriesName of [...ACCEPTED, undefined]) {
      const res = await importWith({ clientId, ...(seriesName === undefined ? {} : { seriesName: seriesName.length < 50 ? ` ${seriesName} ` : seriesName }) });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<InvoiceImportResult>().importRequestId!;
      const invoice = (await t.api("GET", `/api/smartbill/invoice/${id}`, { session: invoicing })).json<Invoice>();
      expect(invoice.seriesName).toBe(seriesName ?? "SBL");
    }
  });

  it("refuses such a series on the edit screen too, keeping the one stored", async () => {
    const res = await importWith({ clientId, seriesName: "SBL" });
    const id = res.json<InvoiceImportResult>().importRequestId!;
    const invoice = (await t.api("GET", `/api/smartbill/invoice/${id}`, { session: invoicing })).json<Invoice>();
    for (const seriesName of ['SBL"', "SBL\r\nBcc: x", "ȘBL"]) {
      const refused = await t.api("PUT", `/api/smartbill/invoice/${id}`, { session: invoicing, body: { ...invoice, seriesName } });
      expect(refused.statusCode, JSON.stringify(seriesName)).toBe(400);
      expect(refused.json().errors).toEqual({ seriesName: invoiceMessages.seriesInvalid });
    }
    const changed = await t.api("PUT", `/api/smartbill/invoice/${id}`, { session: invoicing, body: { ...invoice, seriesName: "SBL-PF" } });
    expect(changed.statusCode, changed.body).toBe(200);
    const stored = await t.db.selectFrom("invoices").select("seriesName").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.seriesName).toBe("SBL-PF");
  });
});
