/**
 * A small streaming XML scanner for the parts of an .xlsx that are read (xlsx.ts): text is
 * written in as it is inflated, and elements and character data come out as calls, without a
 * document or an object per event. It checks what the reading relies on (tags closed in order,
 * nothing left open, entities known) and refuses a DOCTYPE (no entity expansion, ever); any
 * refusal is ExcelError 'corrupt'. Element names come without their namespace prefix
 * (`x:row` → `row`); attribute names as written.
 *
 * What it hands out is sliced from its buffer: a handler copies what it keeps (`detach`).
 */
import { excelError } from "./errors";

export interface XmlHandler {
  /** An element opens; `attributes` is its raw attribute text (parse with `parseAttributes`). */
  open(name: string, attributes: string): void;
  /** An element closes (right after `open` for `<empty/>`). */
  close(name: string): void;
  /** Character data with entities decoded (a CDATA section comes as is). */
  text(text: string): void;
}

/** Longer than any cell (Excel: 32,767 characters): a tag or text this long is not a spreadsheet. */
const MAX_PENDING = 4 * 1024 * 1024;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const COLON = 0x3a;

/** One-letter names (a worksheet is mostly <c>, <v>, </v>, </c>) as shared strings, not new ones. */
const LETTERS: string[] = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));

/** s.slice(start, end), without allocating for a one-letter ASCII name. */
function nameAt(s: string, start: number, end: number): string {
  if (end - start === 1) {
    const code = s.charCodeAt(start);
    if (code < 128) return LETTERS[code];
  }
  return s.slice(start, end);
}

/** XML's white space: space, tab, line feed, carriage return. */
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

export class XmlScanner {
  private pending = "";
  private readonly open: string[] = [];

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    let from = 0;
    if (this.pending !== "") {
      // Finish the item cut by the previous chunk's end on a short joined string, then scan the
      // chunk itself: a long joined string (a V8 cons string) is read ~2× slower.
      const pending = this.pending;
      for (let take = 256; ; take *= 4) {
        const head = pending + chunk.slice(0, take);
        const done = this.scan(head, 0);
        if (done >= pending.length) {
          from = done - pending.length;
          this.pending = "";
          break;
        }
        if (take >= chunk.length) {
          this.pending = head.slice(done);
          if (this.pending.length > MAX_PENDING) throw excelError("corrupt");
          return;
        }
      }
    }
    const done = this.scan(chunk, from);
    this.pending = done < chunk.length ? chunk.slice(done) : "";
    if (this.pending.length > MAX_PENDING) throw excelError("corrupt");
  }

  /** The end of the part: everything opened must be closed, nothing but blanks left over. */
  end(): void {
    if (this.open.length > 0 || this.pending.trim() !== "") throw excelError("corrupt");
  }

  /** Handles every complete item of `s` from `at`; returns where the incomplete rest starts. */
  private scan(s: string, from: number): number {
    const handler = this.handler;
    const open = this.open;
    const length = s.length;
    let at = from;
    while (at < length) {
      const lt = s.indexOf("<", at);
      if (lt < 0) return at; // text, maybe continued in the next chunk
      if (lt > at) {
        if (open.length > 0) handler.text(decodeEntities(s.slice(at, lt)));
        at = lt;
      }
      const next = s.charCodeAt(lt + 1);
      if (next !== next) return lt; // NaN: '<' is the last character
      if (next === BANG) {
        if (s.startsWith("<!--", lt)) {
          const end = s.indexOf("-->", lt + 4);
          if (end < 0) return lt;
          at = end + 3;
        } else if (s.startsWith("<![CDATA[", lt)) {
          const end = s.indexOf("]]>", lt + 9);
          if (end < 0) return lt;
          if (open.length > 0) handler.text(s.slice(lt + 9, end));
          at = end + 3;
        } else if (length - lt < 9 && ("<![CDATA[".startsWith(s.slice(lt)) || "<!--".startsWith(s.slice(lt)))) {
          return lt;
        } else {
          throw excelError("corrupt"); // <!DOCTYPE …> and anything else
        }
        continue;
      }
      if (next === QUESTION) {
        const end = s.indexOf("?>", lt + 2);
        if (end < 0) return lt;
        at = end + 2;
        continue;
      }
      if (next === SLASH) {
        const gt = s.indexOf(">", lt + 2);
        if (gt < 0) return lt;
        let nameEnd = gt;
        while (nameEnd > lt + 2 && isSpace(s.charCodeAt(nameEnd - 1))) nameEnd--;
        const qualified = nameAt(s, lt + 2, nameEnd);
        if (open.pop() !== qualified) throw excelError("corrupt");
        handler.close(localName(qualified));
        at = gt + 1;
        continue;
      }
      // A start tag: the name, then attributes whose quoted values may hold '>'.
      let nameEnd = lt + 1;
      let code = next;
      let colon = -1;
      while (nameEnd < length && !isSpace(code) && code !== GT && code !== SLASH) {
        if (code === COLON) colon = nameEnd;
        if (code === LT || code === QUOTE || code === APOSTROPHE) throw excelError("corrupt");
        code = s.charCodeAt(++nameEnd);
      }
      if (nameEnd === lt + 1) throw excelError("corrupt");
      let gt = nameEnd;
      for (;;) {
        if (gt >= length) return lt;
        code = s.charCodeAt(gt);
        if (code === GT) break;
        if (code === QUOTE || code === APOSTROPHE) {
          const close = s.indexOf(code === QUOTE ? '"' : "'", gt + 1);
          if (close < 0) return lt;
          gt = close + 1;
        } else if (code === LT) {
          throw excelError("corrupt");
        } else {
          gt++;
        }
      }
      const qualified = nameAt(s, lt + 1, nameEnd);
      const name = colon < 0 ? qualified : nameAt(s, colon + 1, nameEnd);
      at = gt + 1;
      if (s.charCodeAt(gt - 1) === SLASH) {
        handler.open(name, s.slice(nameEnd, gt - 1));
        handler.close(name);
      } else {
        open.push(qualified);
        handler.open(name, s.slice(nameEnd, gt));
      }
    }
    return at;
  }
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(":");
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

