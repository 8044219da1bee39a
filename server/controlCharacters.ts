/**
 * Control characters have no place in anything a user types or a spreadsheet holds: NUL cannot
 * be stored by PostgreSQL at all (a 500 there, a silently different string on SQLite; on SQLite's
 * text index it even broke the search syntax), and the others only hide text or break the files
 * we write. Tab, line feed and carriage return are ordinary text (an address typed on two lines,
 * Alt+Enter in an Excel cell) and stay allowed.
 *
 * The API refuses them at the edge, before validation, in the query string, the path and the JSON
 * body (`refuseControlCharacters`, a preValidation hook of /api and /dmz-api); the imports check
 * their cells row by row.
 */
import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors";
import { fieldControlCharacters, messages } from "./messages";

const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when `text` holds a control character other than tab, line feed or carriage return. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The path (`products.0.name`) of the first text in a parsed JSON value, or one of its keys, that
 * holds a control character; undefined when there is none. Walked without recursion, so a deeply
 * nested body cannot overflow the stack.
 */
export function controlCharacterField(value: unknown): string | undefined {
  const pending: [value: unknown, path: string][] = [[value, ""]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === "string") {
      if (hasControlCharacter(item)) return path;
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasControlCharacter(key)) return path || key;
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/** 400 naming the field, when any text the request carries holds a control character. */
export async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.query, request.params, request.body]) {
    const field = controlCharacterField(part);
    if (field !== undefined) throw controlCharactersError(field || "corpul cererii");
  }
}

export function controlCharactersError(field: string): HttpError {
  const problem = fieldControlCharacters(field);
  return new HttpError(400, `${messages.invalidData}: ${problem}.`, { [field]: problem });
}
