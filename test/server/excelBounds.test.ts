/**
 * The Excel reading costs what a file holds, not what it declares (server/excel/, no database):
 * the committed hostile sheets (test/fixtures/customers/make-hostile.ts) — an .xls whose range
 * is A1:IV65536 and an .xlsx whose rows each hold one cell in column XFD — are read as the few
 * cells they hold; cells right of the column cap are not kept but named; the .xls worker thread
 * is bounded (errors, time limit, places); a sheet stored uncompressed does not hold the event
 * loop. The same files through the routes, timed: hostileImports.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { cellText } from "../../server/excel/cells";
import { ExcelError, MAX_COLUMNS } from "../../server/excel/errors";
import { excelMessages } from "../../server/messages";
import { readWorkbookRows, type ReadOptions, type SheetRow } from "../../server/excel/read";
import { XLS_WORKERS, xlsWorkersRunning } from "../../server/excel/xls";
import { CUSTOMER_SHEET_COLUMNS } from "../../server/routes/api/customers/columns";
import { checkCustomerFile } from "../../server/routes/api/customers/customerImport";
import { readSheet } from "../../server/excel/sheet";
import { inlineRows, sheetXlsx, xlsOf, xlsxOf } from "../helpers/excelFiles";

const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/customers", name));

async function readAll(file: Buffer, options: ReadOptions = {}): Promise<{ rows: SheetRow[]; ignored: number[] }> {
  const ignoredColumns = new Set<number>();
  const rows: SheetRow[] = [];
  for await (const row of readWorkbookRows(file, { ...options, ignoredColumns })) rows.push(row);
  return { rows, ignored: [...ignoredColumns].sort((a, b) => a - b) };
}

async function refusal(file: Buffer, options: ReadOptions = {}): Promise<ExcelError> {
  try {
    await readAll(file, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ExcelError);
    return error as ExcelError;
  }
  throw new Error("the file was not refused");
}

describe("a sheet costs the cells it holds", () => {
  it("reads the .xls whose range is A1:IV65536 as its three rows of 13 cells, naming column IV as ignored, in 16 MB of heap", async () => {
    const file = fixture("sparse-range.xls");
    expect(XLSX.read(file, { type: "buffer", dense: true }).Sheets.Clienti["!ref"]).toBe("A1:IV65536");
    // 16.7 million declared cells, walked, were 850 MB; the worker's heap limit refuses far less.
    const { rows, ignored } = await readAll(file, { xls: { memoryLimitMb: 16 } });
    expect(rows.map((r) => [r.row, r.cells.length])).toEqual([[1, 13], [2, 13], [3, 13]]);
    expect(ignored).toEqual([255]);
  });

  it("reads the .xlsx whose rows hold a cell in XFD as its header and three customers, never padding a row past its last cell kept", async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const { rows, ignored } = await readAll(fixture("far-column.xlsx"));
    // Padded to XFD, the 5,000 far rows alone were 82 million cells (640 MB of references).
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
    expect(rows.map((r) => [r.row, r.cells.length])).toEqual([[1, 13], [2, 13], [3, 13], [4, 13]]);
    expect(ignored).toEqual([64, 16_383]);
  });

  it("names the sheets' ignored columns by their letters, once each, left to right", async () => {
    const reading = await readSheet(fixture("far-column.xlsx"), CUSTOMER_SHEET_COLUMNS);
    for await (const _record of reading.records);
    expect(reading.ignoredColumns()).toEqual(["BM", "XFD"]);
  });

  const spread = [["a", "", "c", "", "", "f"], ["", "", "", "", "", "g"]];
  const files: [string, () => Promise<Buffer>][] = [
    ["an .xlsx", async () => sheetXlsx(inlineRows(spread))],
    ["an .xls", async () => xlsOf(spread.map((row) => row.map((text) => (text === "" ? null : text))))],
  ];
  for (const [kind, make] of files) {
    it(`keeps, in ${kind}, a row's cells up to the cap, padded only up to its last cell within it`, async () => {
      const { rows, ignored } = await readAll(await make(), { maxColumns: 4 });
      expect(rows).toEqual([{ row: 1, cells: ["a", null, "c"] }]);
      expect(ignored).toEqual([5]);
    });
  }

  it(`reads ${MAX_COLUMNS} columns by default, the last one BL`, async () => {
    const row = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `v${i}`);
    const { rows, ignored } = await readAll(await xlsxOf([row]));
    expect(rows[0].cells).toEqual(row.slice(0, MAX_COLUMNS));
    expect(ignored).toEqual([MAX_COLUMNS]);
  });
});

describe("the .xls worker thread", () => {
  it("reads dates as dates, and the cells of every type", async () => {
    const { rows } = await readAll(xlsOf([["Data", "Suma", "Da"], [new Date(Date.UTC(2026, 0, 31)), 12.5, true]]));
    expect(rows[1].cells[0]).toBeInstanceOf(Date);
    expect(rows[1].cells.map(cellText)).toEqual(["31.01.2026", "12.5", "da"]);
  });

  it("turns a file that throws inside the worker into a clean refusal", async () => {
    const truncated = fixture("ro-title.xls").subarray(0, 3000);
    expect((await refusal(truncated)).message).toBe(excelMessages.notExcel);
  });

  it("ends a worker past its time limit with a clear message, and frees its place for the next file", async () => {
    const error = await refusal(fixture("ro-title.xls"), { xls: { timeLimitMs: 1 } });
    expect(error.kind).toBe("tooSlow");
    expect(error.message).toBe("Citirea fișierului .xls a durat prea mult și a fost oprită. Salvați-l ca .xlsx (Excel 2007 sau mai nou) și încercați din nou.");
    await expect.poll(xlsWorkersRunning).toBe(0);
    expect((await readAll(fixture("ro-title.xls"))).rows).toHaveLength(9);
  });

  it("ends a worker past its memory limit with a clear message", async () => {
    // 60,000 cells of text: well over 16 MB of parsed workbook.
    const big = xlsOf(Array.from({ length: 5000 }, (_, i) => Array.from({ length: 12 }, (_, j) => `celula ${i} ${j} ${"x".repeat(40)}`)));
    const error = await refusal(big, { xls: { memoryLimitMb: 16 } });
    expect(error.kind).toBe("tooComplex");
    expect(error.message).toBe(excelMessages.tooComplex);
  });

  it(`runs at most ${XLS_WORKERS} workers at once, the other files waiting their turn`, async () => {
    let most = 0;
    const probe = setInterval(() => (most = Math.max(most, xlsWorkersRunning())), 1);
    try {
      const readings = await Promise.all(Array.from({ length: XLS_WORKERS + 3 }, () => readAll(fixture("sparse-range.xls"))));
      expect(readings.map((r) => r.rows.length)).toEqual(Array(XLS_WORKERS + 3).fill(3));
    } finally {
      clearInterval(probe);
    }
    expect(most).toBe(XLS_WORKERS);
    expect(xlsWorkersRunning()).toBe(0);
  });

  it("frees the place of a reading left unfinished once its worker's time is up", async () => {
    // Long enough for a worker to start and send its first rows on a very busy machine.
    const rows = readWorkbookRows(fixture("ro-title.xls"), { xls: { timeLimitMs: 15_000 } });
    expect((await rows.next()).done).toBe(false);
    expect(xlsWorkersRunning()).toBe(1);
    await expect.poll(xlsWorkersRunning, { timeout: 60_000 }).toBe(0);
  }, 90_000);

  it("ends the worker when the reading stops before the sheet's end (no header in the first 10 rows)", async () => {
    const noHeader = xlsOf(Array.from({ length: 20 }, (_, i) => [`rândul ${i + 1}`]));
    await expect(readSheet(noHeader, CUSTOMER_SHEET_COLUMNS)).rejects.toThrow(/Nu am găsit rândul de antet/);
    expect(xlsWorkersRunning()).toBe(0);
  });
});

describe("the event loop while a sheet is read", () => {
  it("gets its turn while a customer sheet stored uncompressed is read and checked", async () => {
    // ~13 MB of XML that the zip stores as it is: every chunk of it is at hand at once.
    const customer = ["Firma SRL", "RO18547290", "J40/1/2020", "K", "Strada Lungă nr. 1", "București", "București", "BT", "RO49AAAA1B31007593840000", "", "", "Ana", "0722000000"];
    const rows = [HEADERS, ...Array.from({ length: 25_000 }, (_, i) => customer.map((text, c) => (c === 3 ? `K${i}` : text)))];
    const file = sheetXlsx(inlineRows(rows), { stored: true });
    // The loop's turns during the reading, and the longest stretch without one, as shares of
    // the whole reading: a busy machine stretches all of them alike.
    let turns = 0;
    let last = performance.now();
    let longest = 0;
    let probing = true;
    const probe = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      turns++;
      if (probing) setImmediate(probe);
    };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const start = performance.now();
    last = start;
    setImmediate(probe);
    try {
      expect((await checkCustomerFile(file, { rejectedCells: false })).valid).toHaveLength(25_000);
      // The stretch up to the end of the reading counts too (a reading in one stretch is only that).
      longest = Math.max(longest, performance.now() - last);
    } finally {
      probing = false;
    }
    const reading = performance.now() - start;
    // Slices of ~10 ms, so dozens of turns; read in one stretch, the loop had none.
    expect(turns).toBeGreaterThanOrEqual(10);
    expect(longest).toBeLessThan(reading / 4);
  });
});
