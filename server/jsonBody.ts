/**
 * The JSON body parser of every route: Fastify's own (secure-json-parse, prototype poisoning
 * refused) after one linear scan of the text, which refuses a body nested deeper or holding more
 * values than any real request does, before anything builds or walks it. JSON.parse itself is
 * fast on a wide body and slow on a deep one (seconds at 450,000 nested arrays), and every check
 * after it — the refused characters' walk, validation, the problems' description — costs what
 * the body holds; bounded here, each stays a few milliseconds within the route's byte limit
 * (bodyLimits.ts).
 *
 * The scan also notes whether a refused character (controlCharacters.ts) appears anywhere in the
 * text, raw or as a \u escape, and how many values the body holds (bodyShape.ts), so that the
 * walk naming the field runs only for a body that has one.
 *
 *   app.addContentTypeParser("application/json", { parseAs: "string" }, jsonBodyParser(app));
 */
import type { FastifyBodyParser, FastifyInstance } from "fastify";
import { type BodyShape, recordBodyShape } from "./bodyShape";
import { isRefusedCharacter } from "./controlCharacters";
import { HttpError } from "./errors";
import { messages } from "./messages";

/**
 * The deepest a body may nest: the deepest real one is an invoice sent back with its lines
 * (object → products → line → value), four levels.
 */
export const MAX_BODY_DEPTH = 32;
/**
 * The most values and keys a body may hold: an invoice of 400 lines sent back whole (about 30
 * per line) is some 12,000.
 */
export const MAX_BODY_ITEMS = 30_000;
/**
 * The most keys one object may have: the largest form has some 40. V8 builds an object of many
 * distinct keys slowly (tens of milliseconds for 24,000), where as many keys spread over objects
 * of a few each cost nothing.
 */
export const MAX_OBJECT_KEYS = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const U = 0x75;

/** The body's shape, or undefined when it nests too deep, holds too much, or has an object of too many keys. */
export function scanJson(text: string): BodyShape | undefined {
  let depth = 0;
  let items = 0;
  // The keys counted in each open object, by depth (arrays count none).
  const keys = new Array<number>(MAX_BODY_DEPTH + 2).fill(0);
  let inString = false;
  let refusedCharacters = false;
  for (let i = 0, n = text.length; i < n; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === QUOTE) inString = false;
      else if (code === BACKSLASH) {
        if (text.charCodeAt(i + 1) === U) {
          if (isRefusedCharacter(Number.parseInt(text.slice(i + 2, i + 6), 16))) refusedCharacters = true;
          i += 5;
        } else i += 1;
      } else if ((code < 0x20 || code >= 0x7f) && isRefusedCharacter(code)) refusedCharacters = true;
      continue;
    }
    switch (code) {
      case QUOTE:
        inString = true;
        break;
      case 0x7b: // {
      case 0x5b: // [
        if (++depth > MAX_BODY_DEPTH) return undefined;
        if (++items > MAX_BODY_ITEMS) return undefined;
        keys[depth] = 0;
        break;
      case 0x7d: // }
      case 0x5d: // ]
        if (depth > 0) depth--;
        break;
      case 0x3a: // :
        if (depth > 0 && ++keys[depth] > MAX_OBJECT_KEYS) return undefined;
        if (++items > MAX_BODY_ITEMS) return undefined;
        break;
      case 0x2c: // ,
        if (++items > MAX_BODY_ITEMS) return undefined;
        break;
    }
  }
  return { refusedCharacters, items };
}

export function jsonBodyParser(app: FastifyInstance): FastifyBodyParser<string> {
  const parse = app.getDefaultJsonParser("error", "error") as (request: unknown, body: string, done: (error: Error | null, body?: unknown) => void) => void;
  return (request, text, done) => {
    const shape = scanJson(text);
    if (shape === undefined) {
      request.log.info({ bytes: text.length }, "a JSON body nested too deep or holding too many values was refused");
      done(new HttpError(400, messages.bodyTooComplex), undefined);
      return;
    }
    parse(request, text, (error, body) => {
      if (error === null) recordBodyShape(body, shape);
      done(error, body);
    });
  };
}
