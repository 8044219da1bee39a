/**
 * The first worksheet of an .xlsx, row by row, read straight from the checked zip (zipGuard):
 * the parts are found through the central directory and inflated one at a time, in the order
 * the reading needs them (workbook and relationships, styles for the date formats, shared
 * strings, then the sheet, streamed), so nothing is spilled to disk and nothing waits for a part
 * that comes later in the file.
 *
 * Memory: the shared strings (a sheet written with them has one per text cell: 650,000 for
 * 50,000 rows × 13 columns) are kept as one UTF-8 buffer and their offsets, not as strings;
 * a cell's text is made when its row is read. The sheet is inflated and scanned 32 KiB at a
 * time, and the rows of each chunk handed over before the next is inflated.
 *
 * Cells as exceljs's streaming reader (used before) gave them, for cells.ts to normalize: shared
 * and inline strings, numbers, booleans, errors as null, formulas as their cached result, and
 * numbers in a date format as Dates. Where exceljs fell short, a cell now reads as Excel shows
 * it: every run of a rich inline string (exceljs kept the last), phonetic runs left out, a
 * formula's date or boolean result as a date or boolean, `t="d"` cells as dates, the workbook's
 * first sheet by tab order (exceljs: the first in the zip), XML without `r` attributes.
 *
 * A row costs the cells it holds: a cell right of `maxColumns` is not stored (its column is
 * noted when it holds a value), and a row is padded with nulls only up to its last cell kept,
 * so a cell claiming column XFD costs one cell, not 16,384. The reading gives the event loop a
 * turn every few milliseconds (Pacer), whatever the parts' compression.
 */
import { StringDecoder } from "node:string_decoder";
import { type CellValue, normalizeCell } from "./cells";
import { excelError } from "./errors";
import { Pacer } from "./pacer";
import { detach, forEachAttribute, parseAttributes, XmlScanner, type XmlHandler } from "./xml";
import { checkZip, inflateEntry, type ZipEntry } from "./zipGuard";

export interface XlsxRow {
  /** 1-based, as Excel shows it */
  row: number;
  /** cells[0] is column A; trailing empty cells may be absent */
  cells: CellValue[];
}

/** Excel's last column, XFD: a reference past it is not a spreadsheet's. */
const EXCEL_COLUMNS = 16_384;

export interface XlsxReadOptions {
  maxColumns: number;
  /** Filled with the 0-based columns right of maxColumns that held a value. */
  ignoredColumns: Set<number>;
}

export async function* xlsxRows(buffer: Buffer, options: XlsxReadOptions): AsyncGenerator<XlsxRow> {
  const entries = await checkZip(buffer);
  const part = (name: string | undefined) => (name === undefined ? undefined : entries.get(name));
  const pacer = new Pacer();

  const workbook = await readWorkbook(buffer, entries, pacer);
  const styles = part(workbook.styles);
  const dateStyles = styles ? await readDateStyles(buffer, styles, pacer) : [];
  const strings = part(workbook.sharedStrings);
  const sharedStrings = strings ? await readSharedStrings(buffer, strings, pacer) : new SharedStrings(0);

  const sheet = part(workbook.firstSheet) ?? firstWorksheetEntry(entries);
  if (!sheet) throw excelError("noSheet");
  const reader = new SheetReader(sharedStrings, dateStyles, workbook.date1904, options);
  for await (const text of partText(buffer, sheet, pacer)) {
    reader.scanner.write(text);
    const rows = reader.take();
    for (const row of rows) yield row;
  }
  reader.scanner.end();
  yield* reader.take();
}

/**
 * A part as text, chunk by chunk (UTF-8, or UTF-16 when it starts with that byte order mark);
 * before each chunk the event loop may get its turn (the time counted includes the work the
 * reader's consumer did with the previous chunk's rows).
 */
async function* partText(buffer: Buffer, entry: ZipEntry, pacer: Pacer): AsyncGenerator<string> {
  let decoder: StringDecoder | undefined;
  for await (const chunk of inflateEntry(buffer, entry)) {
    await pacer.breathe();
    if (!decoder) {
      const utf16 = chunk.length >= 2 && chunk[0] === 0xff && chunk[1] === 0xfe;
      decoder = new StringDecoder(utf16 ? "utf16le" : "utf8");
      const text = decoder.write(chunk);
      yield text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    } else {
      yield decoder.write(chunk);
    }
  }
  if (decoder) yield decoder.end();
}

async function scanPart(buffer: Buffer, entry: ZipEntry, handler: XmlHandler, pacer: Pacer): Promise<void> {
  const scanner = new XmlScanner(handler);
  for await (const text of partText(buffer, entry, pacer)) scanner.write(text);
  scanner.end();
}

interface Workbook {
  firstSheet?: string;
  styles?: string;
  sharedStrings?: string;
  date1904: boolean;
}

