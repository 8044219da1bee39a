/**
 * Every CSV the server writes (customers, the audit log; the catalogue's, built by the client,
 * follows the same contract/csvRow.ts) read back with `;` and with `,`, by SheetJS and by a reader
 * that ignores quotes: no cell is a formula or starts like one, whatever a clerk typed after a
 * comma or a semicolon; read as written (`;`), every text comes back whole.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { csvRow } from "../../contract/csvRow";
import { formulaLikeCells, sheetJsRead } from "../helpers/csvReaders";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { multipart, xlsxOf } from "../helpers/excelFiles";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const DDE = "ACME,=cmd|' /C calc'!A0,SRL";
/** Names a clerk may type: a formula after a comma, a semicolon, a space, a quote, or at the start. */
const HOSTILE = [
  DDE,
  "Beta;+SUM(1+1)*cmd|' /C calc'!A0",
  "Gamma, -2+3+cmd|' /C calc'!A0",
  "Delta,@SUM(A1)",
  'Epsilon,"=HYPERLINK(""http://evil.ro"")"',
  "=1+1 Zeta",
  "@Eta;=2+2",
];
const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
const customerRow = (name: string, index: number) =>
  [name, "RO18547290", "J12/1/2020", `CSV${index}`, "Str. Lungă, =1+1", "Cluj-Napoca", "Cluj", "BT", "", "", "", "-Ana,+Ion", "+40 722 000 000"];

describe("the CSV rule (contract/csvRow.ts)", () => {
  it("quotes every text, leaves numbers bare, and puts an apostrophe before a formula wherever a cell may start", () => {
    expect(csvRow([DDE, 12.5, null, "a\"b"])).toBe(`"ACME,'=cmd|' /C calc'!A0,SRL";12.5;;"a""b"\r\n`);
    expect(csvRow(["+40 722", "x, -1", "y;\t=1", 'z,"=1'])).toBe(`"'+40 722";"x, '-1";"y;'\t'=1";"z,""'=1"\r\n`);
    expect(csvRow([3.5, 21], (n) => n.toLocaleString("ro-RO"))).toBe("3,5;21\r\n");
  });
});

describeEachDialect("CSV exports read back with ';' and ','", (dialect) => {
  let t: TestApp;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ admin, invoicing } = await signInDemoRoles(t));
    const { body, headers } = multipart(await xlsxOf([HEADERS, ...HOSTILE.map(customerRow)]));
    const imported = await t.api("POST", "/api/smartbill/customer/import", { session: invoicing, body, headers });
    expect(imported.json().counters, imported.body).toMatchObject({ newItems: HOSTILE.length, errorItems: 0 });
    for (const [index, name] of HOSTILE.entries()) {
      const product = { code: `-P${index}`, name, unit: "buc", price: 12.5, currency: "RON", taxName: "Normala", taxPercentage: 21 };
      const added = await t.api("POST", "/api/products", { session: invoicing, body: product });
      expect(added.statusCode, added.body).toBe(200);
      const warehouse = await t.api("POST", "/api/smartbill/warehouses", { session: invoicing, body: { warehouseName: name, warehouseType: "en gros" } });
      expect(warehouse.statusCode, warehouse.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const exported = async (url: string, session: LoginResponse) => {
    const response = await t.api("GET", url, { session });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    return response.body;
  };

  it("exports customers with no cell any reader takes for a formula, every name whole when read with ';'", async () => {
    const csv = await exported("/api/smartbill/customer/export?format=csv&codClient=CSV&sort=codClient,asc", invoicing);
    expect(formulaLikeCells(csv)).toEqual([]);
    const { rows } = sheetJsRead(csv, ";");
    expect(rows[0]).toEqual(HEADERS);
    expect(rows.slice(1).map((row) => row[0])).toEqual(HOSTILE.map((name) => readAs(name)));
    expect(rows[1]).toEqual([readAs(DDE), "RO18547290", "J12/1/2020", "CSV0", "Str. Lungă, '=1+1", "Cluj-Napoca", "Cluj", "BT", "", "Romania", "", "'-Ana,'+Ion", "'+40 722 000 000"]);
  });

  it("exports the audit log, which names products and warehouses ('Obiect'), with no formula cell", async () => {
    const csv = await exported("/api/audit/export?format=csv", admin);
    expect(csv).toContain("cmd|");
    expect(formulaLikeCells(csv)).toEqual([]);
    const objects = sheetJsRead(csv, ";").rows.map((row) => row[4]);
    expect(objects).toContainEqual(expect.stringMatching(/^ACME,'=cmd\|' \/C calc'!A0,SRL #\d+$/));
  });
});

/** A name as the export writes it: an apostrophe before each formula start. */
function readAs(name: string): string {
  return name.replace(/(^|[,;])([ "]*)(?=[=+\-@])/g, "$1$2'");
}
