/** The files the customer routes send: template, export (CSV or XLSX) and error report. */
import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import ExcelJS from "exceljs";
import { type Customer, CUSTOMER_COLUMNS } from "../../../../contract/api";
import { Pacer } from "../../../excel/pacer";
import { customerFiles } from "../../../messages";
import { tableCsv, tableXlsx, xlsxStream } from "../../spreadsheetStreams";
import { CUSTOMER_HEADERS } from "./columns";
import type { CheckedCustomerFile } from "./customerImport";

const HEADERS = CUSTOMER_COLUMNS.map((column) => CUSTOMER_HEADERS[column]);

/** An example row that passes every check (CIF and IBAN with valid control digits). */
const TEMPLATE_EXAMPLE = {
  clientName: "Exemplu Comerț SRL",
  cif: "RO18547290",
  regCom: "J40/1234/2020",
  codClient: "CL0001",
  adresa: "Str. Exemplului nr. 1",
  localitate: "București",
  judet: "București",
  banca: "Banca Transilvania",
  iban: "RO49AAAA1B31007593840000",
  tara: "Romania",
  email: "contact@exemplu.ro",
  persContact: "Ion Popescu",
  telefon: "0722123456",
} as const;

export function templateXlsx(): Readable {
  return xlsxStream(customerFiles.sheet, async (sheet) => {
    const header = sheet.addRow(HEADERS);
    header.font = { bold: true };
    header.commit();
    sheet.addRow(CUSTOMER_COLUMNS.map((column) => TEMPLATE_EXAMPLE[column])).commit();
  });
}

export function customersXlsx(customers: AsyncIterable<Customer>): Readable {
  return tableXlsx(customerFiles.sheet, HEADERS, customers, (customer) => CUSTOMER_COLUMNS.map((column) => customer[column]));
}

/** The customers as CSV for Romanian Excel (spreadsheetStreams.ts tableCsv). */
export function customersCsv(customers: AsyncIterable<Customer>): AsyncGenerator<string> {
  return tableCsv(HEADERS, customers, (customer) => CUSTOMER_COLUMNS.map((column) => customer[column]));
}

/**
 * The rejected rows: Excel row, code, reason, then the row's original cells under their headers
 * (at most MAX_COLUMNS of them: the reader keeps no more). Written whole before anything is
 * sent: a report that failed half-way after a 200 would reach the user as a damaged file. The
 * largest (100,000 rows × 64 cells) is ~30 MB and takes exceljs ~15 s, during which other
 * requests get their turn.
 */
export async function errorReportXlsx(checked: CheckedCustomerFile): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const written = finished(out);
  // Awaited once all is written; a failure before then is thrown by the writing itself.
  written.catch(() => undefined);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(customerFiles.rejectedSheet);
  const { row, reason } = customerFiles.rejectedHeaders;
  const header = sheet.addRow([row, CUSTOMER_HEADERS.codClient, reason, ...checked.headerTexts]);
  header.font = { bold: true };
  header.commit();
  const pacer = new Pacer();
  for (const rejected of checked.rejected) {
    sheet.addRow([rejected.row, rejected.codClient ?? "", rejected.reason, ...rejected.cells]).commit();
    await compressionCaughtUp(sheet, written);
    await pacer.breathe();
  }
  await workbook.commit();
  await written;
  return Buffer.concat(chunks);
}

/** The sheet's XML written but not yet compressed, past which the writing waits. */
const MAX_PENDING_XML = 1024 * 1024;

/**
 * exceljs's streaming writer hands each row's XML on to the zip without waiting for it to be
 * compressed, and zlib compresses one 64 KiB chunk per event-loop turn: 100,000 rows × 64 cells
 * (~200 MB of XML) piled up in memory while they were written. This waits while more than
 * MAX_PENDING_XML is pending. It reads exceljs 4.4's internals (the sheet's stream and the
 * zip entry's stream it writes to); should they change, it does not wait.
 */
async function compressionCaughtUp(sheet: ExcelJS.Worksheet, written: Promise<void>): Promise<void> {
  type ZipEntryStream = NodeJS.EventEmitter & { _writableState?: { length?: number } };
  const entry = (sheet as unknown as { stream?: { pipes?: ZipEntryStream[] } }).stream?.pipes?.[0];
  if (!entry || !((entry._writableState?.length ?? 0) > MAX_PENDING_XML)) return;
  await Promise.race([once(entry, "drain"), written]);
}
