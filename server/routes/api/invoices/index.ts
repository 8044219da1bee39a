/**
 * /api/smartbill/invoice: invoices imported from the import form and a workbook of product
 * lines ('SmartBill - Import Factură'), their list, and their edit screen (form and lines), for
 * the invoicing role and the super-admin (role matrix row `invoices`). Sending is send.ts.
 *
 *   POST   /import                 multipart `file` + `payload` (JSON of InvoiceForm): InvoiceImportResult
 *   GET    /                       Invoice[] (no lines), or {content, totalElements} with page/size; ?status=
 *   GET    /{id}                   Invoice with `products`
 *   PUT    /{id}                   InvoiceUpdate → the Invoice; 409 when stale or already sent
 *   POST   /{invoiceId}/product    a line → ProductLine
 *   PUT    /product/{id}           a line → ProductLine
 *   DELETE /product/{id}           {message}
 *
 * Versions: the form's PUT carries the version it was edited from and bumps it. Line writes do
 * NOT change the version (they touch updatedAt only): the edit screen saves the form and the
 * lines separately, the form auto-saving with the version it loaded, so a line added in the
 * 'Produse' tab would otherwise make the form's next auto-save a false conflict. Each line
 * write is whole and atomic on its own, and a line already deleted answers 404.
 *
 * Multipart is registered in this scope only (one workbook of at most 20 MiB and the payload).
 */
import multipart, { type Multipart } from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type {
  Invoice,
  InvoiceForm,
  InvoiceImportResult,
  InvoiceStatus,
  InvoiceUpdate,
  ListParams,
  MessageResponse,
  Page,
  ProductLine,
} from "../../../../contract/api";
import { INVOICE_DEFAULTS, MAX_INVOICE_LINES, PRODUCT_LINE_DEFAULTS } from "../../../../contract/constants";
import { controlCharacterField, controlCharactersError } from "../../../controlCharacters";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../errors";
import { ExcelError, excelError, MAX_FILE_BYTES } from "../../../excel/errors";
import { ignoredColumnsAnswer } from "../../../excel/ignoredColumns";
import { invoiceLinesFull, invoiceMessages, invoiceRowsRejected, messages } from "../../../messages";
import { requireRole } from "../../../plugins/requireRole";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { describeValidation, validatorCompiler } from "../../../validation";
import { listQuerystringFor } from "../listQuery";
import {
  cleanQuantity,
  completeTax,
  type LineDefaults,
  type PendingLine,
  readInvoiceLines,
  roundPrice,
} from "./invoiceLines";
import {
  countLines,
  customerExists,
  deleteLine,
  findInvoiceState,
  findLineInvoice,
  getInvoice,
  insertInvoice,
  insertLine,
  type InvoiceState,
  invoiceList,
  listInvoices,
  lockEditableInvoice,
  updateInvoiceForm,
  updateLine,
} from "./invoices.repository";
import {
  importPayloadSchema,
  invoiceIdParams,
  invoiceUpdateSchema,
  lineIdParams,
  lineInvoiceParams,
  productLineSchema,
} from "./schemas";
import { findWarehouse } from "../warehouses/warehouses.repository";
import { readTaxList } from "./vatRates";

/** The form as it may arrive: any field missing or null (the import) or all present (PUT). */
type FormBody = { [K in keyof InvoiceForm]?: InvoiceForm[K] | null };
type UpdateBody = FormBody & Pick<InvoiceUpdate, "version"> & { id?: number };
interface LineBody {
  id?: number;
  invoiceId?: number;
  name: string | null;
  code: string | null;
  quantity: number;
  price: number;
  measuringUnitName?: string | null;
  currency?: string | null;
  taxName?: string | null;
  taxPercentage?: number | null;
  saveToDb?: boolean | null;
  service?: boolean | null;
  warehouseName?: string | null;
}

const listSchema = listQuerystringFor(invoiceList);
/** The payload is a JSON text of a few hundred bytes; this is generous. */
const MAX_PAYLOAD_BYTES = 64 * 1024;
const validatePayload = validatorCompiler({ schema: importPayloadSchema, httpPart: "body", method: "POST", url: "/import" }) as ((
  value: unknown,
) => boolean) & { errors?: Parameters<typeof describeValidation>[0] | null };

