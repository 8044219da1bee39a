/**
 * A content-type parser that reads a request body to its end and keeps nothing, for routes
 * whose handlers never look at the body (or answer its absence themselves):
 *
 *   app.addContentTypeParser("*", discardBody);
 *
 * What such a route is sent is `{}` or nothing, so a body past BODY_LIMITS.unread is refused with
 * 413 as soon as its Content-Length or its bytes say so, and the connection is closed (Fastify
 * does so on a parser's error) rather than the rest read.
 */
import type { FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { BODY_LIMITS } from "../../bodyLimits";
import { HttpError } from "../../errors";
import { messages } from "../../messages";

export function discardBody(request: FastifyRequest, payload: Readable, done: (error: Error | null, body?: unknown) => void): void {
  const tooLarge = () => new HttpError(413, messages.payloadTooLarge);
  if (Number(request.headers["content-length"]) > BODY_LIMITS.unread) {
    done(tooLarge(), undefined);
    return;
  }
  let received = 0;
  const onData = (chunk: Buffer | string) => {
    received += chunk.length;
    if (received <= BODY_LIMITS.unread) return;
    payload.removeListener("data", onData);
    payload.removeListener("end", onEnd);
    payload.pause();
    done(tooLarge(), undefined);
  };
  const onEnd = () => done(null, undefined);
  payload.on("error", () => undefined);
  payload.on("data", onData);
  payload.on("end", onEnd);
}
