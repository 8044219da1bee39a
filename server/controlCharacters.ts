/**
 * Control characters have no place in anything a user types or a spreadsheet holds: NUL cannot
 * be stored by PostgreSQL at all (a 500 there, a silently different string on SQLite; on SQLite's
 * text index it even broke the search syntax), and the others only hide text or break the files
 * we write. Tab, line feed and carriage return are ordinary text (an address typed on two lines,
 * Alt+Enter in an Excel cell) and stay allowed.
 *
 * Invisible characters are refused with them: zero-width spaces and joiners, the word joiner and
 * the byte-order mark make two names that look the same differ (a customer "ACME" and "AC\u200bME"),
 * and the direction marks, embeddings, overrides and isolates make a name read other than it is
 * stored (U+202E turns "fdp.exe" around on screen, in the audit log and in an export).
 *
 * The API refuses them at the edge, before validation, in the query string, the path and the JSON
 * body (`refuseControlCharacters`, a preValidation hook of /api and /dmz-api); the imports check
 * their cells row by row. A route that reads a body field as a sheet's cells (a block pasted into
 * an invoice's lines) names it in its config, `cellsField`: the edge leaves that one field to the
 * route, which refuses the rows whose cells hold such a character as the import does, and keeps
 * the others; every other field of the body is still refused here.
 */
import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors";
import { mayHoldRefusedCharacters } from "./bodyShape";
import { fieldControlCharacters, messages } from "./messages";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A body field holding a sheet's cells, checked cell by cell by the route itself (see above). */
    cellsField?: string;
  }
}

const REFUSED_CHARACTER =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/**
 * True when `text` holds a control character other than tab, line feed or carriage return, or an
 * invisible one (zero-width, direction marks, overrides and isolates, BOM).
 */
export function hasControlCharacter(text: string): boolean {
  return REFUSED_CHARACTER.test(text);
}

/** The same test for one UTF-16 code unit, for the JSON body's scan (jsonBody.ts). */
export function isRefusedCharacter(code: number): boolean {
  if (code < 0x20) return code !== 0x09 && code !== 0x0a && code !== 0x0d;
  if (code < 0x7f) return false;
  if (code <= 0x9f) return true;
  if (code < 0x200b) return false;
  return (
    code <= 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    code === 0x2060 ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

interface Pending {
  value: unknown;
  key: string;
  parent: Pending | undefined;
}

const pathOf = (entry: Pending | undefined): string => {
  const keys: string[] = [];
  for (let at = entry; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
};

/**
 * The path (`products.0.name`) of the first text in a parsed JSON value, or one of its keys, that
 * holds a refused character; undefined when there is none. Walked without recursion, so a deeply
 * nested value cannot overflow the stack, and a path is spelled out only for the field found.
 */
export function controlCharacterField(value: unknown): string | undefined {
  const pending: Pending[] = [{ value, key: "", parent: undefined }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const item = next.value;
    if (typeof item === "string") {
      if (hasControlCharacter(item)) return pathOf(next);
    } else if (item !== null && typeof item === "object") {
      for (const key of Object.keys(item)) {
        if (hasControlCharacter(key)) return pathOf(next) || key;
        pending.push({ value: (item as Record<string, unknown>)[key], key, parent: next });
      }
    }
  }
  return undefined;
}

/**
 * 400 naming the field, when any text the request carries holds a refused character. A JSON body
 * whose text the parser found clean (jsonBody.ts) is not walked again.
 */
export async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  const body = mayHoldRefusedCharacters(request.body) ? withoutCells(request) : undefined;
  for (const part of [request.query, request.params, body]) {
    const field = controlCharacterField(part);
    if (field !== undefined) throw controlCharactersError(field || "corpul cererii");
  }
}

export function controlCharactersError(field: string): HttpError {
  const problem = fieldControlCharacters(field);
  return new HttpError(400, `${messages.invalidData}: ${problem}.`, { [field]: problem });
}

/** The body without the field the route checks cell by cell (config `cellsField`), when it names one. */
function withoutCells(request: FastifyRequest): unknown {
  const { body } = request;
  const field = request.routeOptions.config.cellsField;
  if (field === undefined || body === null || typeof body !== "object" || Array.isArray(body) || !Object.hasOwn(body, field)) return body;
  const { [field]: _cells, ...rest } = body as Record<string, unknown>;
  return rest;
}
