/**
 * How many bytes a request body may have, by what the route reads: each limit is the largest
 * real body of its routes with a margin, so that no request costs more than what it may
 * legitimately hold (reading, parsing, validating; jsonBody.ts bounds the shape within it).
 *
 *   unread     a route that does not read its body, a 404, anything not sized below
 *   public     /dmz-api: sign-in, refresh, sign-out, the password links (an address, a token, a
 *              password: a few hundred bytes, and every character \u-escaped fits); the contact
 *              form names its own (routes/dmz/contact.ts)
 *   api        /api: the largest is an e-mail with its 10,000-character text
 *   invoice    PUT /api/.../invoice/{id}: the form sent back with up to 400 lines
 *   paste      POST /api/.../invoice/{id}/paste: a block pasted from a spreadsheet, up to the
 *              2,000,000 characters its schema takes, each up to 3 bytes in UTF-8 (a BMP letter;
 *              a tab, a line break or a quote is 2 in JSON)
 *   emulator   the demo's SmartBill emulator, which takes an invoice of 400 lines
 *
 * A body past its limit is answered 413 as soon as its Content-Length says so, or as soon as that
 * many bytes have arrived, and the connection is closed: the rest is never read.
 */
import type { FastifyInstance } from "fastify";

export const BODY_LIMITS = {
  unread: 16 * 1024,
  public: 8 * 1024,
  api: 128 * 1024,
  invoice: 1024 * 1024,
  paste: 6 * 1024 * 1024 + 1024,
  emulator: 1024 * 1024,
} as const;

/** Every route added in `app`'s scope from now on, that names no limit of its own, gets `limit`. */
export function defaultBodyLimit(app: FastifyInstance, limit: number): void {
  app.addHook("onRoute", (route) => {
    route.bodyLimit ??= limit;
  });
}