export const invoiceRoutes: FastifyPluginAsync = async (app) => {
  // onRequest: a caller without the role is refused before the body is even read.
  app.addHook("onRequest", requireRole("invoices"));
  await app.register(multipart, {
    // `payload` may come as a field, or as a JSON blob (a second file part) as some clients send it.
    limits: { fileSize: MAX_FILE_BYTES, files: 2, fields: 5, parts: 7, fieldSize: MAX_PAYLOAD_BYTES },
  });

  app.post("/import", async (request, reply) => {
    try {
      const upload = await readUpload(request);
      const form = checkForm(parsePayload(upload.payload), "import");
      const warehouseName = await checkReferences(app.db, request.tenantId, form);
      const defaults: LineDefaults = { currency: form.currency, saveToDb: form.saveToDb, warehouseName };
      const reading = await readInvoiceLines(upload.file, defaults, { taxes: () => readTaxList(app.db, request.tenantId, app.smartBillUrls, request.log) });
      const ignored = ignoredColumnsAnswer(reading.ignoredColumns);
      const withIgnored = (message: string) => (ignored ? `${message} ${ignored.note}` : message);
      const ignoredColumns = ignored ? { ignoredColumns: ignored.named, ignoredColumnsNote: ignored.note } : {};
      if (!reading.ok) {
        const message = withIgnored(invoiceRowsRejected(reading.rejected.length));
        const body: InvoiceImportResult & { message: string } = { error: true, message, errorMessage: message, rejected: reading.rejected, ...ignoredColumns };
        return reply.code(400).send(body);
      }
      const id = await app.db.transaction().execute((trx) => insertInvoice(trx, request.tenantId, form, reading.lines));
      const result: InvoiceImportResult = {
        error: false,
        importRequestId: id,
        message: withIgnored(invoiceMessages.imported),
        lines: reading.lines.length,
        ...ignoredColumns,
      };
      return result;
    } catch (error) {
      return refuseImport(error, reply);
    }
  });

  app.get<{ Querystring: ListParams & { status?: InvoiceStatus; clientId?: number }; Reply: Invoice[] | Page<Invoice> }>(
    "/",
    { schema: { querystring: listSchema } },
    (request) => listInvoices(app.db, request.tenantId, request.query),
  );

  app.get<{ Params: { id: number }; Reply: Invoice }>("/:id", { schema: { params: invoiceIdParams } }, async (request) => {
    const invoice = await getInvoice(app.db, request.tenantId, request.params.id);
    if (!invoice) throw new HttpError(404, invoiceMessages.notFound);
    return invoice;
  });

  app.put<{ Params: { id: number }; Body: UpdateBody }>(
    "/:id",
    { schema: { params: invoiceIdParams, body: invoiceUpdateSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const { tenantId } = request;
      const body = request.body;
      if (body.id !== undefined && body.id !== id) throw new HttpError(400, invoiceMessages.invoiceIdMismatch);
      const state = await findInvoiceState(app.db, tenantId, id);
      if (!state) throw new HttpError(404, invoiceMessages.notFound);
      refuseFrozen(state.status);
      if (state.version !== body.version) return stale(reply, state.version);
      const form = checkForm(body, "update");
      await checkReferences(app.db, tenantId, form);
      if (!(await updateInvoiceForm(app.db, tenantId, id, body.version, form))) {
        // Changed between the read and the write: say why, as it is now.
        const now = await findInvoiceState(app.db, tenantId, id);
        if (!now) throw new HttpError(404, invoiceMessages.notFound);
        refuseFrozen(now.status);
        return stale(reply, now.version);
      }
      return (await getInvoice(app.db, tenantId, id))!;
    },
  );

  app.post<{ Params: { invoiceId: number }; Body: LineBody; Reply: ProductLine }>(
    "/:invoiceId/product",
    { schema: { params: lineInvoiceParams, body: productLineSchema } },
    async (request) => {
      const { invoiceId } = request.params;
      const { tenantId } = request;
      if (request.body.invoiceId !== undefined && request.body.invoiceId !== invoiceId) {
        throw new HttpError(400, invoiceMessages.invoiceIdMismatch);
      }
      const state = await findInvoiceState(app.db, tenantId, invoiceId);
      if (!state) throw new HttpError(404, invoiceMessages.notFound);
      refuseFrozen(state.status);
      const line = await checkLine(request, request.body, state);
      return app.db.transaction().execute(async (trx) => {
        await lockOrRefuse(trx, tenantId, invoiceId);
        if ((await countLines(trx, invoiceId)) >= MAX_INVOICE_LINES) throw new HttpError(400, invoiceLinesFull(MAX_INVOICE_LINES));
        return insertLine(trx, invoiceId, line);
      });
    },
  );

  app.put<{ Params: { id: number }; Body: LineBody; Reply: ProductLine }>(
    "/product/:id",
    { schema: { params: lineIdParams, body: productLineSchema } },
    async (request) => {
      const { id } = request.params;
      const { tenantId } = request;
      if (request.body.id !== undefined && request.body.id !== id) throw new HttpError(400, invoiceMessages.lineIdMismatch);
      const state = await findLineInvoice(app.db, tenantId, id);
      if (!state) throw new HttpError(404, invoiceMessages.lineNotFound);
      if (request.body.invoiceId !== undefined && request.body.invoiceId !== state.id) {
        throw new HttpError(400, invoiceMessages.lineInvoiceMismatch);
      }
      refuseFrozen(state.status);
      const line = await checkLine(request, request.body, state);
      return app.db.transaction().execute(async (trx) => {
        await lockOrRefuse(trx, tenantId, state.id);
        const updated = await updateLine(trx, state.id, id, line);
        if (!updated) throw new HttpError(404, invoiceMessages.lineNotFound);
        return updated;
      });
    },
  );

  app.delete<{ Params: { id: number }; Reply: MessageResponse }>(
    "/product/:id",
    { schema: { params: lineIdParams } },
    async (request) => {
      const { id } = request.params;
      const { tenantId } = request;
      const state = await findLineInvoice(app.db, tenantId, id);
      if (!state) throw new HttpError(404, invoiceMessages.lineNotFound);
      refuseFrozen(state.status);
      await app.db.transaction().execute(async (trx) => {
        await lockOrRefuse(trx, tenantId, state.id);
        if (!(await deleteLine(trx, state.id, id))) throw new HttpError(404, invoiceMessages.lineNotFound);
      });
      return { message: invoiceMessages.lineDeleted };
    },
  );

  /** A line from the dialog, its defaults taken from its invoice; 400 with every problem. */
  async function checkLine(request: FastifyRequest, body: LineBody, invoice: InvoiceState) {
    const errors: Record<string, string> = {};
    const text = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
    const name = text(body.name);
    const code = text(body.code);
    if (!name) errors.name = invoiceMessages.lineNameRequired;
    if (!code) errors.code = invoiceMessages.lineCodeRequired;
    if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors).join(" "), errors);
    const warehouseName =
      text(body.warehouseName) ||
      (invoice.warehouseId === null ? "" : ((await findWarehouse(app.db, request.tenantId, invoice.warehouseId))?.warehouseName ?? ""));
    const pending: PendingLine = {
      name,
      code,
      quantity: cleanQuantity(body.quantity),
      price: roundPrice(body.price),
      measuringUnitName: text(body.measuringUnitName) || PRODUCT_LINE_DEFAULTS.measuringUnitName,
      currency: (text(body.currency) || invoice.currency).toUpperCase(),
      taxName: text(body.taxName) || PRODUCT_LINE_DEFAULTS.taxName,
      taxPercentage: body.taxPercentage ?? undefined,
      saveToDb: body.saveToDb ?? invoice.saveToDb,
      service: body.service ?? PRODUCT_LINE_DEFAULTS.service,
      warehouseName,
    };
    const taxes = pending.taxPercentage === undefined ? await readTaxList(app.db, request.tenantId, app.smartBillUrls, request.log) : null;
    const complete = completeTax(pending, taxes);
    if (!complete.ok) throw new HttpError(400, complete.reason, { taxPercentage: complete.reason });
    return complete.line;
  }
};

