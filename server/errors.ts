/**
 * Every error leaves the server as JSON `{ message, errors? }` with a true status code
 * (DESIGN.md, "Errors"). Route code throws HttpError for the answers it means; validation and
 * Fastify's own client errors get a Romanian message; anything else is a 500 whose details go
 * to the log, never to the client.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "../contract/api";
import { storageProblem } from "./db/unavailable";
import { messages } from "./messages";
import { describeValidation } from "./validation";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * 429 for a throttled caller: `message(minutes)` names the minutes left (rounded up), and
 * Retry-After gives the seconds.
 */
export function throttled(lockedMs: number, message: (minutes: number) => string): HttpError {
  const seconds = Math.ceil(lockedMs / 1000);
  return new HttpError(429, message(Math.ceil(seconds / 60)), undefined, {
    "retry-after": String(seconds),
  });
}

/** Fastify's own client errors, by code, in Romanian. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.emptyBody,
  FST_ERR_CTP_INVALID_JSON_BODY: messages.malformedJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.payloadTooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.badRequest,
};

/** When a client error carries a code we have not named, its status still gets a sentence. */
const STATUS_MESSAGES: Record<number, string> = {
  400: messages.badRequest,
  401: messages.authenticationRequired,
  404: messages.notFound,
  405: messages.methodNotAllowed,
  413: messages.payloadTooLarge,
  415: messages.unsupportedMediaType,
};

export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    return reply.code(error.statusCode).send(body(error.message, error.errors));
  }
  if (error.validation) {
    const { message, errors } = describeValidation(error.validation);
    return reply.code(400).send(body(message, errors));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      FASTIFY_MESSAGES[error.code] ?? STATUS_MESSAGES[status] ?? messages.badRequest;
    return reply.code(status).send(body(message));
  }
  // The database away or its disk full: not this request's fault, and worth retrying shortly.
  const problem = storageProblem(error);
  if (problem) {
    request.log.error({ err: error, storage: problem }, `request failed: ${problem}`);
    return reply.code(503).header("retry-after", "5").send(body(messages.serviceUnavailable));
  }
  request.log.error({ err: error }, "request failed");
  return reply.code(500).send(body(messages.internalError));
}

function body(message: string, errors?: Record<string, string>): ApiError {
  return errors ? { message, errors } : { message };
}