/** Which parts to read: the workbook's first worksheet (tab order), its styles and shared strings. */
async function readWorkbook(buffer: Buffer, entries: Map<string, ZipEntry>, pacer: Pacer): Promise<Workbook> {
  const relationships = new Map<string, { type: string; target: string }>();
  const rels = entries.get("xl/_rels/workbook.xml.rels");
  if (rels) {
    await scanPart(buffer, rels, {
      open(name, raw) {
        if (name !== "Relationship") return;
        const attributes = parseAttributes(raw);
        if (attributes.Id && attributes.Target && attributes.TargetMode !== "External") {
          relationships.set(attributes.Id, { type: attributes.Type ?? "", target: resolvePart(attributes.Target) });
        }
      },
      close() {},
      text() {},
    }, pacer);
  }
  // By the type's last segment: transitional and strict OOXML differ only in the namespace.
  const byType = (type: string) => [...relationships.values()].find((r) => r.type.endsWith(`/${type}`))?.target;
  const result: Workbook = {
    styles: byType("styles") ?? "xl/styles.xml",
    sharedStrings: byType("sharedStrings") ?? "xl/sharedStrings.xml",
    date1904: false,
  };
  const book = entries.get("xl/workbook.xml");
  if (book) {
    await scanPart(buffer, book, {
      open(name, raw) {
        if (name === "workbookPr") {
          const date1904 = parseAttributes(raw).date1904;
          result.date1904 = date1904 === "1" || date1904 === "true";
        } else if (name === "sheet" && result.firstSheet === undefined) {
          // r:id, whatever the relationships namespace's prefix
          const attributes = parseAttributes(raw);
          const id = Object.entries(attributes).find(([key]) => key.endsWith(":id"))?.[1];
          const relationship = id === undefined ? undefined : relationships.get(id);
          if (relationship?.type.endsWith("/worksheet") && entries.has(relationship.target)) {
            result.firstSheet = relationship.target;
          }
        }
      },
      close() {},
      text() {},
    }, pacer);
  }
  return result;
}

/** Without a usable workbook part: the first worksheet in the zip, as exceljs took it. */
function firstWorksheetEntry(entries: Map<string, ZipEntry>): ZipEntry | undefined {
  for (const [name, entry] of entries) if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) return entry;
  return undefined;
}

/** A relationship's target, relative to xl/ or absolute ("/xl/…"), as a zip entry name. */
function resolvePart(target: string): string {
  const parts = target.startsWith("/") ? [] : ["xl"];
  for (const segment of target.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") parts.pop();
    else parts.push(segment);
  }
  return parts.join("/");
}

/** Excel's built-in date and time formats (the ids exceljs knows as such). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A number format shows a date when it has date or time codes outside quotes and brackets. */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));
}

