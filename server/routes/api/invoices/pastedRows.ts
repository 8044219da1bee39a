/**
 * The rows of a block copied from a spreadsheet, as Excel, LibreOffice and Google Sheets put it
 * on the clipboard as text/plain: rows end with \r\n or \n, cells are separated by tabs, and a
 * cell holding a tab, a line break or a quote comes quoted, "…", with "" for each quote in it.
 *
 * A cell that only starts with a quote ('"Best" seller', an inch sign left open) was not written
 * quoted: when its quotes do not close right before a tab, a line break or the end, the cell is
 * read as the text it is, up to the next tab or line break, so a stray quote cannot swallow the
 * rows after it.
 *
 * Rows are read one at a time (a generator): the caller stops after as many as it takes, and the
 * rest of a huge block is never split. Blank rows (every cell empty or white space) and the
 * empty line after the last row are skipped. A row keeps its first `maxCells` cells (a sheet's
 * column cap): the others are passed over, so a row of a million tabs costs no million cells.
 */
import { MAX_COLUMNS } from "../../../excel/errors";

const TAB = "\t";
const QUOTE = '"';

/** Each non-blank row's cells, as pasted (unquoted, not trimmed), up to `maxCells` of them. */
export function* pastedRows(text: string, maxCells = MAX_COLUMNS): Generator<string[]> {
  let at = 0;
  const end = text.length;
  while (at < end) {
    const cells: string[] = [];
    let rowEnded = false;
    while (!rowEnded) {
      const cell = readCell(text, at);
      if (cells.length < maxCells) cells.push(cell.text);
      at = cell.next;
      if (at >= end || text[at] === "\n" || text[at] === "\r") {
        rowEnded = true;
        if (text[at] === "\r" && text[at + 1] === "\n") at += 2;
        else if (at < end) at += 1;
      } else {
        at += 1; // the tab
      }
    }
    if (cells.some((cell) => cell.trim() !== "")) yield cells;
  }
}

/** The cell starting at `start`, and where it ends (at its tab, line break or the end of the text). */
function readCell(text: string, start: number): { text: string; next: number } {
  if (text[start] === QUOTE) {
    const quoted = readQuoted(text, start);
    if (quoted) return quoted;
  }
  let next = start;
  while (next < text.length && text[next] !== TAB && text[next] !== "\n" && text[next] !== "\r") next++;
  // A lone \r inside a row is text; only \r\n ends one.
  while (next < text.length && text[next] === "\r" && text[next + 1] !== "\n") {
    next++;
    while (next < text.length && text[next] !== TAB && text[next] !== "\n" && text[next] !== "\r") next++;
  }
  return { text: text.slice(start, next), next };
}

/** A quoted cell, or undefined when its quotes do not close right before a tab, a line break or the end. */
function readQuoted(text: string, start: number): { text: string; next: number } | undefined {
  let quote = text.indexOf(QUOTE, start + 1);
  while (quote >= 0 && text[quote + 1] === QUOTE) quote = text.indexOf(QUOTE, quote + 2);
  if (quote < 0) return undefined;
  const after = quote + 1;
  const closes = after === text.length || text[after] === TAB || text[after] === "\n" || (text[after] === "\r" && text[after + 1] === "\n");
  return closes ? { text: text.slice(start + 1, quote).replaceAll('""', QUOTE), next: after } : undefined;
}