/** 409 for an invoice that is being sent or was sent: nothing of it may change any more. */
function refuseFrozen(status: InvoiceStatus): void {
  if (status === "sent") throw new HttpError(409, invoiceMessages.sent);
  if (status === "sending") throw new HttpError(409, invoiceMessages.sending);
}

function stale(reply: FastifyReply, version: number) {
  return reply.code(409).send({ message: invoiceMessages.stale, version });
}

/** The invoice's row lock for a line write; 404 or 409 (sent meanwhile) when it cannot be had. */
async function lockOrRefuse(trx: Kysely<Database>, tenantId: number, invoiceId: number): Promise<void> {
  if (await lockEditableInvoice(trx, tenantId, invoiceId)) return;
  const now = await findInvoiceState(trx, tenantId, invoiceId);
  if (!now) throw new HttpError(404, invoiceMessages.notFound);
  refuseFrozen(now.status);
  throw new HttpError(409, invoiceMessages.stale);
}

/**
 * The form trimmed, defaulted and checked. On import a missing, null or blank field takes the
 * spec's default (issue date: today in Romania); on update the schema requires every field and a
 * blank series, currency or language is refused. 400 with every problem.
 */
function checkForm(body: FormBody, mode: "import" | "update"): InvoiceForm {
  const errors: Record<string, string> = {};
  const text = (value: string | null | undefined) => (value ?? "").trim();
  const required = (field: "seriesName" | "currency" | "language", message: string) => {
    const value = text(body[field]);
    if (value) return value;
    if (mode === "import") return INVOICE_DEFAULTS[field];
    errors[field] = message;
    return "";
  };
  const issueDate = text(body.issueDate) || (mode === "import" ? romanianDate(Date.now()) : "");
  if (!isCalendarDate(issueDate)) errors.issueDate = invoiceMessages.issueDateInvalid;
  const form: InvoiceForm = {
    clientId: body.clientId ?? null,
    warehouseId: body.warehouseId ?? null,
    issueDate,
    dueDays: body.dueDays ?? INVOICE_DEFAULTS.dueDays,
    useStock: body.useStock ?? INVOICE_DEFAULTS.useStock,
    mentions: text(body.mentions),
    observations: text(body.observations),
    draft: body.draft ?? INVOICE_DEFAULTS.draft,
    saveToDb: body.saveToDb ?? INVOICE_DEFAULTS.saveToDb,
    seriesName: required("seriesName", invoiceMessages.seriesRequired),
    currency: required("currency", invoiceMessages.currencyRequired).toUpperCase(),
    language: required("language", invoiceMessages.languageRequired).toUpperCase(),
    precision: body.precision ?? INVOICE_DEFAULTS.precision,
  };
  if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors).join(" "), errors);
  return form;
}

