/**
 * Workbooks that declare far more than they hold, through the imports, on both dialects: the
 * .xls whose range is A1:IV65536 and the .xlsx whose rows each hold one cell in column XFD
 * (test/fixtures/customers/make-hostile.ts) are answered by the customer import's dry run and
 * its error report in a bounded amount of this process's CPU time, never holding the event loop for 1 s while
 * another signed-in user's GET /api/me keeps being answered; the columns right of
 * those read are named in both imports' answers; the error report is complete and readable.
 * The reading itself, without the routes: excelBounds.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CustomerImportResult, InvoiceImportResult, LoginResponse } from "../../contract/api";
import { MAX_COLUMNS } from "../../server/excel/errors";
import { invoiceImportMissing } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { inlineRows, multipart, rowsOf, sheetXlsx } from "../helpers/excelFiles";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/customers", name));
const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];

const hostile = [
  {
    name: "sparse-range.xls",
    counters: { newItems: 2, updatedItems: 0, errorItems: 0 },
    ignoredColumns: ["IV"],
    note: "Coloana IV a fost ignorată: se citesc doar coloanele A–BL.",
    rejectedRows: [] as number[],
    // A worker thread starting and loading its reader is most of it (~1 s); walking the declared
    // range would also meet the worker's heap limit, and be refused.
    cpuMs: 10_000,
  },
  {
    name: "far-column.xlsx",
    counters: { newItems: 2, updatedItems: 0, errorItems: 1 },
    ignoredColumns: ["BM", "XFD"],
    note: "Coloanele BM și XFD au fost ignorate: se citesc doar coloanele A–BL.",
    rejectedRows: [4],
    // ~150 ms here; padding the 5,000 far rows to XFD would be 82 million cells.
    cpuMs: 2_000,
  },
];

describeEachDialect("workbooks that declare more than they hold, through the imports", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ invoicing, admin } = await signInDemoRoles(t));
  });
  afterAll(() => t.close());

  const upload = (url: string, file: Buffer, filename: string) => {
    const { body, headers } = multipart(file, filename);
    return t.api("POST", url, { session: invoicing, body, headers });
  };

  /**
   * `request`, while the admin asks GET /api/me every 20 ms (each answered 200): the CPU time this
   * process spent meanwhile, and the longest the event loop was held (a blocked loop delays every
   * other request). Both leave out the time spent waiting for a core, so a busy machine does not
   * inflate them; the bounds are generous for these few cells and far below what reading the
   * declared range costs (16.7 million cells, or 82 million padded ones).
   */
  async function whileOthersAsk(request: () => Promise<LightMyRequestResponse>) {
    let done = false;
    const others = (async () => {
      while (!done) {
        const res = await t.api("GET", "/api/me", { session: admin });
        expect(res.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpuBefore = process.cpuUsage();
    const response = await request();
    const cpu = process.cpuUsage(cpuBefore);
    loop.disable();
    done = true;
    await others;
    return { response, cpuMs: (cpu.user + cpu.system) / 1000, longestStallMs: loop.max / 1e6 };
  }

  for (const file of hostile) {
    it(`checks ${file.name} on a dry run in bounded CPU time, naming the ignored columns, without holding the event loop 1 s`, async () => {
      const { response, cpuMs, longestStallMs } = await whileOthersAsk(() =>
        upload("/api/smartbill/customer/import?dryRun=true", fixture(file.name), file.name),
      );
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<CustomerImportResult>();
      expect(result).toMatchObject({ error: false, dryRun: true, counters: file.counters, ignoredColumns: file.ignoredColumns });
      expect(result.message).toMatch(new RegExp(`^Verificare finalizată: .* ${file.note}$`));
      expect(result.rejected.map((r) => r.row)).toEqual(file.rejectedRows);
      expect(cpuMs).toBeLessThan(file.cpuMs);
      expect(longestStallMs).toBeLessThan(1000);
    });

    it(`answers ${file.name}'s error report in bounded CPU time, whole and readable, with at most ${MAX_COLUMNS} cells a row, without holding the event loop 1 s`, async () => {
      const { response, cpuMs, longestStallMs } = await whileOthersAsk(() =>
        upload("/api/smartbill/customer/import/errors", fixture(file.name), file.name),
      );
      expect(response.statusCode, response.body).toBe(200);
      const rows = await rowsOf(response.rawPayload);
      expect(rows[0]).toEqual(["Rând Excel", "Cod client", "Motiv", ...HEADERS]);
      expect(rows.slice(1).map((row) => row[0])).toEqual(file.rejectedRows);
      for (const row of rows) expect(row.length).toBeLessThanOrEqual(3 + MAX_COLUMNS);
      expect(cpuMs).toBeLessThan(file.cpuMs);
      expect(longestStallMs).toBeLessThan(1000);
    });
  }

  it("keeps the rejected row's cells, under their headers, in the error report", async () => {
    const res = await upload("/api/smartbill/customer/import/errors", fixture("far-column.xlsx"), "far-column.xlsx");
    const [, rejected] = await rowsOf(res.rawPayload);
    expect(rejected.slice(0, 3)).toEqual([4, "F003", expect.stringMatching(/^CIF invalid: „RO18547291”/)]);
    expect(rejected.slice(3, 7)).toEqual(["Departe Trei SRL", "RO18547291", "J12/1/2020", "F003"]);
  });

  it("names the ignored columns in the invoice import's answer too, the first five and how many more", async () => {
    const header = ["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"];
    const line = ["Produs 1", "P1", "2", "10", "21"];
    const pad = (cells: string[], to: number) => [...cells, ...Array<string>(to - cells.length).fill("")];
    // Columns BM to BS (seven) hold a value on the line's row; a last row holds one cell in XFD.
    const sheet = inlineRows([header, [...pad(line, MAX_COLUMNS), "a", "b", "c", "d", "e", "f", "g"]]) + '<row r="3"><c r="XFD3"><v>1</v></c></row>';
    const { body, headers } = multipart(sheetXlsx(sheet), "factura.xlsx");
    const res = await t.api("POST", "/api/smartbill/invoice/import", { session: invoicing, body, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InvoiceImportResult>()).toMatchObject({
      error: false,
      lines: 1,
      // No client or warehouse was given: the answer says so before the ignored columns.
      message:
        `Fișierul a fost încărcat cu succes! ${invoiceImportMissing.clientId} ${invoiceImportMissing.warehouseId} ` +
        "Coloanele BM, BN, BO, BP, BQ și încă 3 au fost ignorate: se citesc doar coloanele A–BL.",
      ignoredColumns: ["BM", "BN", "BO", "BP", "BQ"],
    });
  });
});
