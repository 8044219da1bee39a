/**
 * The one way an import reads its upload (multipart/form-data): the workbook in the part named
 * `file`, whole and within MAX_FILE_BYTES, plus the few text parts the import names (the invoice
 * import's `payload`, which some clients send as a small file part, a JSON blob). Both imports
 * refuse a bad upload with the same ExcelError:
 *
 *   not multipart, no `file` part, an empty one     noFile
 *   a file over the limit                            tooLarge
 *   more files or fields than the import takes       tooManyParts
 *   a body that breaks off or is not multipart       noFile before the file, notExcel within it
 *
 * A text part that is too long or unreadable is the import's own error (`fieldError`).
 *
 *   const upload = uploadReader({ fields: ["payload"], maxFieldBytes: 64 * 1024, fieldError });
 *   await upload.accept(app);                 // in the import route's own scope
 *   const { file, fields } = await upload.read(request);
 */
import multipart, { type Multipart } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../errors";
import { messages } from "../messages";
import { discardBody } from "../routes/api/discardBody";
import { ExcelError, excelError, MAX_FILE_BYTES } from "./errors";

/** Text fields a client may send beside the ones an import reads (ignored, but not refused). */
const SPARE_FIELDS = 5;
/** A text part's default bound: the invoice payload is a few hundred bytes. */
const DEFAULT_MAX_FIELD_BYTES = 64 * 1024;

export interface UploadOptions<Field extends string> {
  /** The text parts read besides `file`; each may also come as a file part. */
  fields?: readonly Field[];
  maxFieldBytes?: number;
  /** The refusal of a text part that is too long or unreadable. */
  fieldError?: (field: Field) => Error;
}

export interface Upload<Field extends string> {
  file: Buffer;
  /** The named text parts that were sent: text, or the parsed JSON of a field sent as application/json. */
  fields: Partial<Record<Field, unknown>>;
}

export interface UploadReader<Field extends string> {
  /** Registers multipart with the limits, and drains any other body type so the route answers noFile rather than 415. */
  accept(app: FastifyInstance): Promise<void>;
  read(request: FastifyRequest): Promise<Upload<Field>>;
}

export function uploadReader<Field extends string = never>(options: UploadOptions<Field> = {}): UploadReader<Field> {
  const names = new Set<string>(options.fields ?? []);
  const maxFieldBytes = options.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES;
  const fieldError = (field: Field) => options.fieldError?.(field) ?? new HttpError(400, messages.badRequest);
  const files = 1 + names.size;
  const fields = names.size + SPARE_FIELDS;

  return {
    async accept(app) {
      await app.register(multipart, {
        limits: { fileSize: MAX_FILE_BYTES, files, fields, parts: files + fields, fieldSize: maxFieldBytes },
      });
      app.addContentTypeParser("*", discardBody);
    },

    async read(request) {
      if (!request.isMultipart()) throw excelError("noFile");
      let file: Buffer | undefined;
      const values: Partial<Record<Field, unknown>> = {};
      let readingFile = false;
      let refusal: Error | undefined;
      const refuseField = (field: Field) => {
        refusal = fieldError(field);
        return refusal;
      };
      try {
        for await (const part of request.parts() as AsyncIterable<Multipart>) {
          const field = part.fieldname as Field;
          if (part.type === "field") {
            if (names.has(field)) {
              if (part.valueTruncated) throw refuseField(field);
              values[field] = part.value;
            }
          } else if (field === "file" && file === undefined) {
            readingFile = true;
            file = await part.toBuffer();
            readingFile = false;
            if (part.file.truncated) throw excelError("tooLarge");
          } else if (names.has(field) && values[field] === undefined) {
            const text = await part.toBuffer();
            if (text.length > maxFieldBytes) throw refuseField(field);
            values[field] = text.toString("utf8");
          } else {
            part.file.resume();
          }
        }
      } catch (error) {
        if (error instanceof ExcelError || (refusal !== undefined && error === refusal)) throw error;
        const code = (error as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw excelError("tooLarge");
        if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") throw excelError("tooManyParts");
        // A field sent as application/json that is not JSON: its name is not in the error.
        if (code === "FST_INVALID_JSON_FIELD_ERROR" && names.size > 0) throw fieldError([...names][0] as Field);
        throw excelError(readingFile ? "notExcel" : "noFile");
      }
      if (!file || file.length === 0) throw excelError("noFile");
      return { file, fields: values };
    },
  };
}