/** For each cell style (cellXfs, by index): whether its number format is a date's. */
async function readDateStyles(buffer: Buffer, entry: ZipEntry, pacer: Pacer): Promise<boolean[]> {
  const formats = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  await scanPart(buffer, entry, {
    open(name, raw) {
      if (name === "numFmt") {
        const attributes = parseAttributes(raw);
        formats.set(Number(attributes.numFmtId), attributes.formatCode ?? "");
      } else if (name === "cellXfs") {
        inCellXfs = true;
      } else if (name === "xf" && inCellXfs) {
        styleFormats.push(Number(parseAttributes(raw).numFmtId ?? 0));
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
    text() {},
  }, pacer);
  return styleFormats.map((id) => {
    const custom = formats.get(id);
    return custom !== undefined ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(id);
  });
}

/** The shared strings as one UTF-8 buffer and where each one starts and ends. */
class SharedStrings {
  private bytes: Buffer;
  private used = 0;
  private ends = new Uint32Array(1024);
  count = 0;

  constructor(capacity: number) {
    // Decoded text is not longer than the UTF-8 XML it came from: one allocation, of which only
    // the part written to is ever touched (resident).
    this.bytes = Buffer.allocUnsafe(capacity);
  }

  push(text: string): void {
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    if (text.length > 0) {
      const bytes = Buffer.byteLength(text);
      if (this.used + bytes > this.bytes.length) {
        // UTF-16 XML: its text can take more bytes as UTF-8
        const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + bytes));
        this.bytes.copy(grown, 0, 0, this.used);
        this.bytes = grown;
      }
      this.used += this.bytes.write(text, this.used);
    }
    this.ends[this.count++] = this.used;
  }

  /** The string at `index`; undefined past the end (as exceljs answered). */
  get(index: number): string | undefined {
    if (!(index >= 0 && index < this.count)) return undefined;
    return this.bytes.toString("utf8", index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}

async function readSharedStrings(buffer: Buffer, entry: ZipEntry, pacer: Pacer): Promise<SharedStrings> {
  const strings = new SharedStrings(entry.size);
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  let text = "";
  await scanPart(buffer, entry, {
    open(name) {
      if (name === "si") {
        inItem = true;
        text = "";
      } else if (name === "rPh") {
        phonetic++;
      } else if (name === "t" && inItem && phonetic === 0) {
        inText = true;
      }
    },
    close(name) {
      if (name === "si") {
        strings.push(text);
        text = "";
        inItem = false;
      } else if (name === "rPh") {
        phonetic--;
      } else if (name === "t") {
        inText = false;
      }
    },
    text(value) {
      if (inText) text += value;
    },
  }, pacer);
  return strings;
}

/** Scans the worksheet, collecting the rows completed so far. */
class SheetReader implements XmlHandler {
  readonly scanner = new XmlScanner(this);
  private rows: XlsxRow[] = [];
  private inSheetData = false;
  private rowNumber = 0;
  private cells: CellValue[] | undefined;
  private column = 0;
  // The open cell
  private cellType = "";
  private cellStyle = 0;
  private value: string | undefined;
  private capturing = false;
  private phonetic = 0;

  constructor(
    private readonly sharedStrings: SharedStrings,
    private readonly dateStyles: readonly boolean[],
    private readonly date1904: boolean,
    private readonly cap: XlsxReadOptions,
  ) {}

  /** <row r="12">: the row's number (without r, the one after the previous row). */
  private readonly rowAttribute = (name: string, value: string) => {
    if (name === "r") this.rowNumber = Number(value);
  };

  /** <c r="B12" t="s" s="3">: column, type, style. */
  private readonly cellAttribute = (name: string, value: string) => {
    if (name === "r") this.column = columnOf(value);
    else if (name === "t") this.cellType = value;
    else if (name === "s") this.cellStyle = Number(value);
  };

  take(): XlsxRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  open(name: string, raw: string): void {
    if (!this.inSheetData) {
      if (name === "sheetData") this.inSheetData = true;
      return;
    }
    switch (name) {
      case "row": {
        const number = this.rowNumber + 1;
        this.rowNumber = number;
        forEachAttribute(raw, this.rowAttribute);
        if (!Number.isInteger(this.rowNumber) || this.rowNumber < 1 || this.rowNumber > 1_048_576) throw excelError("corrupt");
        this.cells = [];
        this.column = 0;
        break;
      }
      case "c": {
        if (!this.cells) throw excelError("corrupt");
        this.column++;
        this.cellType = "n";
        this.cellStyle = 0;
        this.value = undefined;
        forEachAttribute(raw, this.cellAttribute);
        break;
      }
      case "v":
        this.value = "";
        this.capturing = true;
        break;
      case "is":
        this.value = "";
        break;
      case "rPh":
        this.phonetic++;
        break;
      case "t":
        // the text runs of an inline string
        if (this.value !== undefined && this.phonetic === 0) this.capturing = true;
        break;
    }
  }

  close(name: string): void {
    if (!this.inSheetData) return;
    switch (name) {
      case "sheetData":
        this.inSheetData = false;
        break;
      case "row":
        if (this.cells && this.cells.some((cell) => cell !== null)) this.rows.push({ row: this.rowNumber, cells: this.cells });
        this.cells = undefined;
        break;
      case "c":
        if (this.cells) {
          const value = this.cellValue();
          const index = this.column - 1;
          if (index < this.cap.maxColumns) {
            while (this.cells.length < index) this.cells.push(null);
            this.cells[index] = value;
          } else if (value !== null) {
            this.cap.ignoredColumns.add(index);
          }
        }
        break;
      case "v":
      case "t":
        this.capturing = false;
        break;
      case "rPh":
        this.phonetic--;
        break;
    }
  }

  text(text: string): void {
    if (this.capturing) this.value += text;
  }

  private cellValue(): CellValue {
    const value = this.value;
    if (value === undefined) return null;
    switch (this.cellType) {
      case "s": {
        const index = value.trim() === "" ? NaN : Number(value);
        return Number.isInteger(index) ? normalizeCell(this.sharedStrings.get(index)) : null;
      }
      case "inlineStr":
      case "str": {
        const text = value.trim();
        return text === "" ? null : detach(text);
      }
      case "b":
        return value.trim() === "1" || value.trim() === "true";
      case "e":
        return null;
      case "d": {
        // ISO 8601; a date and time without a zone is taken as UTC, like a date alone
        const iso = value.trim();
        const zoned = !iso.includes("T") || /(?:Z|[+-]\d\d:?\d\d)$/i.test(iso);
        return normalizeCell(new Date(zoned ? iso : `${iso}Z`));
      }
      default: {
        if (value.trim() === "") return null;
        const number = parseFloat(value);
        if (this.dateStyles[this.cellStyle] === true) return normalizeCell(excelDate(number, this.date1904));
        return normalizeCell(number);
      }
    }
  }
}

/** "AB12" → 28 */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20; // lower case
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
    if (column > EXCEL_COLUMNS) throw excelError("corrupt");
  }
  if (column === 0) throw excelError("corrupt");
  return column;
}

/** Excel's serial day (1900 or 1904 system) as a Date, exactly as exceljs converts it. */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
}
