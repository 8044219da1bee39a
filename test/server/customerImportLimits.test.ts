/**
 * The 100,000-data-row limit on real files (excel.test.ts lowers `maxDataRows` instead): a
 * workbook of 100,001 data rows written by exceljs's streaming writer is refused by the import
 * with the row-limit message and writes nothing, on both dialects; one of exactly 100,000 is read
 * whole, and checked by the dry run. Small cells (name, CIF, code) keep the files ~1.5 MiB.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerImportResult, LoginResponse } from "../../contract/api";
import { MAX_DATA_ROWS } from "../../server/excel/errors";
import { excelMessages } from "../../server/messages";
import { checkCustomerFile } from "../../server/routes/api/customers/customerImport";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { multipart } from "../helpers/excelFiles";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];

const dir = mkdtempSync(join(tmpdir(), "customer-import-limits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterAll(removeTemporaryDatabases);

/** The header, then `rows` valid customers (unique codes) with only name, CIF and code. */
async function workbookWithRows(rows: number): Promise<Buffer> {
  const file = join(dir, `clienti-${rows}.xlsx`);
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = writer.addWorksheet("Clienți");
  sheet.addRow(HEADERS).commit();
  for (let i = 0; i < rows; i++) sheet.addRow([`F${i}`, "RO18547290", null, `K${i}`]).commit();
  await writer.commit();
  return readFileSync(file);
}

let atLimit: Buffer;
let overLimit: Buffer;
beforeAll(async () => {
  expect(MAX_DATA_ROWS).toBe(100_000);
  atLimit = await workbookWithRows(MAX_DATA_ROWS);
  overLimit = await workbookWithRows(MAX_DATA_ROWS + 1);
});

describe("the customer file's row limit, on real files", () => {
  it("reads all 100,000 data rows of a file at the limit", async () => {
    const checked = await checkCustomerFile(atLimit, { rejectedCells: false });
    expect(checked.rejected.length).toBe(0);
    expect(checked.valid.length).toBe(MAX_DATA_ROWS);
    const [first] = checked.valid.first(1);
    expect(first).toMatchObject({ row: 2, fields: { clientName: "F0", codClient: "K0", cif: "RO18547290", tara: "Romania" } });
    let last;
    for (const row of checked.valid) last = row;
    expect(last).toMatchObject({ row: MAX_DATA_ROWS + 1, fields: { codClient: `K${MAX_DATA_ROWS - 1}` } });
  });

  it("refuses a file of 100,001 data rows", async () => {
    await expect(checkCustomerFile(overLimit)).rejects.toThrow(excelMessages.tooManyRows);
  });
});

describeEachDialect("the customer import's row limit (/api/smartbill/customer/import)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ invoicing } = await signInDemoRoles(t));
  });
  afterAll(() => t.close());

  const importFile = (file: Buffer, query = "") => {
    const { body, headers } = multipart(file);
    return t.api("POST", `/api/smartbill/customer/import${query}`, { session: invoicing, body, headers });
  };
  const count = async () => Number((await t.db.selectFrom("customers").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("refuses 100,001 data rows with the row-limit message and writes nothing", async () => {
    const before = await count();
    const res = await importFile(overLimit);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: excelMessages.tooManyRows,
      error: true,
      errorMessage: excelMessages.tooManyRows,
      counters: { newItems: 0, updatedItems: 0, errorItems: 0 },
    });
    expect(await count()).toBe(before);
  });

  it("checks exactly 100,000 data rows on a dry run (not refused for the limit), writing nothing", async () => {
    const before = await count();
    const res = await importFile(atLimit, "?dryRun=true");
    expect(res.statusCode).toBe(200);
    const result = res.json<CustomerImportResult>();
    expect(result).toMatchObject({ error: false, dryRun: true, counters: { newItems: MAX_DATA_ROWS, updatedItems: 0, errorItems: 0 } });
    expect(result.preview).toHaveLength(20);
    expect(result.rejected).toEqual([]);
    expect(await count()).toBe(before);
  });
});
