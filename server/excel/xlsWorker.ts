/**
 * The worker thread that reads a legacy .xls (xls.ts starts it): @e965/xlsx parses the whole
 * file in one synchronous call, which here blocks only this thread. The sheet is read dense and
 * only the cells present are walked (forEach skips the holes), never the range the file
 * declares: a file with cells in A1 and IV65536 costs two cells, not 16.7 million. Cells right
 * of `maxColumns` are not kept, only their columns noted (when they hold a value).
 *
 * The rows go back in batches, one per "next" from the main thread, so the main thread holds
 * one batch at a time and never deserializes a huge message in one go.
 */
import { parentPort, workerData } from "node:worker_threads";
import * as XLSX from "@e965/xlsx";
import { type CellValue, normalizeCell } from "./cells";
import type { XlsReply, XlsWorkerData } from "./xls";
import type { XlsxRow } from "./xlsx";

/** Cells per batch: ~600 rows of 13 cells, received and checked in well under 50 ms. */
const BATCH_CELLS = 8192;

const port = parentPort!;
const { bytes, maxRows, maxColumns } = workerData as XlsWorkerData;
const reply = (message: XlsReply) => port.postMessage(message);

const sheetRows = read();
if (sheetRows) {
  const { data, present } = sheetRows;
  const ignored = new Set<number>();
  let next = 0;
  port.on("message", () => {
    const rows: XlsxRow[] = [];
    let cells = 0;
    while (next < present.length && cells < BATCH_CELLS) {
      const index = present[next++];
      const row = rowCells(data[index], ignored);
      cells += row.length + 1;
      if (row.some((cell) => cell !== null)) rows.push({ row: index + 1, cells: row });
    }
    const done = next >= present.length;
    reply(done ? { type: "rows", rows, done, ignoredColumns: [...ignored] } : { type: "rows", rows, done });
  });
}

/** The first sheet's rows (dense) and the indexes of those present; undefined once refused. */
function read(): { data: XLSX.CellObject[][]; present: number[] } | undefined {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: "buffer",
      dense: true,
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      // A bound on what is parsed: one row past the limit is enough to refuse.
      sheetRows: Number.isFinite(maxRows) ? maxRows + 1000 : 0,
    });
  } catch (error) {
    refuse(/password|encrypt/i.test(String((error as Error)?.message)) ? "passwordProtected" : "notExcel");
    return undefined;
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet || !sheet["!ref"]) {
    refuse(name === undefined ? "noSheet" : "noData");
    return undefined;
  }
  const data = sheet["!data"] ?? [];
  const present: number[] = [];
  data.forEach((_row, index) => present.push(index));
  return { data, present };
}

/** Every "next" is answered with the refusal (the main thread then ends this worker). */
function refuse(kind: Extract<XlsReply, { type: "refused" }>["kind"]): void {
  port.on("message", () => reply({ type: "refused", kind }));
}

/** A row's cells up to the last one present within the cap; holes and cells without a value as null. */
function rowCells(row: XLSX.CellObject[] | undefined, ignored: Set<number>): CellValue[] {
  const cells: CellValue[] = [];
  row?.forEach((cell, column) => {
    const value = cell.t === "e" || cell.t === "z" ? null : normalizeCell(cell.v);
    if (column < maxColumns) cells[column] = value;
    else if (value !== null) ignored.add(column);
  });
  // A hole would be cloned as a hole; the rows hold null for an empty cell.
  for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
  return cells;
}
