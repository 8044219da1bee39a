/**
 * Checks an .xlsx (a zip) before any parser inflates it, so a hostile file cannot make the
 * server inflate gigabytes: the central directory is read, every entry's declared size and
 * compression ratio must be sane, the entries must tile the file (no local entry hidden from
 * the directory, which a streaming reader would otherwise meet). After this, the reader
 * (xlsx.ts) inflates the parts it needs, found through the same central directory, with
 * inflateEntry, which stops at the declared size (a zip bomb) and refuses a part that inflates
 * to less (corrupt); parts it never reads are never inflated. (An earlier pass inflated every
 * entry here first, into a counter: the same checks, made twice, with the event loop idle
 * while the sheet was inflated.)
 */
import { createInflateRaw } from "node:zlib";
import { ExcelError, excelError } from "./errors";

/** Per entry: a worksheet of 100,000 rows × 13 columns is ~60 MiB of XML. */
const MAX_ENTRY_BYTES = 200 * 1024 * 1024;
const MAX_TOTAL_BYTES = 400 * 1024 * 1024;
/** Spreadsheet XML deflates 5–30×; deflate itself cannot exceed ~1032×. */
const MAX_RATIO = 200;
/** Small entries may compress absurdly (a run of spaces) without being a danger. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** The checked entries by name; ExcelError when the zip is refused. */
export async function checkZip(buffer: Buffer): Promise<Map<string, ZipEntry>> {
  const entries = readCentralDirectory(buffer);
  let total = 0;
  for (const entry of entries) {
    if (entry.flags & 0x1) throw excelError("passwordProtected");
    total += entry.size;
    if (entry.size > MAX_ENTRY_BYTES || total > MAX_TOTAL_BYTES) throw excelError("zipBomb");
    if (entry.size > RATIO_FLOOR_BYTES && entry.size > entry.compressedSize * MAX_RATIO) throw excelError("zipBomb");
  }
  // Two entries of one name: which is the real part would depend on the reader.
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  if (byName.size !== entries.length) throw excelError("corrupt");
  checkTiling(buffer, entries);
  return byName;
}

/**
 * Chunks of inflated XML: 32 KiB is at most 64 KiB as a JavaScript string, small enough for V8's
 * young generation (a string over 128 KiB goes to the large-object space, freed only by a full
 * collection, and the heap grows while they wait).
 */
const INFLATE_CHUNK = 32 * 1024;

/** A checked entry's content, inflated chunk by chunk; never more than its declared size. */
export async function* inflateEntry(buffer: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const start = dataStart(buffer, entry);
  const data = buffer.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += INFLATE_CHUNK) yield data.subarray(at, at + INFLATE_CHUNK);
    return;
  }
  if (entry.method !== 8) throw excelError("corrupt");
  const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
  inflater.end(data);
  let produced = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > entry.size) throw excelError("zipBomb");
      yield chunk;
    }
  } catch (error) {
    throw error instanceof ExcelError ? error : excelError("corrupt");
  } finally {
    inflater.destroy();
  }
  if (produced !== entry.size) throw excelError("corrupt");
}

function readCentralDirectory(buffer: Buffer): ZipEntry[] {
  // End of central directory: 22 bytes plus a comment of at most 65535.
  const from = Math.max(0, buffer.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buffer.length - 22; i >= from; i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw excelError("corrupt");
  const count = buffer.readUInt16LE(eocd + 10);
  const cdSize = buffer.readUInt32LE(eocd + 12);
  const cdOffset = buffer.readUInt32LE(eocd + 16);
  // ZIP64 markers: no 20 MiB spreadsheet needs them.
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw excelError("corrupt");
  if (count === 0 || cdOffset + cdSize > eocd) throw excelError("corrupt");

  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || buffer.readUInt32LE(at) !== 0x02014b50) throw excelError("corrupt");
    const nameLength = buffer.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      flags: buffer.readUInt16LE(at + 8),
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      size: buffer.readUInt32LE(at + 24),
      offset: buffer.readUInt32LE(at + 42),
      name: buffer.toString("utf8", at + 46, at + 46 + nameLength),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw excelError("zipBomb");
    entries.push(entry);
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return entries;
}

/** Where the entry's compressed data starts, after its local header. */
function dataStart(buffer: Buffer, entry: ZipEntry): number {
  const at = entry.offset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== 0x04034b50) throw excelError("corrupt");
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buffer.length) throw excelError("corrupt");
  return start;
}

function checkTiling(buffer: Buffer, entries: ZipEntry[]): void {
  const sorted = [...entries].sort((a, b) => a.offset - b.offset);
  let expected = 0;
  for (const entry of sorted) {
    // Right after the previous entry, or after its data descriptor (12 or 16 bytes, with the
    // optional signature; 20/24 would be ZIP64, refused above).
    const gap = entry.offset - expected;
    if (!(gap === 0 || gap === 12 || gap === 16)) throw excelError("corrupt");
    expected = dataStart(buffer, entry) + entry.compressedSize;
  }
}