/** yyyy-mm-dd naming a day that exists. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The client and the warehouse must be the tenant's; answers the warehouse's name ('' without one). */
async function checkReferences(db: Kysely<Database>, tenantId: number, form: InvoiceForm): Promise<string> {
  const errors: Record<string, string> = {};
  if (form.clientId !== null && !(await customerExists(db, tenantId, form.clientId))) errors.clientId = invoiceMessages.clientUnknown;
  let warehouseName = "";
  if (form.warehouseId !== null) {
    const name = (await findWarehouse(db, tenantId, form.warehouseId))?.warehouseName;
    if (name === undefined) errors.warehouseId = invoiceMessages.warehouseUnknown;
    else warehouseName = name;
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors).join(" "), errors);
  return warehouseName;
}

/** The payload field's JSON, checked against the schema; {} when it was not sent. */
function parsePayload(payload: unknown): FormBody {
  let value = payload;
  if (typeof payload === "string") {
    if (payload.trim() === "") return {};
    try {
      value = JSON.parse(payload);
    } catch {
      throw new HttpError(400, invoiceMessages.payloadInvalid, { payload: invoiceMessages.payloadInvalid });
    }
  }
  if (value === undefined || value === null) return {};
  const field = controlCharacterField(value);
  if (field !== undefined) throw controlCharactersError(field || "payload");
  if (!validatePayload(value)) {
    const { message, errors } = describeValidation(validatePayload.errors ?? []);
    throw new HttpError(400, message, errors);
  }
  return value as FormBody;
}

/** The multipart parts: the workbook (`file`, whole, within the limits) and the `payload`. */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; payload: unknown }> {
  if (!request.isMultipart()) throw excelError("noFile");
  let file: Buffer | undefined;
  let payload: unknown;
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type === "field") {
        if (part.fieldname === "payload") {
          if (part.valueTruncated) throw new HttpError(400, invoiceMessages.payloadInvalid);
          payload = part.value;
        }
        continue;
      }
      if (part.fieldname === "file" && file === undefined) {
        file = await part.toBuffer();
        if (part.file.truncated) throw excelError("tooLarge");
      } else if (part.fieldname === "payload" && payload === undefined) {
        const json = await part.toBuffer();
        if (json.length > MAX_PAYLOAD_BYTES) throw new HttpError(400, invoiceMessages.payloadInvalid);
        payload = json.toString("utf8");
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof ExcelError || error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw excelError("tooLarge");
    if (code === "FST_INVALID_JSON_FIELD_ERROR") throw new HttpError(400, invoiceMessages.payloadInvalid);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new HttpError(400, messages.badRequest);
    }
    throw excelError("notExcel");
  }
  if (!file || file.length === 0) throw excelError("noFile");
  return { file, payload };
}

/** A refused import: 400 in the import result's shape (with `message` too), nothing written. */
function refuseImport(error: unknown, reply: FastifyReply) {
  if (!(error instanceof ExcelError) && !(error instanceof HttpError)) throw error;
  const status = error instanceof HttpError ? error.statusCode : 400;
  const errors = error instanceof HttpError ? error.errors : undefined;
  const body: InvoiceImportResult & { message: string; errors?: Record<string, string> } = {
    message: error.message,
    error: true,
    errorMessage: error.message,
    rejected: [],
    ...(errors ? { errors } : {}),
  };
  return reply.code(status).send(body);
}
