/**
 * SmartBill's errorText can carry HTML meant for its own web UI: `<br/>` before advice, `<b>`
 * around names, and a hidden `<div id="moreErrorDetails" style="display:none">` with pages of
 * help. We show the text a person would read: hidden blocks dropped, line breaks as spaces,
 * other tags removed, entities decoded, whitespace collapsed.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  acirc: "â",
  Acirc: "Â",
  icirc: "î",
  Icirc: "Î",
  abreve: "ă",
  Abreve: "Ă",
  scedil: "ş",
  Scedil: "Ş",
  tcedil: "ţ",
  Tcedil: "Ţ",
  scommabelow: "ș",
  tcommabelow: "ț",
  laquo: "«",
  raquo: "»",
  bdquo: "„",
  rdquo: "”",
  ldquo: "“",
  hellip: "…",
  ndash: "–",
  mdash: "—",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const value = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : whole;
    }
    return NAMED_ENTITIES[code] ?? whole;
  });
}

/** Removes every element that is hidden (`moreErrorDetails`, `display:none`), nested tags included. */
function dropHiddenBlocks(html: string): string {
  const open = /<(div|span|p)\b([^>]*)>/gi;
  let result = "";
  let cursor = 0;
  let match: RegExpExecArray | null;
  while ((match = open.exec(html))) {
    const [tag, name, attributes] = match;
    if (!/moreErrorDetails|display\s*:\s*none/i.test(attributes)) continue;
    result += html.slice(cursor, match.index);
    cursor = endOfElement(html, name.toLowerCase(), match.index + tag.length);
    open.lastIndex = cursor;
  }
  return result + html.slice(cursor);
}

/** The index just past the tag closing the element whose content starts at `from`. */
function endOfElement(html: string, name: string, from: number): number {
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
  tags.lastIndex = from;
  let depth = 1;
  let match: RegExpExecArray | null;
  while ((match = tags.exec(html))) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  return html.length; // never closed: everything after it was hidden
}

/** The readable text of an errorText. Plain text passes through (whitespace collapsed). */
export function errorTextToPlain(errorText: string): string {
  if (!/[<&]/.test(errorText)) return errorText.replace(/\s+/g, " ").trim();
  const visible = dropHiddenBlocks(errorText)
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<\/(p|div|li|tr)>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(visible).replace(/\s+/g, " ").trim();
}

/** The title or first heading of an HTML error page, as text (e.g. "HTTP Status 500 – Internal Server Error"). */
export function htmlPageTitle(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  if (!match) return undefined;
  const text = errorTextToPlain(match[1]);
  return text ? text.slice(0, 200) : undefined;
}
