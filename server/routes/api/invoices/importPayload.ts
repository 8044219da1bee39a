/**
 * The import's `payload` part: the form as JSON text (or JSON a multipart field already parsed),
 * checked against importPayloadSchema by the route's own validator compiler (the schema
 * Fastify compiles for a body, compiled once per route) since a multipart part is no body
 * Fastify validates itself.
 */
import type { FastifyRequest } from "fastify";
import { recordBodyShape } from "../../../bodyShape";
import { controlCharacterField, controlCharactersError } from "../../../controlCharacters";
import { HttpError } from "../../../errors";
import { scanJson } from "../../../jsonBody";
import { invoiceMessages } from "../../../messages";
import { describeValidation } from "../../../validation";
import { type FormBody, importPayloadSchema } from "../../../../contract/schemas/invoices";

/** The payload is a JSON text of a few hundred bytes; this is generous. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

export const payloadInvalid = () => new HttpError(400, invoiceMessages.payloadInvalid, { payload: invoiceMessages.payloadInvalid });

/** The payload's form, checked; {} when it was not sent. */
export function parsePayload(request: FastifyRequest, payload: unknown): FormBody {
  let value = payload;
  if (typeof payload === "string") {
    if (payload.trim() === "") return {};
    // Bounded as a JSON body is (jsonBody.ts) before it is parsed and walked.
    const shape = scanJson(payload);
    if (shape === undefined) throw payloadInvalid();
    try {
      value = JSON.parse(payload);
    } catch {
      throw payloadInvalid();
    }
    recordBodyShape(value, shape);
  }
  if (value === undefined || value === null) return {};
  const field = controlCharacterField(value);
  if (field !== undefined) throw controlCharactersError(field || "payload");
  const validate = request.compileValidationSchema(importPayloadSchema, "body");
  if (!validate(value)) {
    const { message, errors } = describeValidation(validate.errors ?? []);
    throw new HttpError(400, message, errors);
  }
  return value as FormBody;
}
