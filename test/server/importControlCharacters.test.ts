/**
 * A cell holding NUL or another control character, in a column an import reads, refuses its row
 * in both imports and on both dialects: the customer import's dry run lists the row with the
 * reason and the real import writes the other rows (PostgreSQL cannot store NUL: it was a 500
 * there); the invoice import refuses the file naming the row. Tab, line feed and carriage
 * return (Alt+Enter in a cell) stay ordinary text. NUL comes from a legacy .xls (BIFF keeps it);
 * the other control characters from an .xlsx written by hand (exceljs drops them).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CustomerImportResult, InvoiceImportResult, LoginResponse } from "../../contract/api";
import { cellControlCharacters, invoiceRowsRejected } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { inlineRows, multipart, sheetXlsx, xlsOf } from "../helpers/excelFiles";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
const customer = (code: string, name: string, adresa: string) =>
  [name, "RO18547290", "J12/1/2020", code, adresa, "Cluj-Napoca", "Cluj", "BT", "RO49AAAA1B31007593840000", "", "", "Ana", "0722000000"];
const LINE_HEADER = ["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"];

/** Rows as .xls (NUL kept) or as a hand-written .xlsx. */
const workbook = (filename: string, rows: string[][]) => (filename.endsWith(".xls") ? xlsOf(rows) : sheetXlsx(inlineRows(rows)));

describeEachDialect("control characters in imported cells", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ invoicing } = await signInDemoRoles(t));
  });
  afterAll(() => t.close());

  const upload = (url: string, file: Buffer, filename: string) => {
    const { body, headers } = multipart(file, filename);
    return t.api("POST", url, { session: invoicing, body, headers });
  };
  const storedCodes = async (codes: string[]) =>
    (await t.db.selectFrom("customers").select("codClient").where("codClient", "in", codes).orderBy("codClient").execute()).map((c) => c.codClient);

  // With the control characters, the invisible ones: a right-to-left override and a zero-width space.
  for (const [control, name] of [["\u0000", "NUL"], ["\u0007", "BEL"], ["\u001b", "ESC"], ["\u202e", "RLO"], ["\u200b", "ZWSP"]] as const) {
    for (const filename of ["clienti.xls", "clienti.xlsx"]) {
      if (control === "\u0000" && filename.endsWith(".xlsx")) continue; // XML cannot carry NUL
      const label = `${name}-${filename.split(".")[1]}-`;
      const file = workbook(filename, [
        HEADERS,
        customer(`${label}1`, "Adresă pe două rânduri SRL", "Str. Lungă 1\nbl. A\tap. 3"),
        customer(`${label}2`, "Firma Ascunsă SRL", `Str. Scurtă${control}2`),
      ]);
      it(`rejects the row whose ${name} is in a cell of ${filename}, on the dry run and on the real import`, async () => {
        const dry = await upload("/api/smartbill/customer/import?dryRun=true", file, filename);
        expect(dry.statusCode, dry.body).toBe(200);
        expect(dry.json<CustomerImportResult>()).toMatchObject({
          counters: { newItems: 1, updatedItems: 0, errorItems: 1 },
          rejected: [{ row: 3, codClient: `${label}2`, reason: cellControlCharacters("Adresa") }],
        });

        const real = await upload("/api/smartbill/customer/import", file, filename);
        expect(real.statusCode, real.body).toBe(200);
        expect(real.json<CustomerImportResult>()).toMatchObject({
          counters: { errorItems: 1 },
          rejected: [{ row: 3, reason: cellControlCharacters("Adresa") }],
        });
        expect(await storedCodes([`${label}1`, `${label}2`])).toEqual([`${label}1`]);
        const stored = await t.db.selectFrom("customers").select("adresa").where("codClient", "=", `${label}1`).executeTakeFirstOrThrow();
        expect(stored.adresa).toBe("Str. Lungă 1 bl. A ap. 3");
      });
    }
  }

  const invoiceCount = async () => (await t.db.selectFrom("invoices").select("id").execute()).length;

  for (const [filename, file] of [
    ["factura.xls", xlsOf([LINE_HEADER, ["Produs bun", "P1", "1", "10", "21"], ["Produs\u0000ascuns", "P2", "1", "10", "21"]])],
    ["factura.xlsx", sheetXlsx(inlineRows([LINE_HEADER, ["Produs bun", "P1", "1", "10", "21"], ["Produs ascuns", "P2\u0001", "1", "10", "21"]]))],
  ] as const) {
    it(`refuses the invoice workbook ${filename} naming the row whose cell holds a control character, storing nothing`, async () => {
      const before = await invoiceCount();
      const res = await upload("/api/smartbill/invoice/import", file, filename);
      expect(res.statusCode, res.body).toBe(400);
      const column = filename.endsWith(".xls") ? "Denumire produs" : "Cod produs";
      expect(res.json<InvoiceImportResult>()).toMatchObject({
        error: true,
        message: invoiceRowsRejected(1),
        rejected: [{ row: 3, reason: cellControlCharacters(column) }],
      });
      expect(await invoiceCount()).toBe(before);
    });
  }

  it("imports invoice lines whose cells hold tabs and line breaks", async () => {
    const file = sheetXlsx(inlineRows([LINE_HEADER, ["Produs\tpe\ndouă rânduri", "P1", "1", "10", "21"]]));
    const res = await upload("/api/smartbill/invoice/import", file, "factura.xlsx");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InvoiceImportResult>()).toMatchObject({ error: false, lines: 1 });
  });
});
