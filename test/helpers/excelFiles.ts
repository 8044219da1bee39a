/**
 * Spreadsheets and hostile files made at test time: multipart bodies for uploads, workbooks
 * written with exceljs (for sizes not worth committing) or @e965/xlsx (legacy .xls), .xlsx
 * written by hand (cells exactly as given, control characters included), and hand-built zips
 * (zip bombs, parts stored uncompressed).
 */
import { randomBytes } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { columnLetters } from "../../server/excel/columnLetters";

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(file: Buffer, filename = "clienti.xlsx", field = "file"): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** An invoice import's multipart/form-data: `payload` (a text field, or a JSON blob part) and `file`. */
export function invoiceUpload(file: Buffer | undefined, payload?: unknown, options: { payloadAsBlob?: boolean; filename?: string } = {}) {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  if (payload !== undefined) {
    const json = typeof payload === "string" ? payload : JSON.stringify(payload);
    const disposition = options.payloadAsBlob
      ? 'form-data; name="payload"; filename="blob"\r\nContent-Type: application/json'
      : 'form-data; name="payload"';
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${json}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? "factura.xlsx"}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      file,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** An .xlsx from rows (the first is usually the header), written by exceljs. */
export async function xlsxOf(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Clienți");
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A legacy .xls (BIFF8) from rows, written by @e965/xlsx: text kept as given, NUL included. */
export function xlsOf(rows: readonly (readonly unknown[])[]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row]), { cellDates: true }), "Foaie");
  return XLSX.write(workbook, { type: "buffer", bookType: "biff8" }) as Buffer;
}

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/**
 * An .xlsx whose first sheet is `sheetData` (the XML inside <sheetData>), the minimum of parts
 * around it; `stored` leaves the sheet uncompressed, as a zip may.
 */
export function sheetXlsx(sheetData: string, options: { stored?: boolean } = {}): Buffer {
  const part = (name: string, xml: string, stored = false) => ({ name, data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${xml}`), stored });
  return zipOf([
    part("xl/workbook.xml", `<workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}"><sheets><sheet name="Foaie" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    part(
      "xl/_rels/workbook.xml.rels",
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    part("xl/worksheets/sheet1.xml", `<worksheet xmlns="${MAIN_NS}"><sheetData>${sheetData}</sheetData></worksheet>`, options.stored),
  ]);
}

/** Rows of text as <sheetData> XML: inline strings escaped for XML but otherwise as given, no cell for "". */
export function inlineRows(rows: readonly (readonly string[])[]): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const cell = (text: string, ref: string) => (text === "" ? "" : `<c r="${ref}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`);
  return rows.map((cells, r) => `<row r="${r + 1}">${cells.map((text, c) => cell(text, `${columnLetters(c)}${r + 1}`)).join("")}</row>`).join("");
}

/** Reads back the first sheet of an .xlsx as arrays of cell values. */
export async function rowsOf(xlsx: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Lie about the inflated size (a zip bomb that hides its size). */
  declaredSize?: number;
  /** Store it uncompressed (method 0) instead of deflating it. */
  stored?: boolean;
}

/** A zip written by hand (deflate), so its declared sizes can lie. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const method = entry.stored ? 0 : 8;
    const compressed = entry.stored ? entry.data : deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A workbook-shaped zip whose sheet inflates to `inflated` bytes but declares `declared`. */
export function zipBomb(inflated: number, declared?: number): Buffer {
  const sheet = Buffer.alloc(inflated, 0x20);
  sheet.write('<?xml version="1.0"?><worksheet>');
  return zipOf([
    { name: "[Content_Types].xml", data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: "xl/workbook.xml", data: Buffer.from('<?xml version="1.0"?><workbook/>') },
    { name: "xl/worksheets/sheet1.xml", data: sheet, declaredSize: declared },
  ]);
}
