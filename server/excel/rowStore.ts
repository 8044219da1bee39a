/**
 * Rows kept between reading a file and writing (or reporting) them, compactly: each row is
 * encoded as a JSON array, UTF-8, one per line, into 32 KiB slabs. A checked customer as an
 * object of 13 strings costs ~10× its text on the V8 heap, and a string sliced from a parser's
 * chunk keeps the whole chunk alive; a line in a slab costs its bytes and nothing else, and
 * reading the rows back makes fresh strings, one slab at a time.
 *
 *   const store = new RowStore<Customer>((c) => [c.code, c.name], ([code, name]) => ({ code, name }));
 *   store.push(customer); for (const customer of store) …; store.length
 */
/** Read back as one string of at most 64 KiB: young-generation garbage, not a large object. */
const SLAB_BYTES = 32 * 1024;

export type Tuple = readonly (string | number | boolean | null)[];

export class RowStore<T> implements Iterable<T> {
  private readonly slabs: { bytes: Buffer; used: number }[] = [];
  private count = 0;

  constructor(
    private readonly encode: (row: T) => Tuple,
    private readonly decode: (tuple: Tuple) => T,
  ) {}

  get length(): number {
    return this.count;
  }

  push(row: T): void {
    // JSON escapes line breaks inside strings: a raw '\n' only ever ends a row.
    const line = `${JSON.stringify(this.encode(row))}\n`;
    const bytes = Buffer.byteLength(line);
    let slab = this.slabs[this.slabs.length - 1];
    if (!slab || slab.used + bytes > slab.bytes.length) {
      slab = { bytes: Buffer.allocUnsafe(Math.max(SLAB_BYTES, bytes)), used: 0 };
      this.slabs.push(slab);
    }
    slab.used += slab.bytes.write(line, slab.used);
    this.count++;
  }

  /** The rows in the order they were pushed; each pass decodes them afresh. */
  *[Symbol.iterator](): Iterator<T> {
    for (const slab of this.slabs) {
      const text = slab.bytes.toString("utf8", 0, slab.used);
      for (let start = 0; start < text.length; ) {
        const end = text.indexOf("\n", start);
        yield this.decode(JSON.parse(text.slice(start, end)) as Tuple);
        start = end + 1;
      }
    }
  }

  /**
   * The encoded rows, a slab at a time, each batch as the text of one JSON array of tuples
   * (`[[…],[…]]`): for a database to read as it is, without an object made per row.
   */
  *jsonBatches(): Generator<string> {
    for (const slab of this.slabs) {
      if (slab.used === 0) continue;
      // Lines end with '\n' and hold none inside: joined by commas they are an array's items.
      yield `[${slab.bytes.toString("utf8", 0, slab.used - 1).replaceAll("\n", ",")}]`;
    }
  }

  /** The first `n` rows. */
  first(n: number): T[] {
    const rows: T[] = [];
    if (n <= 0) return rows;
    for (const row of this) {
      rows.push(row);
      if (rows.length >= n) break;
    }
    return rows;
  }
}
