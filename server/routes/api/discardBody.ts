/**
 * A content-type parser that reads a request body to its end and keeps nothing, for routes
 * whose handlers never look at the body (or answer its absence themselves):
 *
 *   app.addContentTypeParser("*", discardBody);
 */
import type { FastifyRequest } from "fastify";
import type { Readable } from "node:stream";

export function discardBody(_request: FastifyRequest, payload: Readable, done: (error: Error | null, body?: unknown) => void): void {
  payload.on("error", () => undefined);
  payload.resume();
  payload.on("end", () => done(null, undefined));
}