/**
 * Calls `visit` with each attribute of a tag's raw attribute text (values decoded), in order.
 * Throws 'corrupt' on anything that is not `name="value"` or `name='value'`.
 */
export function forEachAttribute(raw: string, visit: (name: string, value: string) => void): void {
  const length = raw.length;
  let at = 0;
  for (;;) {
    while (at < length && isSpace(raw.charCodeAt(at))) at++;
    if (at >= length) return;
    const nameStart = at;
    let code = raw.charCodeAt(at);
    while (at < length && code !== 0x3d /* = */ && !isSpace(code)) code = raw.charCodeAt(++at);
    const name = raw.slice(nameStart, at);
    while (at < length && isSpace(raw.charCodeAt(at))) at++;
    if (raw.charCodeAt(at) !== 0x3d || name === "") throw excelError("corrupt");
    at++;
    while (at < length && isSpace(raw.charCodeAt(at))) at++;
    const quote = raw.charCodeAt(at);
    if (quote !== QUOTE && quote !== APOSTROPHE) throw excelError("corrupt");
    const end = raw.indexOf(quote === QUOTE ? '"' : "'", at + 1);
    if (end < 0) throw excelError("corrupt");
    visit(name, decodeEntities(raw.slice(at + 1, end)));
    at = end + 1;
  }
}

/** `r="A1" t="s"` → { r: "A1", t: "s" } (for the few tags whose attributes are all wanted). */
export function parseAttributes(raw: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  forEachAttribute(raw, (name, value) => {
    attributes[name] = value;
  });
  return attributes;
}

const ENTITY = /&([^;&<]*);?/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (text.indexOf("&") < 0) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (!whole.endsWith(";")) throw excelError("corrupt");
    const named = NAMED[name];
    if (named !== undefined) return named;
    const code = /^#x[0-9a-f]{1,6}$/i.test(name) ? parseInt(name.slice(2), 16) : /^#[0-9]{1,7}$/.test(name) ? parseInt(name.slice(1), 10) : NaN;
    // XML's characters: no NUL, no lone surrogates, nothing past U+10FFFF.
    if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) throw excelError("corrupt");
    return String.fromCodePoint(code);
  });
}

/**
 * A copy of `text` that does not keep the string it was sliced from alive (V8 keeps a slice of
 * 13 characters or more as a view of its parent: one kept cell would keep a 64 KiB chunk).
 */
export function detach(text: string): string {
  return text.length < 13 ? text : (" " + text).slice(1);
}
